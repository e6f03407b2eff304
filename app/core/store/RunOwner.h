#pragma once
#include <QString>

namespace burstlab {

// Who is writing a "running" run:
// "<pid>:<process start time>:<store instance>:<host>". At open, a running
// run is interrupted only when its owner is gone: the process has exited
// (its pid is dead or reused, told apart by the start time), or it is this
// process and that RunStore instance is closed. So a second instance opening
// the same store leaves a live sweep alone. Another host's process cannot
// be seen from here: isLive() takes it for alive, and a PostgreSQL store
// asks the writer's session instead (RunStore). Tokens of older stores
// have no host: this host's.
class RunOwner {
  public:
    // A new token for one RunStore instance, registered as live in this process.
    static QString acquire();
    // Called when that instance closes.
    static void release(const QString &token);
    static bool isLive(const QString &token);
    // Whether token's process runs on this host (older tokens: yes).
    static bool isOnThisHost(const QString &token);
};

} // namespace burstlab
