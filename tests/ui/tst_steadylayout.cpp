// The main window at a laptop's 1280x720 and a desktop's 1600x1000 while a
// real burst x clone sweep runs on net_null: the tabs, both charts and the
// results table keep their place from before the sweep, through its start
// and its middle, to its end (the busy-host banner included); the results
// table shows the columns a reader needs first without scrolling; and where
// every point is disturbed (the same run stored again with every repetition's
// TX core off its CPU half the time), no two of the pps chart's counts meet,
// in the window or in the exported figure.
#include "charts/ChartFigure.h"
#include "charts/DeltaChart.h"
#include "charts/PpsChart.h"
#include "main/LoadBanner.h"
#include "main/MainWindow.h"
#include "main/SweepToolBar.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "store/RunStore.h"
#include "sweep/SweepSession.h"
#include "sweep/SweepSetupPanel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFileInfo>
#include <QHeaderView>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {
constexpr int sweepTimeoutMs = 120000;

// Where the widgets a reader looks at are, in the window's coordinates.
QMap<QString, QRect> places(MainWindow &window) {
    QApplication::processEvents();
    SweepResultsView *results = window.resultsView();
    const auto at = [&window](QWidget *widget) {
        return QRect(widget->mapTo(&window, QPoint(0, 0)), widget->size());
    };
    return {{QStringLiteral("tabs"), at(window.tabs())},
            {QStringLiteral("pps chart"), at(results->ppsChart())},
            {QStringLiteral("delta chart"), at(results->deltaChart())},
            {QStringLiteral("results table"), at(results->resultsTable())},
            {QStringLiteral("status bar"), at(window.statusBar())}};
}

QString moved(const QMap<QString, QRect> &before, const QMap<QString, QRect> &now,
              const QString &when) {
    QStringList problems;
    for (auto it = before.begin(); it != before.end(); ++it) {
        const QRect &then = it.value();
        const QRect &there = now.value(it.key());
        if (then != there) {
            problems << QStringLiteral("%1 %2: %3,%4 %5x%6 -> %7,%8 %9x%10")
                            .arg(when, it.key())
                            .arg(then.x())
                            .arg(then.y())
                            .arg(then.width())
                            .arg(then.height())
                            .arg(there.x())
                            .arg(there.y())
                            .arg(there.width())
                            .arg(there.height());
        }
    }
    return problems.join(QStringLiteral("; "));
}

// Two of these rectangles that meet, named; empty when none do.
QString meeting(const QList<QRect> &rects) {
    for (qsizetype i = 0; i < rects.size(); ++i) {
        for (qsizetype j = i + 1; j < rects.size(); ++j) {
            if (rects.at(i).intersects(rects.at(j))) {
                return QStringLiteral("count %1 meets count %2").arg(i).arg(j);
            }
        }
    }
    return {};
}

// The columns a reader needs first that lie outside the table's viewport.
QString columnsOutOfSight(const QTableView *table) {
    using M = ResultsTableModel;
    const QHeaderView *header = table->horizontalHeader();
    QStringList problems;
    for (int column : {M::PointColumn, M::PpsColumn, M::DeltaColumn, M::CiColumn, M::VerdictColumn,
                       M::NsColumn, M::RepsColumn, M::DisturbedColumn}) {
        const int x = header->sectionViewportPosition(column);
        if (header->isSectionHidden(column) || x < 0 ||
            x + header->sectionSize(column) > table->viewport()->width()) {
            problems << QStringLiteral("'%1' at %2..%3 of %4")
                            .arg(table->model()->headerData(column, Qt::Horizontal).toString())
                            .arg(x)
                            .arg(x + header->sectionSize(column))
                            .arg(table->viewport()->width());
        }
    }
    return problems.join(QStringLiteral("; "));
}
} // namespace

class TestSteadyLayout : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void init() { QSettings().clear(); }
    void sweepMovesNothing_data();
    void sweepMovesNothing();

  private:
    QTemporaryDir m_dir;
};

void TestSteadyLayout::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    const QString engine = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-engine");
    QVERIFY2(QFileInfo(engine).isExecutable(), qPrintable(engine + " is not built"));
}

void TestSteadyLayout::sweepMovesNothing_data() {
    QTest::addColumn<QSize>("size");
    QTest::newRow("laptop") << QSize(1280, 720);
    QTest::newRow("desktop") << QSize(1600, 1000);
}

