#pragma once
#include <QObject>

class QSocketNotifier;

namespace burstlab {

// Turns SIGINT and SIGTERM into a Qt signal (through a self-pipe), so a sweep
// can stop its engine through the protocol and store the run as interrupted
// instead of dying with the engine still transmitting.
class SignalNotifier : public QObject {
    Q_OBJECT
  public:
    explicit SignalNotifier(QObject *parent = nullptr);
    ~SignalNotifier() override;

  signals:
    void received(int signalNumber);

  private:
    QSocketNotifier *m_notifier = nullptr;
};

} // namespace burstlab
