#pragma once
#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace burstlab {

class MainWindow;

// Drives the real window through what the documentation shows: a burst sweep
// and a burst x clone sweep on net_null, their comparison (the burst sweep
// meets the clone=0 series) and the host checklist, saving a PNG of the window
// at each stage (one while the second sweep runs) and the exported figures, at the screen's size;
// with a netperf file, its tables imported as File > Import does, the run
// view of the second and the comparison of the first two.
// The program burstlab-screenshot-tour (docs/take-screenshots.sh) runs it.
class ScreenshotTour : public QObject {
    Q_OBJECT
  public:
    // netperfFile: netperf's result tables (seed 004), or empty for no netperf shots.
    ScreenshotTour(MainWindow &window, QString directory, QString netperfFile = {},
                   QObject *parent = nullptr);

    void start();

  signals:
    // Exit code: 0 when every screenshot was saved.
    void finished(int exitCode);

  private:
    // clones empty: a burst sweep at clone=0; else a second axis with these values.
    void runSweep(const QString &label, const QString &clones);
    void onSweepFinished(qint64 runId, bool completed, const QString &error);
    void showComparison();
    // The comparison's profile diff at its largest burst.
    void showProfileDiff();
    void showChecklist();
    void showPktgenSetup();
    // The imported netperf tables: a run's figures, then a pair compared.
    void showNetperf();
    bool exportCharts();
    // The window, or another widget of it (a dialog), as a PNG.
    bool save(const QString &name, QWidget *widget = nullptr);
    void fail(const QString &message);

    MainWindow &m_window;
    QString m_directory;
    QString m_netperfFile;
    QList<qint64> m_runs;
    bool m_runningSaved = false;
};

} // namespace burstlab
