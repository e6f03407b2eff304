// The run and compare views over imported netperf tables: seed 004 imported
// by the CLI into a real SQLite store, the run view's netperf table and the
// compare view's change rows equal to the core's figures and to the lines
// of the CLI's show and compare, a note and netperf's own charts (rate and
// service demand, a bar a table, the values the tables print) in place of
// the pps charts (and those back for a run with pps), and a hostile
// source's text shown escaped.
#include "UiTestData.h"
#include "charts/DeltaChart.h"
#include "charts/NetperfChart.h"
#include "charts/NoChartNote.h"
#include "charts/NoPpsPanel.h"
#include "charts/PpsChart.h"
#include "compare/CompareView.h"
#include "compare/NetperfCompareModel.h"
#include "export/FigureCaption.h"
#include "exchange/NetperfText.h"
#include "results/NetperfTableModel.h"
#include "results/SweepResultsView.h"
#include "stats/NetperfFigures.h"
#include "store/RunStore.h"

#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

// The line of text whose words start with `start`, blanks made single.
QString lineStarting(const QString &text, const QString &start) {
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.simplified().startsWith(start))
            return line.simplified();
    }
    return {};
}

// A row's cells from `from` to `to`, the empty ones left out, as the text's
// columns read once their blanks are made single.
QString rowText(const QAbstractItemModel *model, int row, int from, int to) {
    QStringList cells;
    for (int column = from; column <= to; ++column) {
        const QString cell = model->data(model->index(row, column)).toString();
        if (!cell.isEmpty())
            cells << cell;
    }
    return cells.join(QLatin1Char(' '));
}

// Every text a model shows: headers, cells and their tooltips.
QStringList shownTexts(const QAbstractItemModel *model) {
    QStringList texts;
    for (int column = 0; column < model->columnCount(); ++column) {
        texts << model->headerData(column, Qt::Horizontal).toString();
        for (int row = 0; row < model->rowCount(); ++row) {
            texts << model->data(model->index(row, column)).toString()
                  << model->data(model->index(row, column), Qt::ToolTipRole).toString();
        }
    }
    return texts;
}

bool hasControl(const QString &text) {
    return text.contains(QChar(0x1b)) || text.contains(QChar(0x07)) || text.contains(QChar(0x202e));
}

// Two TCP_RR tables, `gro off` stated between them, the first's banner
// hostile: terminal controls, a bidi override and markup.
const char *hostileTables =
    "MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0 "
    "\x1b]0;owned\x07\x1b[2J\u202e <b>bold</b> AF_INET\n"
    "Local /Remote\n"
    "Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem\n"
    "Send   Recv   Size    Size   Time    Rate     local  remote local   remote\n"
    "bytes  bytes  bytes   bytes  secs.   per sec  % S    % U    us/Tr   us/Tr\n"
    "\n"
    "16384 87380 1 1 10.00 30000.00 5.00 -1.00 3.333 -1.000\n"
    "16384  87380\n"
    "\n"
    "$ ethtool -K eth0 gro off\n"
    "MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET\n"
    "Local /Remote\n"
    "Socket Size   Request Resp.  Elapsed Trans.   CPU    CPU    S.dem   S.dem\n"
    "Send   Recv   Size    Size   Time    Rate     local  remote local   remote\n"
    "bytes  bytes  bytes   bytes  secs.   per sec  % S    % U    us/Tr   us/Tr\n"
    "\n"
    "16384 87380 1 1 10.00 20000.00 5.00 -1.00 3.333 -1.000\n"
    "16384  87380\n";

} // namespace

