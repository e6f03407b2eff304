#pragma once
#include "model/LoadSample.h"

#include <QFrame>

QT_BEGIN_NAMESPACE
class QLabel;
QT_END_NAMESPACE

namespace burstlab {

// A line across the top of the window while a sweep runs: what the sweep's load
// watch sees on the TX lcores' CPUs, a warning while a task not ours is
// runnable there (LoadSample::busy), in the words of the log and the stored
// samples. It keeps one height for the whole sweep, two lines, busy or quiet,
// so nothing below it moves while steps run; a longer text is elided and
// whole in the tooltip. Hidden whenever no sweep runs.
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

  protected:
    void resizeEvent(QResizeEvent *event) override;

  private:
    void setState(bool busy, const QString &text);
    void layOutText();

    QLabel *m_icon;
    QLabel *m_text;
    QString m_fullText;
    bool m_running = false;
    bool m_busy = false;
};

} // namespace burstlab
