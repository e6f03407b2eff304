#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace burstlab {

// Process bookkeeping for fault tests, from /proc and waitpid().
namespace Processes {

// Orphans of the processes this test starts (an engine whose CLI was
// killed) become its children, so their exit status can be read.
bool becomeSubreaper();
// The children of parent whose command name starts with name.
QList<qint64> childrenOf(qint64 parent, const QString &name);
// Waits for such a child to appear; 0 after timeoutMs.
qint64 waitForChild(qint64 parent, const QString &name, int timeoutMs);

struct Exit {
    bool gone = false;     // the process no longer runs
    bool reaped = false;   // its status was read (it was, or became, our child)
    int status = 0;        // waitpid() status when reaped
    qint64 elapsedMs = -1; // until it was seen gone
};
// Waits until pid is gone, reaping it when it is our child.
Exit waitForExit(qint64 pid, int timeoutMs);
// "exit code N" or "signal N", for messages.
QString describe(const Exit &exit);

// The DPDK runtime directories of burstlab engines with this pid.
QStringList runtimeDirsOf(qint64 pid);
QString runtimeBase();

} // namespace Processes
} // namespace burstlab
