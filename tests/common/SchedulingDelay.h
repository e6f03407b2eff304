#pragma once
// How late this test's own event loop runs while it waits. On a busy host a
// timer, a pipe's data or a process's exit reaches the test later than it
// happened, by about as much as the loop's ticks come late. A test that
// bounds how soon something happens adds the lateness measured over the same
// wait instead of assuming a quiet host.
#include <QElapsedTimer>
#include <QThread>
#include <QTimer>
#include <algorithm>
#include <atomic>
#include <memory>

class SchedulingDelay {
  public:
    explicit SchedulingDelay(int periodMs = 10) : m_periodMs(periodMs) {
        m_timer.setTimerType(Qt::PreciseTimer);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_maxMs = std::max(m_maxMs.load(), now - m_lastMs - m_periodMs);
            m_lastMs = now;
        });
        m_clock.start();
        m_timer.start(periodMs);
    }
    // The longest any tick came late so far, in ms (from any thread).
    qint64 maxMs() const { return m_maxMs; }

  private:
    QTimer m_timer;
    QElapsedTimer m_clock;
    qint64 m_lastMs = 0;
    std::atomic<qint64> m_maxMs = 0;
    int m_periodMs;
};

// The same, on a thread of its own: how late the host runs any thread,
// measured beside an event loop whose own stalls a test bounds (a stall of
// that loop is its own lateness beyond this one).
class SchedulingDelayBeside {
  public:
    SchedulingDelayBeside() {
        m_context.moveToThread(&m_thread);
        m_thread.start();
        QMetaObject::invokeMethod(
            &m_context, [this] { m_delay = std::make_unique<SchedulingDelay>(); },
            Qt::BlockingQueuedConnection);
    }
    ~SchedulingDelayBeside() {
        QMetaObject::invokeMethod(
            &m_context, [this] { m_delay.reset(); }, Qt::BlockingQueuedConnection);
        m_thread.quit();
        m_thread.wait();
    }
    qint64 maxMs() const { return m_delay->maxMs(); }

  private:
    QThread m_thread;
    QObject m_context;
    std::unique_ptr<SchedulingDelay> m_delay;
};
