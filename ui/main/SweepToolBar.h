#pragma once
#include <QToolBar>

QT_BEGIN_NAMESPACE
class QLabel;
class QProgressBar;
QT_END_NAMESPACE

namespace burstlab {

class ElidedLabel;

// The always-visible sweep controls: Start, Stop and Resume with their text,
// why the setup cannot start (the field at fault is marked in the panel), and
// the progress of the running sweep (steps done, the step in flight, ETA).
class SweepToolBar : public QToolBar {
    Q_OBJECT
  public:
    SweepToolBar(const QList<QAction *> &actions, QWidget *parent = nullptr);

    QString progressText() const;
    // The steps the bar shows done.
    int progressValue() const;
    QString problemText() const;

  public slots:
    // Shown with a warning icon while not empty: "Cannot start: burst must be in 1..512, got 0".
    void setProblem(const QString &reason);
    // done and total in steps; text e.g. "Step 3/13: burst=4, repetition 2/3".
    void setProgress(int done, int total, const QString &text);

  private:
    // lead and text side by side in the toolbar, hidden; the action shows them.
    QAction *addTextRow(QWidget *lead, ElidedLabel *text);

    QAction *m_problemAction = nullptr;
    ElidedLabel *m_problemText;
    QAction *m_progressAction = nullptr;
    QProgressBar *m_bar;
    ElidedLabel *m_text;
};

} // namespace burstlab
