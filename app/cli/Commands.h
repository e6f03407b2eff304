#pragma once
#include <QStringList>

namespace burstlab {

// One function per subcommand: takes the arguments after its name, returns
// the exit code (util/ExitCode.h).
int sweepCommand(const QStringList &args);
int runsCommand(const QStringList &args);
int showCommand(const QStringList &args);
int compareCommand(const QStringList &args);
int exportCommand(const QStringList &args);
int importCommand(const QStringList &args);
int checklistCommand(const QStringList &args);
int engineInfoCommand(const QStringList &args);
int hostRestoreCommand(const QStringList &args);
int tryFixCommand(const QStringList &args);
int parametersCommand(const QStringList &args);
int storeCommand(const QStringList &args);

} // namespace burstlab
