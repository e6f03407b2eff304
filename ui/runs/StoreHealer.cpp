#include "runs/StoreHealer.h"
#include "store/RunStore.h"
#include "store/StoreReconnect.h"

#include <QDeadlineTimer>
#include <QThread>
#include <algorithm>

namespace burstlab {

namespace {

// How long a window being closed waits for a probe to notice it is stopped:
// a probe is between tries, or in a connect bounded by kProbeTimeoutS; one
// still connecting ends on its own, touching nothing of the window.
constexpr int kStopWaitMs = 500;
constexpr int kSliceMs = 20;

} // namespace

StoreHealer::StoreHealer(QObject *parent) : QObject(parent) {
    m_heartbeat.setInterval(kHeartbeatMs);
    connect(&m_heartbeat, &QTimer::timeout, this, &StoreHealer::heartbeat);
}

StoreHealer::~StoreHealer() {
    stopProbing();
}

void StoreHealer::setStore(RunStore *store) {
    stopProbing();
    m_down.invalidate();
    m_store = store && store->isOpen() && store->canDrop() ? store : nullptr;
    if (m_store)
        m_heartbeat.start();
    else
        m_heartbeat.stop();
}

void StoreHealer::heartbeat() {
    if (m_store && !m_probe && !m_store->checkConnection())
        check();
}

void StoreHealer::check() {
    // A connection that dropped is closed with its session (StoreSession);
    // an open one failed a statement of its own.
    if (!m_store || m_probe || m_store->isOpen() || !m_store->connectionLost())
        return;
    m_down.start();
    emit lost(m_store->lastError());
    startProbing();
}

void StoreHealer::startProbing() {
    m_stop = std::make_shared<std::atomic<bool>>(false);
    // The thread holds only what it needs, so it may outlive this object.
    m_probe = QThread::create([path = m_store->path(), stop = m_stop] {
        int pauseMs = kFirstPauseMs;
        while (!*stop && !StoreReconnect::reachable(path).isEmpty()) {
            for (int slept = 0; slept < pauseMs && !*stop; slept += kSliceMs)
                QThread::msleep(kSliceMs);
            pauseMs = std::min(pauseMs * 2, kLongestPauseMs);
        }
    });
    connect(m_probe, &QThread::finished, m_probe, &QObject::deleteLater);
    connect(m_probe, &QThread::finished, this, &StoreHealer::onProbed);
    m_probe->start();
}

void StoreHealer::onProbed() {
    m_probe = nullptr;
    if (!m_store)
        return;
    // A sweep's writer may have connected it again meanwhile (RunWriter).
    if (m_store->isOpen() || m_store->reconnect()) {
        const qint64 downMs = m_down.elapsed();
        m_down.invalidate();
        emit healed(downMs);
        return;
    }
    // Gone again between the probe and the connect.
    startProbing();
}

void StoreHealer::stopProbing() {
    if (!m_probe)
        return;
    *m_stop = true;
    disconnect(m_probe, &QThread::finished, this, &StoreHealer::onProbed);
    m_probe->wait(QDeadlineTimer(kStopWaitMs));
    m_probe = nullptr;
}

} // namespace burstlab
