#pragma once
#include <QString>
#include <QTextStream>

namespace burstlab {

// stdout for results, stderr for progress and errors; every error line names
// the subcommand so a script's log says where it came from.
class CliOutput {
  public:
    static QTextStream &out();
    static QTextStream &err();
    // Prints "burstlab-cli COMMAND: MESSAGE" to stderr and returns code.
    static int error(const QString &command, int code, const QString &message);
    static int usageError(const QString &command, const QString &message);
    static bool stderrIsTerminal();
};

} // namespace burstlab