void TestSteadyLayout::sweepMovesNothing() {
    QFETCH(QSize, size);
    MainWindow window;
    window.setWindowState(Qt::WindowNoState);
    window.resize(size);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("steady-%1.sqlite").arg(size.width()))));
    window.sweepSession()->setRecordHost(false);
    SweepSetupPanel *setup = window.setupPanel();
    setup->setDevice(QStringLiteral("net_null0"));
    setup->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,2,4,8,16,32"));
    setup->setSweepValues(1, QStringLiteral("clone"), QStringLiteral("0,64"));
    setup->setTiming(1, 100, 20, 0, false);
    QVERIFY2(setup->isValid(), qPrintable(setup->invalidReason()));
    QCOMPARE(window.size(), size);
    const QMap<QString, QRect> before = places(window);

    SweepSession *session = window.sweepSession();
    QSignalSpy finished(session, &SweepSession::finished);
    auto *start =
        window.sweepToolBar()->findChild<QAbstractButton *>(QStringLiteral("startButton"));
    QVERIFY(start);
    QTest::mouseClick(start, Qt::LeftButton);
    QVERIFY(session->isRunning());
    QString problem = moved(before, places(window), QStringLiteral("at the start:"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // The middle: points in the table and more to come, the host busy.
    QTRY_VERIFY_WITH_TIMEOUT(window.resultsView()->resultsModel()->rowCount() >= 2 ||
                                 !finished.isEmpty(),
                             sweepTimeoutMs);
    QVERIFY2(finished.isEmpty(), "the sweep ended before its middle");
    LoadSample busy;
    busy.cpus = {1};
    busy.onTxCpus = {QStringLiteral("cc1plus (4123) on CPU 1")};
    busy.load1 = 2.5;
    emit session->loadSampled(busy);
    QVERIFY(window.loadBanner()->isBusy());
    QVERIFY(window.loadBanner()->isVisible());
    problem = moved(before, places(window), QStringLiteral("in the middle:"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    QVERIFY(finished.count() == 1 || finished.wait(sweepTimeoutMs));
    QVERIFY2(finished.first().at(1).toBool(), qPrintable(finished.first().at(2).toString()));
    QVERIFY(!window.loadBanner()->isVisible());
    problem = moved(before, places(window), QStringLiteral("at the end:"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // The figures a reader needs first, without scrolling sideways.
    SweepResultsView *results = window.resultsView();
    QCOMPARE(results->resultsModel()->rowCount(), 12);
    problem = columnsOutOfSight(results->resultsTable());
    QVERIFY2(problem.isEmpty(), qPrintable(problem));

    // The same run with every repetition disturbed: one triangle per point,
    // counts that never meet, in the window and in the exported figure.
    const qint64 runId = finished.first().at(0).toLongLong();
    std::optional<RunData> data = window.store()->loadRunData(runId);
    QVERIFY(data);
    for (StepData &step : data->steps) {
        QVERIFY(step.result.measured);
        StepThreadFigures thread = step.result.measured->thread.value_or(StepThreadFigures{});
        thread.minCpuShare = 0.5;
        step.result.measured->thread = thread;
    }
    data->run.label = QStringLiteral("every point disturbed");
    const std::optional<qint64> disturbed = window.store()->insertRunData(*data);
    QVERIFY2(disturbed, qPrintable(window.store()->lastError()));
    window.showRun(*disturbed);
    QApplication::processEvents();
    problem = moved(before, places(window), QStringLiteral("showing the disturbed run:"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    PpsChart *pps = results->ppsChart();
    QVERIFY(pps->hasMarks());
    // The key on one line, whole: each series by its value, the marks named.
    const QStringList key = pps->legendLabels();
    QStringList sorted = key;
    sorted.sort();
    QCOMPARE(sorted, (QStringList{QStringLiteral("clone=0"), QStringLiteral("clone=64"),
                                  QStringLiteral("disturbed (n/m)")}));
    for (const QString &entry : key) {
        QVERIFY2(pps->legendEntryRect(entry).top() == pps->legendEntryRect(key.first()).top(),
                 qPrintable(QStringLiteral("%1 on another line than %2").arg(entry, key.first())));
    }
    const QList<QRect> counts = pps->markLabelRects();
    QVERIFY(!counts.isEmpty());
    problem = meeting(counts);
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    // The pps chart as the side-by-side figure of a slide draws it.
    const QSize slide(1600, 900);
    const QList<QRect> exported = pps->markLabelRects(
        QSizeF(slide.width() / 2.0, slide.height() * 0.85), ChartFigure::fontScale(slide));
    QVERIFY(!exported.isEmpty());
    problem = meeting(exported);
    QVERIFY2(problem.isEmpty(), qPrintable(QStringLiteral("exported: ") + problem));
}

QTEST_MAIN(TestSteadyLayout)
#include "tst_steadylayout.moc"
