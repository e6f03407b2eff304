#include "ScreenshotTour.h"
#include "checklist/ChecklistView.h"
#include "compare/CompareTableModel.h"
#include "compare/CompareView.h"
#include "export/ChartExportDialog.h"
#include "export/ExportController.h"
#include "export/ExportPreset.h"
#include "import/ImportController.h"
#include "log/LogPane.h"
#include "main/MainWindow.h"
#include "results/SweepResultsView.h"
#include "runs/RunsBrowser.h"
#include "sweep/SweepSession.h"
#include "sweep/SweepSetupPanel.h"
#include "util/ExitCode.h"

#include <QCoreApplication>
#include <QDir>
#include <QPixmap>
#include <QScreen>
#include <QTableView>
#include <QTimer>
#include <QWidget>

#include <cstdio>

namespace burstlab {

namespace {
// Long enough for the charts to repaint after a tab switch.
constexpr int settleMs = 600;
// The point whose profile the tour shows: the largest burst of both sweeps.
const QString profiledPoint = QStringLiteral("burst=32");

// Makes the first row of profiledPoint current, at that column.
bool selectPoint(QTableView *table, int column) {
    for (int row = 0; row < table->model()->rowCount(); ++row) {
        // The burst x clone sweep's point names its clone too.
        const QString point = table->model()->index(row, 0).data().toString();
        if (point == profiledPoint || point.startsWith(profiledPoint + QLatin1Char(' '))) {
            table->setCurrentIndex(table->model()->index(row, column));
            return true;
        }
    }
    return false;
}
} // namespace

ScreenshotTour::ScreenshotTour(MainWindow &window, QString directory, QString netperfFile,
                               QObject *parent)
    : QObject(parent), m_window(window), m_directory(std::move(directory)),
      m_netperfFile(std::move(netperfFile)) {
    connect(m_window.sweepSession(), &SweepSession::finished, this,
            &ScreenshotTour::onSweepFinished);
    // The window while the burst x clone sweep runs, a third of the way in:
    // the load banner, the live chart with its earlier steps, a growing table.
    connect(m_window.sweepSession(), &SweepSession::progressChanged, this,
            [this](int done, int total) {
                if (!m_runningSaved && m_runs.size() == 1 && total > 1 && 3 * done >= total) {
                    m_runningSaved = true;
                    QTimer::singleShot(settleMs, this,
                                       [this] { save(QStringLiteral("sweep-running.png")); });
                }
            });
}

void ScreenshotTour::start() {
    if (!QDir().mkpath(m_directory)) {
        fail(QStringLiteral("cannot create %1").arg(m_directory));
        return;
    }
    // The whole screen, with or without a window manager to maximise it.
    m_window.setGeometry(m_window.screen()->availableGeometry());
    m_window.showMaximized();
    runSweep(QStringLiteral("baseline"), QString());
}

void ScreenshotTour::runSweep(const QString &label, const QString &clones) {
    SweepSetupPanel *setup = m_window.setupPanel();
    setup->setDevice(QStringLiteral("net_null0"));
    setup->setSweepValues(0, QStringLiteral("burst"),
                          clones.isEmpty() ? QStringLiteral("1..4,8,16,32")
                                           : QStringLiteral("1,2,4,8,16,32"));
    setup->setSweepValues(1, clones.isEmpty() ? QStringLiteral("none") : QStringLiteral("clone"),
                          clones);
    setup->setFixedValue(QStringLiteral("clone"), 0);
    setup->setTiming(2, 400, 50, 0, true);
    // The one-axis sweep until precise, at most 4 repetitions: short enough
    // for the tests that drive a real sweep through the tour.
    const bool adaptive = clones.isEmpty();
    SweepSpec spec = setup->spec();
    PrecisionTarget target;
    target.maxReps = 4;
    spec.setUntilPrecise(adaptive ? std::optional(target) : std::nullopt);
    spec.reps = adaptive ? spec.reps : 2;
    setup->setSpec(spec);
    setup->setRunLabel(label);
    if (!setup->isValid()) {
        fail(QStringLiteral("setup invalid: %1").arg(setup->invalidReason()));
        return;
    }
    m_window.startSweep();
}

void ScreenshotTour::onSweepFinished(qint64 runId, bool completed, const QString &error) {
    if (!completed) {
        fail(QStringLiteral("sweep did not complete: %1").arg(error));
        return;
    }
    m_runs.append(runId);
    if (m_runs.size() == 1) {
        QTimer::singleShot(settleMs, this, [this] {
            if (!save(QStringLiteral("main-window.png")) || !exportCharts()) {
                return;
            }
            // The profile beside the table, of the point a click selects.
            if (!selectPoint(m_window.resultsView()->resultsTable(), 0)) {
                fail(QStringLiteral("no point %1 in the results").arg(profiledPoint));
                return;
            }
            QTimer::singleShot(settleMs, this, [this] {
                if (save(QStringLiteral("profile-point.png"))) {
                    runSweep(QStringLiteral("burst x clone"), QStringLiteral("0,64"));
                }
            });
        });
        return;
    }
    QTimer::singleShot(settleMs, this, [this] {
        if (save(QStringLiteral("main-window-2d.png"))) {
            showComparison();
        }
    });
}

void ScreenshotTour::showComparison() {
    m_window.runsBrowser()->reload();
    m_window.runsBrowser()->selectRuns(m_runs);
    m_window.compareView()->compareRuns(m_runs);
    m_window.showTab(MainWindow::CompareTab);
    QTimer::singleShot(settleMs, this, [this] {
        if (save(QStringLiteral("compare.png"))) {
            showProfileDiff();
        }
    });
}

void ScreenshotTour::showProfileDiff() {
    if (!selectPoint(m_window.compareView()->table(),
                     CompareTableModel::columnOf(1, CompareTableModel::DeltaField))) {
        fail(QStringLiteral("no point %1 in the comparison").arg(profiledPoint));
        return;
    }
    QTimer::singleShot(settleMs, this, [this] {
        if (save(QStringLiteral("compare-profile.png"))) {
            showChecklist();
        }
    });
}

void ScreenshotTour::showChecklist() {
    ChecklistView *checklist = m_window.checklistView();
    m_window.showTab(MainWindow::ChecklistTab);
    connect(checklist, &ChecklistView::probeFinished, this, [this] {
        QTimer::singleShot(settleMs, this, [this] {
            if (save(QStringLiteral("checklist.png"))) {
                m_window.showTab(MainWindow::RunsTab);
                QTimer::singleShot(settleMs, this, [this] {
                    if (save(QStringLiteral("runs.png"))) {
                        showPktgenSetup();
                    }
                });
            }
        });
    });
    checklist->reprobe();
}

void ScreenshotTour::showPktgenSetup() {
    // The setup with the kernel's pktgen chosen: its device and thread CPUs
    // in place of DPDK's fields. Shown, not run: no pktgen on a docs host.
    SweepSetupPanel *setup = m_window.setupPanel();
    setup->setEngineKind(EngineKind::Pktgen);
    setup->setNetdev(QStringLiteral("dummy0"));
    // No DPDK run's charts beside a setup that has not run: the view is empty.
    m_window.resultsView()->clear();
    m_window.showTab(MainWindow::SweepTab);
    QTimer::singleShot(settleMs, this, [this] {
        if (!save(QStringLiteral("setup-pktgen.png"))) {
            return;
        }
        if (m_netperfFile.isEmpty()) {
            emit finished(ExitOk);
        } else {
            showNetperf();
        }
    });
}

void ScreenshotTour::showNetperf() {
    QString error;
    const std::optional<RunImport::Written> written = m_window.importer()->importFile(
        ImportController::Kind::Netperf, m_netperfFile, QString(), &error);
    if (!written || written->ids.size() < 2) {
        fail(QStringLiteral("netperf import: %1").arg(error));
        return;
    }
    // Seed 004's 14K table with `gro off`, then all six tables compared:
    // the three response sizes without and with it.
    const QList<qint64> ids = written->ids;
    m_window.showRun(ids.at(1));
    QTimer::singleShot(settleMs, this, [this, ids] {
        if (!save(QStringLiteral("netperf-run.png"))) {
            return;
        }
        m_window.compareView()->compareRuns(ids);
        m_window.showTab(MainWindow::CompareTab);
        QTimer::singleShot(settleMs, this, [this] {
            if (!save(QStringLiteral("netperf-compare.png"))) {
                return;
            }
            // The figure File > Export chart writes of it.
            const auto figures = m_window.compareView()->figures();
            if (figures.isEmpty()) {
                fail(QStringLiteral("netperf compare: no figure to export"));
                return;
            }
            const ChartFigure &figure = figures.first().second;
            const int preset = ExportPreset::betterFor(0, figure.chartCount());
            QString error;
            if (!ExportController::writeFigure(
                    figure, QDir(m_directory).filePath(QStringLiteral("figure-netperf.png")),
                    ExportPreset::all().value(preset >= 0 ? preset : 0).size, &error)) {
                fail(error);
                return;
            }
            emit finished(ExitOk);
        });
    });
}

bool ScreenshotTour::exportCharts() {
    // What File > Export chart writes at the mailing-list presets, for the docs:
    // the figure a post links to (both charts, PNG and SVG), then each chart.
    const QList<QPair<QString, ChartFigure>> figures = m_window.resultsView()->figures();
    const QStringList names{QStringLiteral("figure-pps-delta"), QStringLiteral("pps-chart"),
                            QStringLiteral("delta-chart"), QStringLiteral("live-rate-chart")};
    for (int i = 0; i < figures.size() && i < names.size(); ++i) {
        const ChartFigure &figure = figures.at(i).second;
        const int preset = ExportPreset::betterFor(0, figure.chartCount());
        const QSize size = ExportPreset::all().value(preset >= 0 ? preset : 0).size;
        QStringList files{names.at(i) + QStringLiteral(".png")};
        if (i == 0) {
            files.append(names.at(i) + QStringLiteral(".svg"));
        }
        for (const QString &file : files) {
            QString error;
            if (!ExportController::writeFigure(figure, QDir(m_directory).filePath(file), size,
                                               &error)) {
                fail(error);
                return false;
            }
        }
    }
    // The export dialog with its preview of the figure a post links to.
    // A folder every reader has, not this machine's: the dialog writes nothing here.
    ChartExportDialog dialog(figures, ExportPreset::betterFor(0, 2), QStringLiteral("~/Documents"),
                             &m_window);
    dialog.show();
    QCoreApplication::processEvents();
    return save(QStringLiteral("export-dialog.png"), &dialog);
}

bool ScreenshotTour::save(const QString &name, QWidget *widget) {
    const QString path = QDir(m_directory).filePath(name);
    if (!(widget ? widget : &m_window)->grab().save(path, "PNG")) {
        fail(QStringLiteral("cannot write %1").arg(path));
        return false;
    }
    std::fprintf(stderr, "saved %s\n", qPrintable(path));
    return true;
}

void ScreenshotTour::fail(const QString &message) {
    std::fprintf(stderr, "screenshot tour failed: %s\n", qPrintable(message));
    m_window.logPane()->appendError(message);
    emit finished(ExitFailure);
}

} // namespace burstlab
