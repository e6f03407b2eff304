#pragma once
#include "model/LoadSample.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QSet>
#include <QThread>

namespace burstlab {

// Watches the host while a sweep runs: a LoadProbe sample at once and then
// every interval, in a thread of its own that keeps off the TX lcores' CPUs
// when the host has others, so the watch itself does not disturb what it
// watches (and kSharedCpuSlowdown times less often when it has none).
// sampled() is delivered in the thread that owns the watch.
class LoadWatch : public QObject {
    Q_OBJECT
  public:
    static constexpr int kIntervalMs = 1000;
    // The interval's factor when every CPU the watch may use sends.
    static constexpr int kSharedCpuSlowdown = 5;

    explicit LoadWatch(QObject *parent = nullptr);
    ~LoadWatch() override;

    // cpus: the TX lcores' CPUs; ours: the pids whose tasks are not "others"
    // (the engine, this program). root: where /proc is (tests use fake trees).
    void start(const QList<int> &cpus, const QSet<qint64> &ours,
               const QString &root = QStringLiteral("/"), int intervalMs = kIntervalMs);
    void stop();
    bool isRunning() const { return m_thread.isRunning(); }

  signals:
    void sampled(const burstlab::LoadSample &sample);

  private:
    QThread m_thread;
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::LoadSample)
