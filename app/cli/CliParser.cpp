#include "CliParser.h"
#include "CliOutput.h"
#include "util/ExitCode.h"

namespace burstlab {

CliParser::CliParser(const QString &command, const QString &description) : m_command(command) {
    m_parser.setApplicationDescription(description);
    m_parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    m_parser.addHelpOption();
    m_parser.addOption(QCommandLineOption(
        QStringLiteral("db"),
        QStringLiteral("The run store: a SQLite file (default: the user's data folder) or a "
                       "PostgreSQL database (postgresql://USER@HOST/DB or service=NAME)."),
        QStringLiteral("STORE")));
}

void CliParser::addPositional(const QString &name, const QString &description,
                              const QString &syntax) {
    m_parser.addPositionalArgument(name, description, syntax);
}

QString CliParser::exitCodeHelp() {
    return QStringLiteral("Exit codes:\n"
                          "  0    success\n"
                          "  1    the command failed (for example: no such run, or a sweep\n"
                          "       whose every repetition was invalid)\n"
                          "  2    usage error, or a value the engine does not accept\n"
                          "  3    the engine failed: did not start, crashed, hung, garbage\n"
                          "  4    the run store could not be opened, read or written\n"
                          "  5    a sweep's PostgreSQL store did not come back: the run\n"
                          "       completed in a local file, and stderr says how to move it\n"
                          "  130  interrupted by SIGINT or SIGTERM (the run is kept as "
                          "interrupted)\n");
}

std::optional<int> CliParser::parse(const QStringList &args, int minPositional, int maxPositional) {
    // QCommandLineParser takes the first element as the program name.
    if (!m_parser.parse(QStringList{QStringLiteral("burstlab-cli ") + m_command} + args))
        return CliOutput::usageError(m_command, m_parser.errorText());
    if (m_parser.isSet(QStringLiteral("help"))) {
        // Qt names the program by argv[0]; the usage line names the command.
        QString help = m_parser.helpText();
        const qsizetype options = help.indexOf(QLatin1String(" [options]"));
        if (options > 0)
            help.replace(0, options,
                         QStringLiteral("Usage: burstlab-cli [--db STORE] ") + m_command);
        CliOutput::out() << help << '\n' << exitCodeHelp();
        return ExitOk;
    }
    const int n = int(positional().size());
    if (n < minPositional)
        return CliOutput::usageError(m_command, QStringLiteral("missing argument (see --help)"));
    if (maxPositional >= 0 && n > maxPositional)
        return CliOutput::usageError(
            m_command,
            QStringLiteral("unexpected argument '%1'").arg(positional().at(maxPositional)));
    return std::nullopt;
}

namespace {
// --name's value read by parse and checked against min..max; fallback when
// the option is not given.
template <typename T, typename Parse>
std::optional<T> ranged(const CliParser &p, const QString &name, T fallback, T min, T max,
                        const QString &kind, Parse parse, QString *error) {
    if (!p.isSet(name))
        return fallback;
    bool ok = false;
    const QString text = p.value(name);
    const T v = parse(text, &ok);
    if (!ok || !(v >= min && v <= max)) {
        *error =
            QStringLiteral("--%1 %2: must be %3 in %4..%5").arg(name, text, kind).arg(min).arg(max);
        return std::nullopt;
    }
    return v;
}
} // namespace

std::optional<qint64> CliParser::integer(const QString &name, qint64 fallback, qint64 min,
                                         qint64 max, QString *error) const {
    return ranged<qint64>(
        *this, name, fallback, min, max, QStringLiteral("an integer"),
        [](const QString &text, bool *ok) { return text.toLongLong(ok); }, error);
}

std::optional<qint64> CliParser::integer(const QString &name, qint64 fallback,
                                         QString *error) const {
    if (!isSet(name))
        return fallback;
    bool ok = false;
    const QString text = value(name);
    const qint64 v = text.toLongLong(&ok);
    if (!ok) {
        *error = QStringLiteral("--%1 %2: must be an integer").arg(name, text);
        return std::nullopt;
    }
    return v;
}

std::optional<double> CliParser::number(const QString &name, double fallback, double min,
                                        double max, QString *error) const {
    return ranged<double>(
        *this, name, fallback, min, max, QStringLiteral("a number"),
        [](const QString &text, bool *ok) { return text.toDouble(ok); }, error);
}

} // namespace burstlab
