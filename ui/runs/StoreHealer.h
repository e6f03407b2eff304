#pragma once
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>
#include <atomic>
#include <memory>

QT_BEGIN_NAMESPACE
class QThread;
QT_END_NAMESPACE

namespace burstlab {

class RunStore;

// Keeps a window's connection to a shared store alive while the window is
// left open on it. A PostgreSQL server that stops or restarts drops the
// connection without a word to a session that only reads (its LISTEN socket
// just closes): a heartbeat, one round trip every kHeartbeatMs, notices it,
// and so does check() after any statement that failed. The server is then
// tried on a thread of its own, with connections opened and closed there
// (StoreReconnect::reachable), so the window never waits on it; once one
// opens, the store's own connection is made again on the window's thread
// (a connection belongs to the thread that opened it), which costs one
// connect to a server known to answer, and healed() tells the window to
// catch up. A file's connection cannot drop: nothing runs for one.
class StoreHealer : public QObject {
    Q_OBJECT
  public:
    static constexpr int kHeartbeatMs = 1000;
    // Between tries of a server that is down: a restart is seen within
    // about this much of its return.
    static constexpr int kFirstPauseMs = 100;
    static constexpr int kLongestPauseMs = 400;

    explicit StoreHealer(QObject *parent = nullptr);
    ~StoreHealer() override;

    // Null, or a file, stops watching.
    void setStore(RunStore *store);
    // A statement on the store failed: when its connection dropped, heal.
    void check();

  signals:
    // The connection dropped; why, in the server's or libpq's words.
    void lost(const QString &why);
    // Connected again, downMs after the loss was noticed.
    void healed(qint64 downMs);

  private:
    void heartbeat();
    void startProbing();
    // The probe thread found the server answering (or was stopped).
    void onProbed();
    void stopProbing();

    RunStore *m_store = nullptr;
    QTimer m_heartbeat;
    QElapsedTimer m_down; // valid while the connection is lost
    QThread *m_probe = nullptr;
    // Shared with the probe thread, which may outlive this object.
    std::shared_ptr<std::atomic<bool>> m_stop;
};

} // namespace burstlab
