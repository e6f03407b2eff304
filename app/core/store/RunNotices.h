#pragma once
#include <QObject>
#include <QString>

class QSqlDriver;

namespace burstlab {

// The store's announcements of changed runs (RunStore::watchRuns), relayed
// from whichever connection the store has now: a reconnect replaces the
// driver they come from, and the watchers stay connected here.
class RunNotices : public QObject {
    Q_OBJECT

  public:
    explicit RunNotices(const QString &channel) : m_channel(channel) {}
    QString channel() const { return m_channel; }
    // Listens on driver's connection (once per connection) and relays what
    // other connections announce; false (driver's lastError()) when it cannot.
    bool listen(QSqlDriver *driver);

  signals:
    void heard(qint64 runId);

  private:
    QString m_channel;
};

} // namespace burstlab
