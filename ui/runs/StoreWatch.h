#pragma once
#include <QObject>
#include <QTimer>
#include <optional>

QT_BEGIN_NAMESPACE
class QFileSystemWatcher;
QT_END_NAMESPACE

namespace burstlab {

class RunStore;

// Tells when another connection (burstlab-cli, a second window, another
// host) committed to the store. A PostgreSQL store is listened to: its
// writers announce every change of a run, and this connection's own are not
// heard. On a SQLite file data_version is polled, and a change of the file or
// its write-ahead log asks for a poll at once. Either way a change shows
// within a second and the GUI's own writes cost nothing.
class StoreWatch : public QObject {
    Q_OBJECT
  public:
    static constexpr int pollMs = 1000;

    explicit StoreWatch(QObject *parent = nullptr);

    // Null stops watching.
    void setStore(RunStore *store);

  signals:
    void changed();

  private:
    void check();
    void watchFiles();

    RunStore *m_store = nullptr;
    std::optional<qint64> m_version;
    QMetaObject::Connection m_listening;
    QTimer m_poll;
    // A burst of file events (every commit touches the log) makes one check.
    QTimer m_soon;
    QFileSystemWatcher *m_files;
};

} // namespace burstlab
