#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "util/ExitCode.h"
#include "util/Version.h"

#include <QCoreApplication>

using namespace burstlab;

namespace {

struct Subcommand {
    const char *name;
    int (*run)(const QStringList &);
    const char *summary;
};

const Subcommand kSubcommands[] = {
    {"sweep", sweepCommand, "run a sweep on the engine and store it"},
    {"runs", runsCommand, "list the stored runs"},
    {"show", showCommand, "show one run with its per-point statistics"},
    {"compare", compareCommand, "runs side by side, with deltas and verdicts"},
    {"export", exportCommand, "a run or a comparison as netdev text, CSV, JSON or Markdown"},
    {"import", importCommand, "store results from kernel pktgen or a netdev table"},
    {"checklist", checklistCommand, "probe this host's tuning checklist"},
    {"try-fix", tryFixCommand, "a checklist item's fix as a sweep: does it matter here?"},
    {"engine-info", engineInfoCommand, "start the engine and print its hello"},
    {"host-restore", hostRestoreCommand, "put back host settings a killed engine left"},
    {"parameters", parametersCommand, "the engine's step parameters: ranges, defaults, meaning"},
    {"store", storeCommand, "store copy SRC DST: every run into another store; store copies"},
};

QString usage() {
    QString text = QStringLiteral("Usage: burstlab-cli [--db STORE] COMMAND [options]\n\n"
                                  "Commands:\n");
    for (const Subcommand &s : kSubcommands)
        text += QStringLiteral("  %1 %2\n")
                    .arg(QLatin1String(s.name), -12)
                    .arg(QLatin1String(s.summary));
    text += QStringLiteral(
        "\nGlobal options:\n"
        "  --db STORE   the run store: a SQLite file (default: the user's data\n"
        "               folder) or a PostgreSQL database (postgresql://USER@HOST/DB,\n"
        "               service=NAME); passwords from ~/.pgpass or PGPASSWORD\n"
        "  --help       this text; COMMAND --help for a command's options\n"
        "  --version    the version\n\n");
    return text + CliParser::exitCodeHelp();
}

} // namespace

int main(int argc, char **argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("burstlab"));
    QCoreApplication::setApplicationVersion(versionString());
    QStringList args = app.arguments().mid(1);
    // The global --db may come before the command; it is passed on to it.
    QStringList global;
    while (!args.isEmpty() && args.first().startsWith(QLatin1Char('-'))) {
        const QString a = args.takeFirst();
        if (a == QLatin1String("--help") || a == QLatin1String("-h")) {
            CliOutput::out() << usage();
            return ExitOk;
        }
        if (a == QLatin1String("--version")) {
            CliOutput::out() << "burstlab-cli " << versionString() << '\n';
            return ExitOk;
        }
        if (a == QLatin1String("--db") && !args.isEmpty())
            global << a << args.takeFirst();
        else if (a.startsWith(QLatin1String("--db=")))
            global << a;
        else
            return CliOutput::usageError(
                QString(), QStringLiteral("unknown global option '%1' (see --help)").arg(a));
    }
    if (args.isEmpty())
        return CliOutput::usageError(QString(), QStringLiteral("no command given (see --help)"));
    const QString name = args.takeFirst();
    for (const Subcommand &s : kSubcommands) {
        if (name == QLatin1String(s.name))
            return s.run(global + args);
    }
    return CliOutput::usageError(QString(),
                                 QStringLiteral("unknown command '%1' (see --help)").arg(name));
}
