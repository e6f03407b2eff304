#include "sweep/LoadWatch.h"
#include "host/LoadProbe.h"

#include <QTimer>
#include <sched.h>

namespace burstlab {

namespace {

// The calling thread onto every CPU it may use but cpus, if any is left;
// false when none is.
bool keepOff(const QList<int> &cpus) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return false;
    for (int cpu : cpus) {
        if (cpu >= 0 && cpu < CPU_SETSIZE)
            CPU_CLR(cpu, &set);
    }
    return CPU_COUNT(&set) > 0 && sched_setaffinity(0, sizeof set, &set) == 0;
}

} // namespace

LoadWatch::LoadWatch(QObject *parent) : QObject(parent) {
    qRegisterMetaType<LoadSample>();
}

LoadWatch::~LoadWatch() {
    stop();
}

void LoadWatch::start(const QList<int> &cpus, const QSet<qint64> &ours, const QString &root,
                      int intervalMs) {
    stop();
    auto *sampler = new QObject;
    auto *timer = new QTimer(sampler);
    timer->setInterval(intervalMs);
    sampler->moveToThread(&m_thread);
    const auto sample = [this, cpus, ours, root] {
        emit sampled(LoadProbe::sample(HostFs(root), cpus, ours));
    };
    connect(&m_thread, &QThread::started, sampler, [this, cpus, sample, timer] {
        // A sample reads every task's stat file: where no CPU is free of
        // the senders it would take their time inside a window (the first
        // step starts as the watch does), so it is taken between steps
        // instead (sampleBetweenSteps).
        m_shared = !keepOff(cpus);
        if (!m_shared) {
            sample();
            timer->start();
        }
    });
    connect(timer, &QTimer::timeout, sampler, sample);
    connect(this, &LoadWatch::sampleRequested, sampler, [this, sample] {
        if (m_shared)
            sample();
    });
    connect(&m_thread, &QThread::finished, sampler, &QObject::deleteLater);
    m_thread.start(QThread::LowPriority);
}

void LoadWatch::sampleBetweenSteps() {
    emit sampleRequested();
}

void LoadWatch::stop() {
    m_thread.quit();
    m_thread.wait();
}

} // namespace burstlab
