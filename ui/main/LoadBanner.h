#pragma once
#include "model/LoadSample.h"

#include <QFrame>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace burstlab {

// A warning across the top of the window while the sweep's load watch sees a
// task not ours runnable on a TX lcore's CPU (LoadSample::busy): what it saw,
// in the words of the log and the stored samples. Hidden while the host is
// quiet and whenever no sweep runs.
class LoadBanner : public QFrame {
    Q_OBJECT
  public:
    explicit LoadBanner(QWidget *parent = nullptr);

    QString text() const;

  public slots:
    void showSample(const burstlab::LoadSample &sample);
    void setRunning(bool running);

  private:
    QLabel *m_text;
    bool m_running = false;
};

} // namespace burstlab