class TestNetperfViews : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
        m_db = m_dir.filePath(QStringLiteral("runs.sqlite"));
        const QString imported =
            cli({QStringLiteral("import"), QStringLiteral("--format"), QStringLiteral("netperf"),
                 QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/netperf_seed004.txt")});
        QCOMPARE(imported.count(QStringLiteral("imported run")), 6);
        QVERIFY2(m_store.open(m_db), qPrintable(m_store.lastError()));
    }

    void runViewShowsTheFigures() {
        const std::optional<Run> run = m_store.loadRun(2);
        const QList<StepResult> steps = m_store.stepsOf(2).value_or(QList<StepResult>{});
        QVERIFY(run && steps.size() == 1);
        const std::optional<NetperfResult> result = NetperfResult::of(steps.first());
        QVERIFY(result);

        SweepResultsView view;
        view.setStore(&m_store);
        view.resize(1280, 720);
        view.show();
        view.showRun(*run, steps);

        const NetperfTableModel *model = view.netperfModel();
        QCOMPARE(model->rowCount(), 1);
        // The test and its five figures; the parameters and notes under them.
        QCOMPARE(model->columnCount(), 6);
        QCOMPARE(model->data(model->index(0, 0)).toString(), QStringLiteral("TCP_RR"));
        const QString show = cli({QStringLiteral("show"), QStringLiteral("2")});
        QCOMPARE(result->figures.size(), 5);
        for (int i = 0; i < result->figures.size(); ++i) {
            const NetperfFigure &f = result->figures[i];
            const QString name = NetperfText::figureName(f);
            const QString cell = model->data(model->index(0, 1 + i)).toString();
            QCOMPARE(model->headerData(1 + i, Qt::Horizontal).toString(), name);
            QCOMPARE(cell, NetperfText::measuredText(f));
            // show prints the same value, "- not measured" for netperf's -1.
            QCOMPARE(name + QLatin1Char(' ') + (f.value() ? cell : QStringLiteral("- ") + cell),
                     lineStarting(show, name));
        }
        // The mail's figures at 14K with gro off.
        QCOMPARE(model->data(model->index(0, 1)).toString(), QStringLiteral("5837.35"));
        QCOMPARE(model->headerData(4, Qt::Horizontal).toString(),
                 QStringLiteral("S.dem local us/Tr"));
        QCOMPARE(model->data(model->index(0, 4)).toString(), QStringLiteral("90.628"));
        QCOMPARE(model->data(model->index(0, 3)).toString(), QStringLiteral("not measured"));
        const QStringList details = model->details();
        QCOMPARE(details.size(), 2);
        QCOMPARE(details[0], QStringLiteral("TCP_RR: ") + result->parametersText());
        QVERIFY2(details[1].startsWith(QStringLiteral("notes: ")) &&
                     details[1].contains(QStringLiteral("gro off")) &&
                     !details[1].contains(PointStats::kNetperfOnly),
                 qPrintable(details[1]));
        QCOMPARE(view.netperfDetails()->text(), details.join(QLatin1Char('\n')));
        QVERIFY(view.netperfDetails()->isVisibleTo(&view));

        // No pps axes: the note says why, the netperf table replaces the pps rows.
        QVERIFY(view.netperfTable()->isVisibleTo(&view));
        QVERIFY(!view.resultsTable()->isVisibleTo(&view));
        QVERIFY(!view.ppsChart()->isVisibleTo(&view));
        QVERIFY(!view.deltaChart()->isVisibleTo(&view));
        QVERIFY(view.noChartNote()->isVisibleTo(&view));
        QVERIFY2(view.noChartNote()->text().contains(PointStats::kNetperfOnly),
                 qPrintable(view.noChartNote()->text()));
        // netperf's own charts instead: one bar, the table's figure as printed.
        const NoPpsPanel *panel = view.noPpsPanel();
        QVERIFY(panel->rateChart()->isVisibleTo(&view));
        QCOMPARE(panel->rateChart()->figureName(), QStringLiteral("transactions/s"));
        QCOMPARE(panel->rateChart()->barLabels(), QStringList{QStringLiteral("5837.35")});
        QCOMPARE(panel->demandChart()->figureName(), QStringLiteral("S.dem local"));
        QCOMPARE(panel->demandChart()->barLabels(), QStringList{QStringLiteral("90.628")});
        QCOMPARE(view.keyText(), FigureCaption::key(FigureCaption::Marks::Netperf));
        // File > Export chart offers them, not empty pps axes.
        const auto figures = view.figures();
        QCOMPARE(figures.size(), 3);
        QVERIFY2(figures.first().second.caption().contains(view.keyText()),
                 qPrintable(figures.first().second.caption()));
        QVERIFY(!figures.first().second.image(QSize(1200, 500)).isNull());

        // A run with pps has its charts and table back, and no netperf table.
        const qint64 pps = testdata::insert(
            m_store, testdata::burstRun(QStringLiteral("pps"),
                                        {{1, {10e6, 10.1e6, 9.9e6}}, {2, {15e6, 15.1e6, 14.9e6}}}));
        view.showRun(*m_store.loadRun(pps), m_store.stepsOf(pps).value_or(QList<StepResult>{}));
        QVERIFY(view.ppsChart()->isVisibleTo(&view));
        QVERIFY(view.deltaChart()->isVisibleTo(&view));
        QVERIFY(view.resultsTable()->isVisibleTo(&view));
        QVERIFY(!view.noChartNote()->isVisibleTo(&view));
        QVERIFY(!view.netperfTable()->isVisibleTo(&view));
        QCOMPARE(view.ppsChart()->dataPointCount(), 2);
        QCOMPARE(view.figures().size(), 4);
    }

    void compareViewShowsTheChanges() {
        CompareView view;
        view.setStore(&m_store);
        view.resize(1280, 720);
        view.show();
        QVERIFY(view.compareRuns({1, 2}));
        using M = NetperfCompareModel;
        const M *model = view.netperfModel();
        QCOMPARE(model->rowCount(), 5);
        QCOMPARE(model->headerData(M::BaselineColumn, Qt::Horizontal).toString(),
                 QStringLiteral("#1 (baseline)"));

        // Each row is the core's change and the CLI's compare line for that figure.
        const QString compare = cli({QStringLiteral("compare"), QStringLiteral("1"),
                                     QStringLiteral("2"), QStringLiteral("--no-chart")});
        const QList<NetperfChange> changes =
            NetperfChange::between(*NetperfResult::of(m_store.stepsOf(1)->first()),
                                   *NetperfResult::of(m_store.stepsOf(2)->first()));
        QCOMPARE(changes.size(), 5);
        for (int row = 0; row < 5; ++row) {
            const NetperfChange &change = changes[row];
            const auto cell = [&](int column) {
                return model->data(model->index(row, column)).toString();
            };
            QCOMPARE(cell(M::RunColumn), QStringLiteral("#2 TCP_RR 128,14336 gro=off"));
            QCOMPARE(cell(M::FigureColumn), NetperfText::figureName(change.reference));
            QCOMPARE(cell(M::BaselineColumn), NetperfText::valueText(change.reference));
            QCOMPARE(cell(M::ValueColumn), NetperfText::valueText(change.current));
            QCOMPARE(cell(M::ChangeColumn), change.changeText());
            QCOMPARE(cell(M::PercentColumn), change.percentText());
            QCOMPARE(cell(M::VerdictColumn), NetperfText::verdictText(change));
            const QString line = rowText(model, row, M::FigureColumn, M::VerdictColumn);
            QCOMPARE(line, lineStarting(compare, cell(M::FigureColumn)));
        }
        QCOMPARE(rowText(model, 0, M::FigureColumn, M::VerdictColumn),
                 QStringLiteral("trans/s 8118.31 5837.35 -2280.96 -28.1% insufficient"));
        QCOMPARE(rowText(model, 3, M::FigureColumn, M::VerdictColumn),
                 QStringLiteral("S.dem local us/Tr 46.410 90.628 +44.218 +95.3% insufficient"));
        QCOMPARE(rowText(model, 2, M::FigureColumn, M::VerdictColumn),
                 QStringLiteral("CPU remote % - - - not measured"));
        QCOMPARE(model->data(model->index(0, M::VerdictColumn), Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("one repetition")),
                 true);
        // Imported tables have no axes: no empty point column.
        QVERIFY(view.netperfTable()->isColumnHidden(M::PointColumn));

        // The stated setting, as compare says it; the view names the runs
        // whole, as it lists every setting (compare's text fits 72 columns).
        QVERIFY2(compare.contains(QStringLiteral("gro: not recorded in #1, off in #2")),
                 qPrintable(compare));
        QVERIFY2(view.differences().contains(
                     QStringLiteral("Setting: gro: not recorded in TCP_RR 128,14336, off in "
                                    "TCP_RR 128,14336 gro=off")),
                 qPrintable(view.differences().join(QLatin1Char('\n'))));

        QVERIFY(!view.ppsChart()->isVisibleTo(&view));
        QVERIFY(!view.deltaChart()->isVisibleTo(&view));
        QVERIFY(!view.table()->isVisibleTo(&view));
        QVERIFY(view.netperfTable()->isVisibleTo(&view));
        QVERIFY(view.noChartNote()->isVisibleTo(&view));
        QCOMPARE(view.keyText(), FigureCaption::key(FigureCaption::Marks::Netperf));
        QCOMPARE(view.figures().size(), 3);
    }

    // Seed 004 whole: the three sizes with and without gro, charted as the
    // tables print them, a bar a table, in the order compared.
    void compareChartsEveryTable() {
        CompareView view;
        view.setStore(&m_store);
        view.resize(1600, 1000);
        view.show();
        QVERIFY(view.compareRuns({1, 2, 3, 4, 5, 6}));
        const NetperfChart *rate = view.noPpsPanel()->rateChart();
        const NetperfChart *demand = view.noPpsPanel()->demandChart();
        QVERIFY(rate->isVisibleTo(&view) && demand->isVisibleTo(&view));
        QCOMPARE(rate->dataPointCount(), 6);
        QCOMPARE(demand->dataPointCount(), 6);
        QStringList rates;
        QStringList demands;
        for (qint64 id = 1; id <= 6; ++id) {
            const std::optional<NetperfResult> r = NetperfResult::of(m_store.stepsOf(id)->first());
            QVERIFY(r);
            // "TCP_RR" is every label's first word: the charts' titles say it.
            const QString label = m_store.loadRun(id)->label.section(QLatin1Char(' '), 1);
            rates << QStringLiteral("%1: %2").arg(label, r->figures[0].printed);
            demands << QStringLiteral("%1: %2").arg(label, r->figures[3].printed);
        }
        QCOMPARE(rate->chartTitle(), QStringLiteral("netperf TCP_RR transactions/s"));
        QCOMPARE(rate->barLabels(), rates);
        QCOMPARE(demand->barLabels(), demands);
        // The mail's 14K pair, with and without gro.
        QVERIFY2(rates[0].endsWith(QStringLiteral(": 8118.31")) &&
                     rates[1].endsWith(QStringLiteral(": 5837.35")),
                 qPrintable(rates.join(QLatin1Char('\n'))));
        const auto figures = view.figures();
        QCOMPARE(figures.size(), 3);
        QVERIFY(!figures.first().second.image(QSize(1600, 600)).isNull());
    }

    void otherSizesSayWhatDiffers() {
        CompareView view;
        view.setStore(&m_store);
        QVERIFY(view.compareRuns({1, 3}));
        const QString compare = cli({QStringLiteral("compare"), QStringLiteral("1"),
                                     QStringLiteral("3"), QStringLiteral("--no-chart")});
        const QString differs = QStringLiteral("response_bytes: 14336 in #1, 28672 in #3");
        QVERIFY2(compare.contains(QStringLiteral("! ") + differs), qPrintable(compare));
        QVERIFY2(
            view.differences().contains(QStringLiteral("netperf #3 vs baseline #1: ") + differs),
            qPrintable(view.differences().join(QLatin1Char('\n'))));
        QCOMPARE(rowText(view.netperfModel(), 0, NetperfCompareModel::FigureColumn,
                         NetperfCompareModel::VerdictColumn),
                 lineStarting(compare, QStringLiteral("trans/s")));
    }

    void hostileTextShownEscaped() {
        const QString file = m_dir.filePath(QStringLiteral("hostile.txt"));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(hostileTables);
        out.close();
        const QString imported = cli({QStringLiteral("import"), QStringLiteral("--format"),
                                      QStringLiteral("netperf"), file});
        QCOMPARE(imported.count(QStringLiteral("imported run")), 2);
        const qint64 first = QRegularExpression(QStringLiteral("imported run (\\d+):"))
                                 .match(imported)
                                 .captured(1)
                                 .toLongLong();
        const std::optional<Run> run = m_store.loadRun(first);
        QVERIFY(run);

        SweepResultsView results;
        results.setStore(&m_store);
        results.showRun(*run, m_store.stepsOf(first).value_or(QList<StepResult>{}));
        QCOMPARE(results.netperfModel()->rowCount(), 1);
        CompareView compare;
        compare.setStore(&m_store);
        QVERIFY(compare.compareRuns({first, first + 1}));
        QCOMPARE(compare.netperfModel()->rowCount(), 5);

        const QStringList shown =
            shownTexts(results.netperfModel()) + shownTexts(compare.netperfModel()) +
            compare.differences() +
            QStringList{results.noChartNote()->text(), results.netperfDetails()->text()} +
            results.noPpsPanel()->rateChart()->barLabels() +
            compare.noPpsPanel()->rateChart()->barLabels();
        for (const QString &text : shown)
            QVERIFY2(!hasControl(text), qPrintable(text));
        const QString notes = results.netperfDetails()->text();
        QVERIFY2(notes.contains(QStringLiteral("\\x1b]0;owned\\x07")), qPrintable(notes));
        // Tooltips are shown as rich text: the source's markup is escaped, not drawn.
        const QString tip = compare.netperfModel()
                                ->data(compare.netperfModel()->index(0, 0), Qt::ToolTipRole)
                                .toString();
        QVERIFY2(tip.contains(QStringLiteral("&lt;b&gt;bold&lt;/b&gt;")) &&
                     tip.contains(QStringLiteral("\\x1b]0;owned")),
                 qPrintable(tip));
    }

  private:
    QString cli(const QStringList &args) {
        QProcess p;
        p.start(kCli, QStringList{QStringLiteral("--db"), m_db} + args);
        if (!p.waitForFinished(120000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return QString::fromUtf8(p.readAllStandardOutput());
    }

    QTemporaryDir m_dir;
    QString m_db;
    RunStore m_store;
};

QTEST_MAIN(TestNetperfViews)
#include "tst_netperfviews.moc"
