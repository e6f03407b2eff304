#pragma once
#include <QCommandLineParser>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// QCommandLineParser for one subcommand, with the options every subcommand
// shares (--db, --help) and burstlab-cli's error conventions: a usage error
// prints what was wrong and exits 2; --help prints the exit codes too.
class CliParser {
  public:
    CliParser(const QString &command, const QString &description);

    QCommandLineParser &parser() { return m_parser; }
    void addOption(const QCommandLineOption &option) { m_parser.addOption(option); }
    void addPositional(const QString &name, const QString &description, const QString &syntax);

    // Parses args (without the program and subcommand names). Returns the exit
    // code to leave with (help: 0, errors: 2), or nullopt to go on.
    std::optional<int> parse(const QStringList &args, int minPositional, int maxPositional);

    bool isSet(const QString &name) const { return m_parser.isSet(name); }
    QString value(const QString &name) const { return m_parser.value(name); }
    QStringList values(const QString &name) const { return m_parser.values(name); }
    QStringList positional() const { return m_parser.positionalArguments(); }
    QString db() const { return m_parser.value(QStringLiteral("db")); }

    // An integer option in [min, max]; on error *error names the option and the value.
    std::optional<qint64> integer(const QString &name, qint64 fallback, qint64 min, qint64 max,
                                  QString *error) const;

    // An integer option whose range a rule checks (SweepRules); on error
    // *error names the option and the value.
    std::optional<qint64> integer(const QString &name, qint64 fallback, QString *error) const;

    // A number option in [min, max], the same way.
    std::optional<double> number(const QString &name, double fallback, double min, double max,
                                 QString *error) const;

    static QString exitCodeHelp();

  private:
    QString m_command;
    QCommandLineParser m_parser;
};

} // namespace burstlab
