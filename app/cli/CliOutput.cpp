#include "CliOutput.h"
#include "ExitCode.h"

#include <cstdio>
#include <unistd.h>

namespace burstlab {

QTextStream &CliOutput::out() {
    static QTextStream stream(stdout);
    return stream;
}

QTextStream &CliOutput::err() {
    static QTextStream stream(stderr);
    return stream;
}

int CliOutput::error(const QString &command, int code, const QString &message) {
    out().flush();
    err() << "burstlab-cli" << (command.isEmpty() ? QString() : QLatin1Char(' ') + command) << ": "
          << message << Qt::endl;
    return code;
}

int CliOutput::usageError(const QString &command, const QString &message) {
    return error(command, ExitUsage, message);
}

bool CliOutput::stderrIsTerminal() {
    return isatty(STDERR_FILENO) == 1;
}

} // namespace burstlab
