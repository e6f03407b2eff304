#pragma once
#include <QString>
#include <QTextStream>

namespace burstlab {

// stdout for results, stderr for progress and errors; every error line names
// the subcommand so a script's log says where it came from. Untrusted text
// reaches neither raw: stdout on a terminal and every warning and error
// pass SafeText.
class CliOutput {
  public:
    static QTextStream &out();
    static QTextStream &err();
    // "warning: ..." lines and the like, which may quote untrusted text.
    static void warn(const QString &line);
    // Prints "burstlab-cli COMMAND: MESSAGE" to stderr and returns code.
    static int error(const QString &command, int code, const QString &message);
    static int usageError(const QString &command, const QString &message);
    static bool stderrIsTerminal();
};

} // namespace burstlab
