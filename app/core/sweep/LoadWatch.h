#pragma once
#include "model/LoadSample.h"

#include <QList>
#include <QMetaType>
#include <QObject>
#include <QSet>
#include <QThread>
#include <atomic>

namespace burstlab {

// Watches the host while a sweep runs: a LoadProbe sample at once and then
// every interval, in a thread of its own that keeps off the TX lcores' CPUs
// when the host has others, so the watch itself does not disturb what it
// watches. Where every CPU the watch may use sends (a 1-CPU host), it
// samples only after each step: sampleBetweenSteps(), called by the runner.
// sampled() is delivered in the thread that owns the watch.
class LoadWatch : public QObject {
    Q_OBJECT
  public:
    static constexpr int kIntervalMs = 1000;

    explicit LoadWatch(QObject *parent = nullptr);
    ~LoadWatch() override;

    // cpus: the TX lcores' CPUs; ours: the pids whose tasks are not "others"
    // (the engine, this program). root: where /proc is (tests use fake trees).
    void start(const QList<int> &cpus, const QSet<qint64> &ours,
               const QString &root = QStringLiteral("/"), int intervalMs = kIntervalMs);
    void stop();
    bool isRunning() const { return m_thread.isRunning(); }
    // A sample now, where the watch shares the senders' CPUs; else nothing
    // (the timer samples).
    void sampleBetweenSteps();

  signals:
    void sampled(const burstlab::LoadSample &sample);
    void sampleRequested();

  private:
    QThread m_thread;
    std::atomic<bool> m_shared{false}; // set in the watch's thread
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::LoadSample)
