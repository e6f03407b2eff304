#pragma once
#include <QString>

namespace burstlab {

class RunStore;

// A store whose connection dropped (RunStore::connectionLost(): a PostgreSQL
// server stopped or restarted) opened again: at once, then after pauses that
// double, until it opens or the bound has passed. A server restart takes a
// second or two; a server still gone after the bound is taken for gone, and
// a sweep keeps its run locally instead (RunWriter).
struct StoreReconnect {
    // How long a dropped connection is tried again (docs/store.md).
    static constexpr int kBoundMs = 10000;
    static constexpr int kFirstPauseMs = 100;
    static constexpr int kLongestPauseMs = 2000;

    // Whether store (RunStore::reconnect()) is connected again
    // within boundMs; else its lastError() says why the last try failed.
    // Blocks the calling thread meanwhile.
    static bool reopen(RunStore &store, int boundMs = kBoundMs);

    // Whether the store at path (RunStore::path()) takes a connection now:
    // one is opened and closed again, on the calling thread (any thread; a
    // connection belongs to the thread that opened it, so the store's own
    // cannot be tried from there). Empty when it did, else why not. A server
    // that does not answer is given up after kProbeTimeoutS.
    static QString reachable(const QString &path);
    static constexpr int kProbeTimeoutS = 3;
};

} // namespace burstlab
