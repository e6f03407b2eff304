#pragma once
#include "model/LoadSample.h"

#include <QFrame>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace burstlab {

class ElidedLabel;

// What the sweep's load watch sees on the TX lcores' CPUs, in the status bar
// while a sweep runs: a warning while a task not ours is runnable there
// (LoadSample::busy), in the words of the log and the stored samples. One
// line, its whole text in the tooltip. It lives in the status bar, whose
// height it never changes (MainWindow reserves it), so nothing above it
// moves when a sweep starts or ends; hidden whenever no sweep runs.
class LoadBanner : public QFrame {
    Q_OBJECT
  public:
    explicit LoadBanner(QWidget *parent = nullptr);

    // The whole text, also when the banner shows it elided.
    QString text() const;
    // Whether the last sample saw the host busy during the running sweep.
    bool isBusy() const { return m_busy; }

  public slots:
    void showSample(const burstlab::LoadSample &sample);
    void setRunning(bool running);

  private:
    void setState(bool busy, const QString &text);

    QLabel *m_icon;
    ElidedLabel *m_text;
    bool m_running = false;
    bool m_busy = false;
};

} // namespace burstlab
