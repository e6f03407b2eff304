// One number, one formula. A stored run with noisy repetitions (an even
// count, a skewed point whose mean and median disagree, an invalid
// repetition) and a baseline run are rendered in every output: netdev text
// (run and comparison), CSV, JSON and Markdown, the CLI's show, compare and
// runs, the GUI's results table, compare table and chart series. Each is
// parsed back: the pps, ns/packet and every delta must agree to the printed
// precision, and each printed delta must be 1e9/pps(reference) -
// 1e9/pps(this) from the pps printed beside it. Some repetitions of the
// noisy run had their TX core disturbed: every output counts the same
// disturbed repetitions per point, names them in the same words, and states
// the same precision. Every verdict is the same word in every output
// (better, worse, within noise, or why none is given: a delta with a
// disturbed side says "disturbed"), every output states the same Holm
// correction, and a disturbed point is never the comparison's headline. A
// paced point below its target says so in every output, and the delta
// between paced points is "paced" in every one. Runs swept with
// --rerun-disturbed or --exclude-disturbed print the figures their own
// policy gives everywhere, the runs list included, and a baseline is judged
// under its own policy.
#include "CsvRows.h"
#include "compare/CompareTableModel.h"
#include "compare/CompareView.h"
#include "exchange/ExportFormat.h"
#include "exchange/TextLayout.h"
#include "results/ChartSeriesBuilder.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "runs/RunsTableModel.h"
#include "store/RunStore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>

using namespace burstlab;

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");
const QList<qint64> bursts{1, 4, 8, 12, 32};
const QString invalidReason = QStringLiteral("ring full for the whole window");

// Repetitions per point; 0 marks an invalid repetition.
const QList<QList<double>> noisy{
    {12.1e6, 12.6e6, 11.8e6},
    {48000001, 48680002, 49.5e6, 47.9e6}, // even count: median 48340001.5
    {45.10e6, 45.0e6, 90.0e6, 0},         // one fast outlier, one invalid
    {54.4e6, 56.6e6, 55.0e6},
    {60781227, 60700000, 60900000}};
const QList<QList<double>> baseline{{11.0e6, 11.2e6, 10.9e6},
                                    {47.0e6, 47.5e6, 46.8e6},
                                    {50.0e6, 50.5e6, 49.0e6},
                                    {55.0e6, 55.1e6, 54.9e6},
                                    {61.0e6, 60.9e6, 61.2e6}};

// The noisy run's TX core's share of its CPU per repetition (below 0.98:
// disturbed); the baseline's engine reported none.
const QList<QList<double>> noisyCpuShares{
    {1, 0.71, 1}, {1, 1, 1, 1}, {1, 1, 1, 1}, {0.5, 1, 0.934}, {1, 1, 1}};
const QList<int> noisyDisturbed{1, 0, 0, 2, 0};

QJsonObject threadFigures(double share) {
    return {{QStringLiteral("lcores"), 1},
            {QStringLiteral("wall_ns"), 80000000},
            {QStringLiteral("on_cpu_ns"), qint64(80000000 * share)},
            {QStringLiteral("min_cpu_share"), share},
            {QStringLiteral("involuntary_switches"), share < 1 ? 40 : 0},
            {QStringLiteral("voluntary_switches"), 0},
            {QStringLiteral("steal_ns"), 0},
            {QStringLiteral("max_steal_share"), 0.0},
            {QStringLiteral("cpu_pps"), 9e6},
            {QStringLiteral("cpu_ns_per_pkt"), 1e9 / 9e6}};
}

RunData storedRun(const QString &label, const QList<QList<double>> &reps,
                  const QList<QList<double>> &cpuShares = {}) {
    RunData data;
    data.run.name = QStringLiteral("burst sweep on net_null0");
    data.run.label = label;
    data.run.status = RunStatus::Completed;
    data.run.created = QDateTime::currentDateTimeUtc();
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    data.run.spec.axes = {Axis{QStringLiteral("burst"), {}}};
    data.run.spec.reps = 4;
    data.run.spec.durationMs = 100;
    data.run.spec.warmupMs = 20;
    data.run.spec.seed = 5;
    int seq = 0;
    for (qsizetype p = 0; p < bursts.size(); ++p) {
        data.run.spec.axes.first().values << AxisValue(bursts[p]);
        for (qsizetype r = 0; r < reps[p].size(); ++r) {
            StepResult step;
            step.point = Point{{AxisValue(bursts[p])}};
            step.rep = int(r);
            step.seq = seq++;
            const bool valid = reps[p][r] > 0;
            step.status = valid ? RunStatus::Completed : RunStatus::Invalid;
            step.error = valid ? QString() : invalidReason;
            // The whole-step rate differs from the window rate the statistics use.
            step.pps = valid ? reps[p][r] * 0.97 : 1e9;
            step.ppsAfterWarmup = valid ? reps[p][r] : 2e9;
            StepFinished measured;
            LcoreFinished lcore;
            lcore.lcore = 1;
            lcore.counters.txPkts = 1000 + seq;
            measured.lcores << lcore;
            if (valid && p < cpuShares.size())
                measured.thread =
                    StepThreadFigures::fromJson(threadFigures(cpuShares[p][r]), nullptr);
            step.measured = measured;
            data.steps << StepData{step, {}};
        }
    }
    return data;
}

// A rate sweep: 10 kpps reached, 100 kpps not (93155 pps).
RunData pacedRun() {
    RunData data;
    data.run.name = QStringLiteral("rate sweep on net_null0");
    data.run.label = QStringLiteral("paced");
    data.run.status = RunStatus::Completed;
    data.run.created = QDateTime::currentDateTimeUtc();
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    data.run.spec.axes = {
        Axis{QStringLiteral("rate_pps"), {AxisValue(qint64(10000)), AxisValue(qint64(100000))}}};
    data.run.spec.reps = 3;
    data.run.spec.durationMs = 1000;
    data.run.spec.warmupMs = 100;
    const QList<QList<double>> reps{{9999, 10000, 10001}, {93100, 93155, 93210}};
    int seq = 0;
    for (qsizetype p = 0; p < reps.size(); ++p) {
        const qint64 rate = data.run.spec.axes.first().values[p].number();
        for (qsizetype r = 0; r < reps[p].size(); ++r) {
            StepResult step;
            step.point = Point{{AxisValue(rate)}};
            step.rep = int(r);
            step.seq = seq++;
            step.status = RunStatus::Completed;
            step.pps = reps[p][r];
            StepFinished measured;
            measured.params = QJsonObject{{QStringLiteral("rate_pps"), rate}};
            step.measured = measured;
            data.steps << StepData{step, {}};
        }
    }
    return data;
}

// The figure the test expects, computed here from the raw repetitions.
qint64 expectedPps(const QList<double> &reps) {
    QList<double> valid;
    for (double v : reps) {
        if (v > 0)
            valid << v;
    }
    std::sort(valid.begin(), valid.end());
    const qsizetype n = valid.size();
    const double median = n % 2 ? valid[n / 2] : (valid[n / 2 - 1] + valid[n / 2]) / 2;
    return std::llround(median);
}

// A pps as the GUI's tables print it, grouped in thousands as every text
// output prints it; -1 for a figure printed any other way.
qint64 count(const QString &grouped) {
    const qint64 value = QString(grouped).remove(QLatin1Char(',')).toLongLong();
    return TextLayout::thousands(value) == grouped ? value : -1;
}

QString ns2(double value) {
    return TextLayout::fixed2(value);
}

// 1e9/a - 1e9/b at the printed precision.
QString deltaText(qint64 a, qint64 b) {
    return ns2(1e9 / double(a) - 1e9 / double(b));
}

// What one output says about one point.
struct Printed {
    qint64 pps = 0;
    QString ns;      // 2 decimals; empty when the output prints none
    QString delta;   // vs previous point (or baseline), 2 decimals; empty for none
    QString verdict; // as printed; empty for none
};

Printed ppsOnly(qint64 pps) {
    Printed p;
    p.pps = pps;
    return p;
}

// "2.00" from a full-precision number an output carries.
QString rounded(const QJsonValue &v) {
    return v.isDouble() ? ns2(v.toDouble()) : QString();
}

// Cells of a TextTable line by the header's column starts.
QMap<QString, QString> tableRow(const QString &header, const QString &line) {
    QMap<QString, QString> row;
    const QStringList names = header.split(QRegularExpression(QStringLiteral("\\s{2,}")));
    QList<qsizetype> starts;
    qsizetype at = 0;
    for (const QString &name : names) {
        at = header.indexOf(name, at);
        starts << at;
        at += name.size();
    }
    // Every cell is padded to its column, which starts where its header does.
    for (qsizetype i = 0; i < names.size(); ++i) {
        const qsizetype end = i + 1 < names.size() ? starts[i + 1] : line.size();
        row[names[i]] = line.mid(starts[i], end - starts[i]).trimmed();
    }
    return row;
}

// The header line of show's point table; lines.size() when there is none.
qsizetype pointTableAt(const QStringList &lines) {
    return std::find_if(lines.begin(), lines.end(),
                        [](const QString &l) { return l.startsWith(QStringLiteral("POINT ")); }) -
           lines.begin();
}

// The data rows of a Markdown table, by its header's names.
QList<QMap<QString, QString>> markdownRows(const QString &text) {
    const auto cellsOf = [](const QString &line) {
        return line.mid(2, line.size() - 4).split(QStringLiteral(" | "));
    };
    QList<QMap<QString, QString>> rows;
    QStringList header;
    for (const QString &line : text.split(u'\n')) {
        if (!line.startsWith(QStringLiteral("| ")))
            continue;
        const QStringList cells = cellsOf(line);
        if (header.isEmpty()) {
            header = cells;
            continue;
        }
        if (cells.size() != header.size())
            continue;
        QMap<QString, QString> row;
        for (qsizetype i = 0; i < cells.size(); ++i)
            row[header[i]] = cells[i];
        rows << row;
    }
    return rows;
}

// One attempt at a repetition of a run whose figures its noise policy decides.
struct Attempt {
    qint64 burst = 0;
    int rep = 0;
    double pps = 0;
    double cpuShare = 1; // below 0.98: disturbed
};

// A run of completed attempts in the given order (a later attempt of the
// same repetition is a re-run), swept under the given noise policy.
RunData policyRun(const QString &label, const NoisePolicy &noise, const QList<Attempt> &attempts) {
    RunData data;
    data.run.name = label;
    data.run.label = label;
    data.run.status = RunStatus::Completed;
    data.run.created = QDateTime::currentDateTimeUtc();
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    data.run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8)}}};
    data.run.spec.reps = 3;
    data.run.spec.durationMs = 100;
    data.run.spec.warmupMs = 20;
    data.run.spec.noise = noise;
    int seq = 0;
    for (const Attempt &a : attempts) {
        StepResult step;
        step.point = Point{{AxisValue(a.burst)}};
        step.rep = a.rep;
        step.seq = seq++;
        step.status = RunStatus::Completed;
        step.pps = a.pps;
        StepFinished measured;
        measured.thread = StepThreadFigures::fromJson(threadFigures(a.cpuShare), nullptr);
        step.measured = measured;
        data.steps << StepData{step, {}};
    }
    return data;
}

// burst=1 quiet; at burst=8 a fast disturbed attempt of repetition 0, run
// again: counted, it moves the median from 41e6 to 41.5e6.
const QList<Attempt> rerunAttempts{{1, 0, 10.0e6},      {1, 1, 10.2e6}, {1, 2, 10.1e6},
                                   {8, 0, 60.0e6, 0.5}, {8, 0, 40.0e6}, {8, 1, 41.0e6},
                                   {8, 2, 42.0e6}};
// The same without the re-run: left out, the disturbed one moves nothing.
const QList<Attempt> disturbedAttempts{{1, 0, 10.0e6},      {1, 1, 10.2e6}, {1, 2, 10.1e6},
                                       {8, 0, 60.0e6, 0.5}, {8, 1, 40.0e6}, {8, 2, 41.0e6},
                                       {8, 3, 42.0e6}};
// Under their runs' policies (--rerun-disturbed, --exclude-disturbed) both
// give these figures; counting every repetition would give 41.5e6 at burst=8.
const QList<qint64> policyFigures{10100000, 41000000};
const qint64 countedAllFigure = 41500000;
} // namespace

class TestConsistency : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    RunStore m_store;
    qint64 m_baseline = 0;
    qint64 m_noisy = 0;
    QList<qint64> m_expected;     // the noisy run's figures
    QList<qint64> m_baseExpected; // the baseline's
    QStringList m_prevVerdicts;   // the noisy run's, vs previous point, by the core
    QStringList m_baseVerdicts;   // and vs the baseline
    QString m_prevCorrection;     // Delta::correctionText of each family
    QString m_baseCorrection;

    QString cli(const QStringList &args) { return cliOn(m_db, args); }

    static QString cliOn(const QString &db, const QStringList &args) {
        QProcess p;
        p.start(kCli, QStringList{QStringLiteral("--db"), db} + args);
        if (!p.waitForFinished(30000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return QString::fromUtf8(p.readAllStandardOutput());
    }

    // The printed figures of the noisy run, vs previous point, in point order.
    // verdicts: whether the output prints verdicts (the charts do not).
    void checkRun(const QString &output, const QList<Printed> &printed, bool verdicts = true) {
        QCOMPARE(printed.size(), bursts.size());
        qint64 previous = 0;
        for (qsizetype i = 0; i < printed.size(); ++i) {
            const Printed &p = printed[i];
            QVERIFY2(p.pps == m_expected[i],
                     qPrintable(QStringLiteral("%1: burst=%2 pps %3, expected %4")
                                    .arg(output)
                                    .arg(bursts[i])
                                    .arg(p.pps)
                                    .arg(m_expected[i])));
            if (!p.ns.isEmpty())
                QCOMPARE(p.ns, ns2(1e9 / double(p.pps)));
            if (previous == 0) {
                QVERIFY2(p.delta.isEmpty(), qPrintable(output));
            } else {
                // Recomputed from the pps printed beside it.
                QVERIFY2(p.delta == deltaText(previous, p.pps),
                         qPrintable(QStringLiteral("%1: burst=%2 delta %3, from the printed pps %4")
                                        .arg(output)
                                        .arg(bursts[i])
                                        .arg(p.delta, deltaText(previous, p.pps))));
            }
            if (verdicts)
                checkVerdict(output, p, m_prevVerdicts[i]);
            previous = p.pps;
        }
    }

    // The printed figures of the noisy run against the baseline.
    void checkAgainstBaseline(const QString &output, const QList<Printed> &base,
                              const QList<Printed> &mine, bool verdicts = true) {
        QCOMPARE(base.size(), bursts.size());
        QCOMPARE(mine.size(), bursts.size());
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            QCOMPARE(base[i].pps, m_baseExpected[i]);
            QCOMPARE(mine[i].pps, m_expected[i]);
            QVERIFY2(mine[i].delta == deltaText(base[i].pps, mine[i].pps),
                     qPrintable(QStringLiteral("%1: burst=%2 delta %3, from the printed pps %4")
                                    .arg(output)
                                    .arg(bursts[i])
                                    .arg(mine[i].delta, deltaText(base[i].pps, mine[i].pps))));
            if (verdicts)
                checkVerdict(output, mine[i], m_baseVerdicts[i]);
        }
    }

    // The core's word, where the output prints one (the netdev text leaves
    // "insufficient" out); and never a side the delta does not take.
    static void checkVerdict(const QString &output, const Printed &p, const QString &expected) {
        const bool optional = expected.isEmpty() || expected == QLatin1String("insufficient");
        QVERIFY2(p.verdict == expected || (optional && p.verdict.isEmpty()),
                 qPrintable(QStringLiteral("%1: verdict '%2', the core's '%3' (delta %4)")
                                .arg(output, p.verdict, expected, p.delta)));
        const double delta = p.delta.toDouble();
        if (p.verdict == QLatin1String("better"))
            QVERIFY2(delta > 0, qPrintable(output));
        if (p.verdict == QLatin1String("worse"))
            QVERIFY2(delta < 0, qPrintable(output));
    }

    // Rows of CSV or JSON points, by run id.
    QList<Printed> fromJsonRows(const QList<QJsonObject> &rows, qint64 runId,
                                const QString &prefix) {
        QList<Printed> out;
        for (const QJsonObject &row : rows) {
            if (row.value(QStringLiteral("run_id")).toInteger() != runId)
                continue;
            out << Printed{row.value(QStringLiteral("pps")).toInteger(),
                           rounded(row.value(QStringLiteral("ns_per_pkt"))),
                           rounded(row.value(prefix + QStringLiteral("_delta_ns"))),
                           row.value(prefix + QStringLiteral("_verdict")).toString()};
        }
        return out;
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_db = m_dir.filePath(QStringLiteral("consistency.sqlite"));
        QVERIFY(m_store.open(m_db));
        m_baseline = *m_store.insertRunData(storedRun(QStringLiteral("baseline"), baseline));
        m_noisy = *m_store.insertRunData(storedRun(QStringLiteral("noisy"), noisy, noisyCpuShares));
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            m_expected << expectedPps(noisy[i]);
            m_baseExpected << expectedPps(baseline[i]);
        }
        QCOMPARE(m_expected[1], qint64(48340002)); // the median of an even count, rounded
        const RunData noisyRun = *m_store.loadRunData(m_noisy);
        const RunData baseRun = *m_store.loadRunData(m_baseline);
        const QList<PointStats> stats = PointStats::ofRun(noisyRun, {}, &baseRun);
        for (const PointStats &s : stats) {
            m_prevVerdicts << (s.vsPrevious ? QLatin1String(toString(s.vsPrevious->verdict))
                                            : QString());
            m_baseVerdicts << (s.vsBaseline ? QLatin1String(toString(s.vsBaseline->verdict))
                                            : QString());
        }
        // burst=4 follows a disturbed point, burst=12 is one, burst=32 follows it.
        QCOMPARE(m_prevVerdicts[1], QStringLiteral("disturbed"));
        QCOMPARE(m_prevVerdicts[3], QStringLiteral("disturbed"));
        QCOMPARE(m_prevVerdicts[4], QStringLiteral("disturbed"));
        QCOMPARE(m_baseVerdicts[0], QStringLiteral("disturbed"));
        m_prevCorrection = PointStats::correctionText(stats, false);
        m_baseCorrection = PointStats::correctionText(stats, true);
        QCOMPARE(m_prevCorrection,
                 QStringLiteral("Welch's t-test, Holm-corrected over 1 delta, alpha 5%"));
        QCOMPARE(m_baseCorrection,
                 QStringLiteral("Welch's t-test, Holm-corrected over 3 deltas, alpha 5%"));
    }

    void netdevRun() {
        const QString text = exportRuns(ExportFormat::Netdev, {*m_store.loadRunData(m_noisy)});
        const QRegularExpression row(
            QStringLiteral(
                R"(^ burst=(\d+)\s+tx:\s*(\d+) pps(?: \(\s*(-?[\d.]+) ns(?: \(worse\))?\))?( better| worse| within noise| disturbed| paced)?)"),
            QRegularExpression::MultilineOption);
        QList<Printed> printed;
        for (auto it = row.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            printed << Printed{
                m.captured(2).toLongLong(), {}, m.captured(3), m.captured(4).trimmed()};
        }
        checkRun(QStringLiteral("netdev"), printed);
        QVERIFY2(text.contains(QStringLiteral("[1 invalid]")), qPrintable(text));
        QVERIFY(text.contains(invalidReason));
        // Its summary line too.
        const auto summary =
            QRegularExpression(
                QStringLiteral(R"(\(1/(\d+)\*10\^9\)-\(1/(\d+)\*10\^9\) = (-?[\d.]+) ns)"))
                .match(text);
        QVERIFY(summary.hasMatch());
        QCOMPARE(summary.captured(3),
                 deltaText(summary.captured(1).toLongLong(), summary.captured(2).toLongLong()));
        // The chart prints the same pps and deltas.
        for (qsizetype i = 0; i < bursts.size(); ++i)
            QVERIFY(text.contains(QRegularExpression(
                QStringLiteral(R"(\n burst=%1 +#* +%2\n)").arg(bursts[i]).arg(m_expected[i]))));
    }

    void netdevComparison() {
        const QString text =
            cli({QStringLiteral("compare"), QString::number(m_baseline), QString::number(m_noisy)});
        QVERIFY(!text.isEmpty());
        QVERIFY(text.contains(QStringLiteral("#%1 baseline (baseline)").arg(m_baseline)));
        const QRegularExpression ppsRow(QStringLiteral(R"(^ burst=(\d+)\s+(\d+)\*?\s+(\d+)\*?$)"),
                                        QRegularExpression::MultilineOption);
        QList<Printed> base, mine;
        for (auto it = ppsRow.globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            base << ppsOnly(m.captured(2).toLongLong());
            mine << ppsOnly(m.captured(3).toLongLong());
        }
        const QRegularExpression deltaRow(
            QStringLiteral(
                R"(^ burst=(\d+)\s+\(\s*(-?[\d.]+) ns(?: \(worse\))?\)(?: CI \[[^]]*\])?( better| worse| within noise| disturbed| paced)?)"),
            QRegularExpression::MultilineOption);
        qsizetype i = 0;
        for (auto it = deltaRow.globalMatch(text); it.hasNext() && i < mine.size(); ++i) {
            const auto m = it.next();
            mine[i].delta = m.captured(2);
            mine[i].verdict = m.captured(3).trimmed();
        }
        QCOMPARE(i, bursts.size());
        checkAgainstBaseline(QStringLiteral("compare"), base, mine);
        // It ends with the seed-style summary of the largest change called
        // better or worse, redone from its pps; here every such delta has a
        // disturbed side or is within noise, so none is the headline.
        const QStringList all = text.trimmed().split(u'\n');
        if (!m_baseVerdicts.contains(QStringLiteral("better")) &&
            !m_baseVerdicts.contains(QStringLiteral("worse"))) {
            QCOMPARE(all.last(), QStringLiteral("Largest change: none called better or worse"));
            return;
        }
        const QStringList last = all.mid(all.size() - 2);
        const auto summary =
            QRegularExpression(
                QStringLiteral(R"(^ \(1/(\d+)\*10\^9\)-\(1/(\d+)\*10\^9\) = (-?[\d.]+) ns$)"))
                .match(last[0]);
        QVERIFY2(summary.hasMatch(), qPrintable(text));
        QCOMPARE(summary.captured(3),
                 deltaText(summary.captured(1).toLongLong(), summary.captured(2).toLongLong()));
    }

    void csvAndJson() {
        const QList<RunData> runs{*m_store.loadRunData(m_baseline), *m_store.loadRunData(m_noisy)};
        const QJsonArray points =
            QJsonDocument::fromJson(exportRuns(ExportFormat::Json, runs).toUtf8())
                .object()
                .value(QStringLiteral("points"))
                .toArray();
        QList<QJsonObject> json;
        for (const QJsonValue &v : points)
            json << v.toObject();
        checkRun(QStringLiteral("json"), fromJsonRows(json, m_noisy, QStringLiteral("prev")));
        checkAgainstBaseline(QStringLiteral("json"),
                             fromJsonRows(json, m_baseline, QStringLiteral("prev")),
                             fromJsonRows(json, m_noisy, QStringLiteral("base")));
        // Every repetition, as the statistics saw it: window pps, status, reason, lcores.
        const QJsonArray reps = json[5 + 2].value(QStringLiteral("repetitions")).toArray();
        QCOMPARE(reps.size(), 4);
        QCOMPARE(reps[2].toObject().value(QStringLiteral("pps")).toDouble(), 90.0e6);
        QCOMPARE(reps[3].toObject().value(QStringLiteral("status")).toString(),
                 QStringLiteral("invalid"));
        QCOMPARE(reps[3].toObject().value(QStringLiteral("reason")).toString(), invalidReason);
        QCOMPARE(reps[0].toObject().value(QStringLiteral("lcores")).toArray().size(), 1);

        // CSV: the same rows, parsed as a spreadsheet would.
        QList<QJsonObject> csv;
        for (const QMap<QString, QString> &cells : csvRows(exportRuns(ExportFormat::Csv, runs))) {
            QJsonObject row;
            for (auto it = cells.begin(); it != cells.end(); ++it) {
                bool number = false;
                const double v = it.value().toDouble(&number);
                row.insert(it.key(), number ? QJsonValue(v) : QJsonValue(it.value()));
            }
            csv << row;
        }
        checkRun(QStringLiteral("csv"), fromJsonRows(csv, m_noisy, QStringLiteral("prev")));
        checkAgainstBaseline(QStringLiteral("csv"),
                             fromJsonRows(csv, m_baseline, QStringLiteral("prev")),
                             fromJsonRows(csv, m_noisy, QStringLiteral("base")));
        QCOMPARE(csv[5 + 2].value(QStringLiteral("rep_status")).toString(),
                 QStringLiteral("completed;completed;completed;invalid"));
    }

    void markdown() {
        const QString text = exportRuns(ExportFormat::Markdown, {*m_store.loadRunData(m_baseline),
                                                                 *m_store.loadRunData(m_noisy)});
        QList<Printed> base, mine;
        const auto rows = markdownRows(text);
        const auto orNone = [](const QString &cell) {
            return cell == QLatin1String("-") ? QString() : cell;
        };
        for (const auto &row : rows) {
            const bool isBase =
                row.value(QStringLiteral("run")).contains(QStringLiteral("baseline"));
            Printed p{
                row.value(QStringLiteral("pps")).toLongLong(), row.value(QStringLiteral("ns/pkt")),
                orNone(row.value(isBase ? QStringLiteral("Δ prev ns")
                                        : QStringLiteral("Δ baseline ns"))),
                row.value(isBase ? QStringLiteral("vs prev") : QStringLiteral("vs baseline"))};
            (isBase ? base : mine) << p;
            if (!isBase) {
                // And its delta vs the previous point, in the same row.
                m_markdownPrev << Printed{p.pps, p.ns,
                                          orNone(row.value(QStringLiteral("Δ prev ns"))),
                                          row.value(QStringLiteral("vs prev"))};
            }
        }
        checkAgainstBaseline(QStringLiteral("markdown"), base, mine);
        checkRun(QStringLiteral("markdown"), m_markdownPrev);
    }

    void cliShowAndRuns() {
        const QString text = cli({QStringLiteral("show"), QString::number(m_noisy)});
        const QStringList lines = text.split(u'\n');
        const qsizetype at = pointTableAt(lines);
        QVERIFY2(at > 0 && at < lines.size(), qPrintable(text));
        QList<Printed> printed;
        for (const QString &line : lines.mid(at + 1)) {
            if (line.isEmpty())
                continue;
            const auto row = tableRow(lines[at], line);
            printed << Printed{row.value(QStringLiteral("PPS")).toLongLong(),
                               row.value(QStringLiteral("NS/PKT")),
                               row.value(QStringLiteral("DELTA NS")) == QLatin1String("-")
                                   ? QString()
                                   : row.value(QStringLiteral("DELTA NS")),
                               row.value(QStringLiteral("VERDICT"))};
            QVERIFY2(!line.contains(QStringLiteral("nan")), qPrintable(line));
        }
        checkRun(QStringLiteral("show"), printed);
        QVERIFY(text.contains(QStringLiteral("1 of 4 repetitions invalid: ") + invalidReason));

        // runs: the best point figure, not the fastest repetition (90e6).
        const QJsonArray runs =
            QJsonDocument::fromJson(
                cli({QStringLiteral("runs"), QStringLiteral("--json")}).toUtf8())
                .array();
        for (const QJsonValue &v : runs) {
            const QJsonObject r = v.toObject();
            const QList<qint64> &figures =
                r.value(QStringLiteral("id")).toInteger() == m_noisy ? m_expected : m_baseExpected;
            QCOMPARE(qint64(r.value(QStringLiteral("best_pps")).toDouble()),
                     *std::max_element(figures.begin(), figures.end()));
        }
    }

    // The GUI's runs list: the same best point figure as `runs` and show.
    void guiRunsList() {
        RunsTableModel model;
        model.setLoader([this](qint64 olderThan, int count) {
            RunFilter page;
            page.limit = count;
            page.olderThan = olderThan;
            return m_store.listRuns(page);
        });
        for (const auto &[id, figures] :
             {std::pair{m_noisy, m_expected}, std::pair{m_baseline, m_baseExpected}}) {
            const QModelIndex best = model.index(model.rowOf(id), RunsTableModel::BestPpsColumn);
            QCOMPARE(qint64(best.data(Qt::UserRole).toDouble()),
                     *std::max_element(figures.begin(), figures.end()));
            // Grouped as in every text output.
            QCOMPARE(best.data().toString(),
                     TextLayout::thousands(*std::max_element(figures.begin(), figures.end())));
        }
    }

    void guiResultsTable() {
        SweepResultsView view;
        view.setStore(&m_store);
        const RunData data = *m_store.loadRunData(m_noisy);
        view.showRun(data.run, data.results());
        const ResultsTableModel *model = view.resultsModel();
        QCOMPARE(model->rowCount(), bursts.size());
        const auto cell = [&](int row, int column) {
            return model->data(model->index(row, column)).toString();
        };
        QList<Printed> printed;
        for (int r = 0; r < model->rowCount(); ++r) {
            const QString delta = cell(r, ResultsTableModel::DeltaColumn);
            printed << Printed{count(cell(r, ResultsTableModel::PpsColumn)),
                               cell(r, ResultsTableModel::NsColumn),
                               delta == QStringLiteral("—") ? QString() : delta,
                               cell(r, ResultsTableModel::VerdictColumn)};
        }
        checkRun(QStringLiteral("results table"), printed);
        QCOMPARE(cell(2, ResultsTableModel::RepsColumn), QStringLiteral("3 + 1 invalid"));

        // Against the baseline run.
        QVERIFY(view.setBaselineRun(m_baseline));
        QList<Printed> base, mine;
        for (int r = 0; r < model->rowCount(); ++r) {
            base << ppsOnly(m_baseExpected[r]);
            mine << Printed{count(cell(r, ResultsTableModel::PpsColumn)),
                            {},
                            cell(r, ResultsTableModel::DeltaColumn),
                            cell(r, ResultsTableModel::VerdictColumn)};
        }
        checkAgainstBaseline(QStringLiteral("results table vs baseline"), base, mine);
    }

    void guiCompareTableAndCharts() {
        CompareView view;
        view.setStore(&m_store);
        QVERIFY(view.compareRuns({m_baseline, m_noisy}));
        const CompareTableModel *model = view.tableModel();
        const auto cell = [&](int row, int column) {
            return model->data(model->index(row, column)).toString();
        };
        QList<Printed> base, mine;
        for (int r = 0; r < model->rowCount(); ++r) {
            base << ppsOnly(
                count(cell(r, CompareTableModel::columnOf(0, CompareTableModel::PpsField))));
            mine << Printed{
                count(cell(r, CompareTableModel::columnOf(1, CompareTableModel::PpsField))),
                {},
                cell(r, CompareTableModel::columnOf(1, CompareTableModel::DeltaField)),
                cell(r, CompareTableModel::columnOf(1, CompareTableModel::VerdictField))};
        }
        checkAgainstBaseline(QStringLiteral("compare table"), base, mine);
        QCOMPARE(model->headerData(1, Qt::Horizontal).toString(),
                 QStringLiteral("#%1 pps (baseline)").arg(m_baseline));
        QVERIFY(model->headerData(1, Qt::Horizontal, Qt::ToolTipRole)
                    .toString()
                    .startsWith(QStringLiteral("#%1 baseline").arg(m_baseline)));

        // The charts draw the same figures: pps, and deltas vs previous and baseline.
        const RunData noisyRun = *m_store.loadRunData(m_noisy);
        const RunData baseRun = *m_store.loadRunData(m_baseline);
        const QList<PointStats> stats = PointStats::ofRun(noisyRun, {}, &baseRun);
        const QStringList axes{QStringLiteral("burst")};
        const QList<ChartSeriesData> pps =
            ChartSeriesBuilder::pps(stats, axes, QStringLiteral("n"));
        QCOMPARE(pps.size(), 1);
        QList<Printed> charted;
        for (const ChartPoint &p : pps.first().points) {
            QCOMPARE(p.y, std::round(p.y));
            QVERIFY(p.low <= p.y && p.y <= p.high);
            charted << ppsOnly(qint64(p.y));
        }
        const QList<ChartSeriesData> previous =
            ChartSeriesBuilder::deltas(stats, axes, QStringLiteral("n"), DeltaMode::VsPrevious);
        QCOMPARE(previous.first().points.size(), bursts.size() - 1);
        for (qsizetype i = 1; i < charted.size(); ++i)
            charted[i].delta = ns2(previous.first().points[i - 1].y);
        checkRun(QStringLiteral("pps and delta charts"), charted, false);
        const QList<ChartSeriesData> vsBase =
            ChartSeriesBuilder::deltas(stats, axes, QStringLiteral("n"), DeltaMode::VsBaseline);
        QList<Printed> base2, mine2;
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            base2 << ppsOnly(m_baseExpected[i]);
            mine2 << Printed{charted[i].pps, {}, ns2(vsBase.first().points[i].y), {}};
        }
        checkAgainstBaseline(QStringLiteral("delta chart vs baseline"), base2, mine2, false);
    }

    // Disturbed repetitions, per point, in every output: the same count, the
    // same words, and the same precision of each point.
    void disturbedCountsAndPrecisionAgree() {
        const RunData data = *m_store.loadRunData(m_noisy);
        const QList<PointStats> stats = PointStats::ofRun(data);
        QList<QString> notes, precisions;
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            QCOMPARE(stats[i].disturbance.disturbed, noisyDisturbed[i]);
            notes << stats[i].disturbance.text();
            precisions << stats[i].precision.shareText();
        }
        QCOMPARE(notes[3], QStringLiteral("2 of 3 repetitions disturbed (TX core on CPU "
                                          "50.0-93.4%, steal 0.0%)"));
        const auto check = [&](const QString &output, qsizetype i, int disturbed,
                               const QString &precision = {}) {
            QVERIFY2(disturbed == noisyDisturbed[i],
                     qPrintable(QStringLiteral("%1: burst=%2 has %3 disturbed, expected %4")
                                    .arg(output)
                                    .arg(bursts[i])
                                    .arg(disturbed)
                                    .arg(noisyDisturbed[i])));
            QVERIFY2(precision.isEmpty() || precision == precisions[i],
                     qPrintable(QStringLiteral("%1: burst=%2 precision %3, expected %4")
                                    .arg(output)
                                    .arg(bursts[i])
                                    .arg(precision, precisions[i])));
        };

        // netdev: "[2 disturbed]" on the point's row, the note in the notes.
        const QString netdev = exportRuns(ExportFormat::Netdev, {data});
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            const auto m =
                QRegularExpression(QStringLiteral(R"(^ burst=%1 .*tx:.*$)").arg(bursts[i]),
                                   QRegularExpression::MultilineOption)
                    .match(netdev);
            QVERIFY2(m.hasMatch(), qPrintable(netdev));
            const auto count =
                QRegularExpression(QStringLiteral(R"(\[(\d+) disturbed\])")).match(m.captured(0));
            check(QStringLiteral("netdev"), i, count.hasMatch() ? count.captured(1).toInt() : 0);
            if (!notes[i].isEmpty())
                QVERIFY2(netdev.simplified().contains(notes[i]), qPrintable(netdev));
        }

        // show: the DISTURBED and PRECISION columns, and the note.
        const QString show = cli({QStringLiteral("show"), QString::number(m_noisy)});
        const QStringList lines = show.split(u'\n');
        const qsizetype at = pointTableAt(lines);
        QVERIFY2(at < lines.size(), qPrintable(show));
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            const auto row = tableRow(lines[at], lines[at + 1 + i]);
            check(QStringLiteral("show"), i, row.value(QStringLiteral("DISTURBED")).toInt(),
                  row.value(QStringLiteral("PRECISION")));
            QVERIFY2(notes[i].isEmpty() || lines[at + 1 + i].contains(notes[i]),
                     qPrintable(lines[at + 1 + i]));
        }

        // JSON and CSV: "disturbed", "disturbance" and "precision" (a share).
        const QJsonArray points =
            QJsonDocument::fromJson(exportRuns(ExportFormat::Json, {data}).toUtf8())
                .object()
                .value(QStringLiteral("points"))
                .toArray();
        QCOMPARE(points.size(), bursts.size());
        const auto percent = [](const QJsonValue &share) {
            return QString::number(share.toDouble() * 100, 'f', 2) + u'%';
        };
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            const QJsonObject row = points[i].toObject();
            check(QStringLiteral("json"), i, row.value(QStringLiteral("disturbed")).toInt(),
                  percent(row.value(QStringLiteral("precision"))));
            QCOMPARE(row.value(QStringLiteral("disturbance")).toString(), notes[i]);
        }
        const QStringList csv = exportRuns(ExportFormat::Csv, {data}).trimmed().split(u'\n');
        const qsizetype disturbedColumn =
            csv.first().split(u',').indexOf(QStringLiteral("disturbed"));
        QVERIFY(disturbedColumn > 0);
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            // The cells before it are numbers and plain names: no quoted commas.
            check(QStringLiteral("csv"), i, csv[1 + i].split(u',').value(disturbedColumn).toInt());
        }

        // Markdown: the "disturbed" column.
        const auto markdown = markdownRows(exportRuns(ExportFormat::Markdown, {data}));
        QCOMPARE(markdown.size(), bursts.size());
        for (qsizetype i = 0; i < bursts.size(); ++i)
            check(QStringLiteral("markdown"), i,
                  markdown[i].value(QStringLiteral("disturbed")).toInt());

        // GUI: the results table's columns and tooltip, the pps chart's marks.
        SweepResultsView view;
        view.setStore(&m_store);
        view.showRun(data.run, data.results());
        const ResultsTableModel *model = view.resultsModel();
        for (int r = 0; r < model->rowCount(); ++r) {
            const auto cell = [&](int column, int role = Qt::DisplayRole) {
                return model->data(model->index(r, column), role).toString();
            };
            check(QStringLiteral("results table"), r,
                  cell(ResultsTableModel::DisturbedColumn).toInt(),
                  cell(ResultsTableModel::PrecisionColumn));
            QCOMPARE(cell(ResultsTableModel::DisturbedColumn, Qt::ToolTipRole), notes[r]);
            QVERIFY(notes[r].isEmpty() || cell(ResultsTableModel::NotesColumn).contains(notes[r]));
        }
        const QList<ChartSeriesData> pps =
            ChartSeriesBuilder::pps(stats, {QStringLiteral("burst")}, QStringLiteral("n"));
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            const QString mark = pps.first().points[i].mark;
            check(QStringLiteral("pps chart"), i, mark.section(u'/', 0, 0).toInt());
            QVERIFY2(mark.isEmpty() ||
                         notes[i].startsWith(QString(mark).replace(u'/', QStringLiteral(" of "))),
                     qPrintable(mark + QStringLiteral(" vs ") + notes[i]));
        }
    }

    // A point's figure comes from its run's own stored noise policy, in the
    // runs list as in show, the exports and the GUI; a view's
    // --exclude-disturbed adds to it alike in every output; and a baseline
    // swept under another policy is judged under its own.
    void storedPolicyOwnsTheFigures() {
        const QString db = m_dir.filePath(QStringLiteral("policies.sqlite"));
        RunStore store;
        QVERIFY(store.open(db));
        NoisePolicy rerun;
        rerun.rerunDisturbed = true;
        NoisePolicy exclude;
        exclude.excludeDisturbed = true;
        const qint64 rerunId =
            *store.insertRunData(policyRun(QStringLiteral("rerun"), rerun, rerunAttempts));
        const qint64 excludeId =
            *store.insertRunData(policyRun(QStringLiteral("exclude"), exclude, disturbedAttempts));
        const qint64 plainId =
            *store.insertRunData(policyRun(QStringLiteral("plain"), {}, disturbedAttempts));
        const QMap<qint64, QList<qint64>> expected{{rerunId, policyFigures},
                                                   {excludeId, policyFigures},
                                                   {plainId, {policyFigures[0], countedAllFigure}}};

        // show's PPS column, and the JSON export's pps, per run.
        const auto shown = [&](qint64 id, const QStringList &view) {
            const QString text =
                cliOn(db, QStringList{QStringLiteral("show"), QString::number(id)} + view);
            const QStringList lines = text.split(u'\n');
            const qsizetype at = pointTableAt(lines);
            QList<qint64> pps;
            for (const QString &line : lines.mid(at + 1)) {
                if (!line.isEmpty())
                    pps << tableRow(lines[at], line).value(QStringLiteral("PPS")).toLongLong();
            }
            return pps;
        };
        const auto exported = [&](const QList<qint64> &ids, const QStringList &view) {
            QStringList args{QStringLiteral("export"), QStringLiteral("--format"),
                             QStringLiteral("json")};
            for (qint64 id : ids)
                args << QString::number(id);
            return QJsonDocument::fromJson(cliOn(db, args + view).toUtf8())
                .object()
                .value(QStringLiteral("points"))
                .toArray();
        };
        const auto ppsOf = [](const QJsonArray &points, qint64 id) {
            QList<qint64> pps;
            for (const QJsonValue &v : points) {
                if (v[QStringLiteral("run_id")].toInteger() == id)
                    pps << v[QStringLiteral("pps")].toInteger();
            }
            return pps;
        };

        const QJsonArray runs =
            QJsonDocument::fromJson(
                cliOn(db, {QStringLiteral("runs"), QStringLiteral("--json")}).toUtf8())
                .array();
        QCOMPARE(runs.size(), 3);
        RunsTableModel model;
        model.setLoader([&store](qint64 olderThan, int count) {
            RunFilter page;
            page.limit = count;
            page.olderThan = olderThan;
            return store.listRuns(page);
        });
        for (const QJsonValue &r : runs) {
            const qint64 id = r[QStringLiteral("id")].toInteger();
            const QList<qint64> &figures = expected[id];
            const qint64 best = *std::max_element(figures.begin(), figures.end());
            QCOMPARE(qint64(r[QStringLiteral("best_pps")].toDouble()), best);
            QCOMPARE(qint64(model.index(model.rowOf(id), RunsTableModel::BestPpsColumn)
                                .data(Qt::UserRole)
                                .toDouble()),
                     best);
            QCOMPARE(shown(id, {}), figures);
            QCOMPARE(ppsOf(exported({id}, {}), id), figures);
            SweepResultsView view;
            view.setStore(&store);
            const RunData data = *store.loadRunData(id);
            view.showRun(data.run, data.results());
            QCOMPARE(view.resultsModel()->rowCount(), 2);
            for (int row = 0; row < 2; ++row)
                QCOMPARE(view.resultsModel()
                             ->data(view.resultsModel()->index(row, ResultsTableModel::PpsColumn))
                             .toString()
                             .remove(QLatin1Char(','))
                             .toLongLong(),
                         figures[row]);
        }

        // The view option adds to each run's policy, in show and export alike:
        // the plain run loses its disturbed repetition, the others keep theirs.
        const QStringList view{QStringLiteral("--exclude-disturbed")};
        for (qint64 id : {rerunId, excludeId, plainId}) {
            QCOMPARE(shown(id, view), policyFigures);
            QCOMPARE(ppsOf(exported({id}, view), id), policyFigures);
        }

        // The plain run against the exclude run as its baseline: the baseline
        // prints its own figures, and each delta is redone from the printed pps.
        for (const QStringList &options : {QStringList{}, view}) {
            const QJsonArray points = exported({excludeId, plainId}, options);
            const QList<qint64> base = ppsOf(points, excludeId);
            const QList<qint64> mine = ppsOf(points, plainId);
            QCOMPARE(base, policyFigures);
            QCOMPARE(mine, options.isEmpty() ? expected[plainId] : policyFigures);
            qsizetype i = 0;
            for (const QJsonValue &v : points) {
                if (v[QStringLiteral("run_id")].toInteger() != plainId)
                    continue;
                QCOMPARE(rounded(v[QStringLiteral("base_delta_ns")]), deltaText(base[i], mine[i]));
                ++i;
            }
        }
        // And the GUI's results view against that baseline.
        SweepResultsView gui;
        gui.setStore(&store);
        const RunData plain = *store.loadRunData(plainId);
        gui.showRun(plain.run, plain.results());
        QVERIFY(gui.setBaselineRun(excludeId));
        for (int row = 0; row < 2; ++row)
            QCOMPARE(gui.resultsModel()
                         ->data(gui.resultsModel()->index(row, ResultsTableModel::DeltaColumn))
                         .toString(),
                     deltaText(policyFigures[row], expected[plainId][row]));
    }

    // Every output that prints verdicts states the correction they had, in
    // the same words; a disturbed point is never the comparison's headline.
    void correctionIsStatedEverywhere() {
        const RunData noisyRun = *m_store.loadRunData(m_noisy);
        const RunData baseRun = *m_store.loadRunData(m_baseline);
        const QString netdev = exportRuns(ExportFormat::Netdev, {noisyRun});
        QVERIFY2(netdev.simplified().contains(QStringLiteral(" - verdicts: ") + m_prevCorrection),
                 qPrintable(netdev));
        const QString show = cli({QStringLiteral("show"), QString::number(m_noisy)});
        QVERIFY2(show.contains(QStringLiteral("  verdicts: ") + m_prevCorrection),
                 qPrintable(show));
        const QString compare =
            cli({QStringLiteral("compare"), QString::number(m_baseline), QString::number(m_noisy)});
        QVERIFY2(compare.simplified().contains(QStringLiteral("Verdicts vs the baseline: ") +
                                               m_baseCorrection),
                 qPrintable(compare));
        const QString md = exportRuns(ExportFormat::Markdown, {baseRun, noisyRun});
        QVERIFY2(md.contains(QStringLiteral("> verdicts vs the baseline: ") + m_baseCorrection),
                 qPrintable(md));
        QVERIFY2(md.contains(QStringLiteral(": verdicts vs previous point: ") + m_prevCorrection),
                 qPrintable(md));
        // CSV and JSON carry each delta's Holm p and the size of its family.
        const QJsonArray points =
            QJsonDocument::fromJson(exportRuns(ExportFormat::Json, {baseRun, noisyRun}).toUtf8())
                .object()
                .value(QStringLiteral("points"))
                .toArray();
        const QJsonArray stated =
            QJsonDocument::fromJson(exportRuns(ExportFormat::Json, {baseRun, noisyRun}).toUtf8())
                .object()
                .value(QStringLiteral("verdict_corrections"))
                .toArray();
        QVERIFY(stated.contains(QStringLiteral("verdicts vs the baseline: ") + m_baseCorrection));
        const Comparison c = Comparison::of({baseRun, noisyRun});
        for (qsizetype i = 0; i < bursts.size(); ++i) {
            const QJsonObject row = points[bursts.size() + i].toObject();
            const Delta &d = *c.cells[1][i]->vsBaseline;
            QCOMPARE(row.value(QStringLiteral("base_verdict")).toString(), m_baseVerdicts[i]);
            QCOMPARE(row.value(QStringLiteral("base_holm_tests")).toInt(), d.tests);
            if (d.tested())
                QCOMPARE(row.value(QStringLiteral("base_p_holm")).toDouble(), d.pHolm);
            else
                QVERIFY(row.value(QStringLiteral("base_p_holm")).isNull());
        }
        const QString csvHeader = exportRuns(ExportFormat::Csv, {noisyRun}).section(u'\n', 0, 0);
        QVERIFY(csvHeader.contains(QStringLiteral(",prev_p_holm,prev_holm_tests,")));
        // The GUI's verdict columns say it in their header.
        SweepResultsView view;
        view.setStore(&m_store);
        view.showRun(noisyRun.run, noisyRun.results());
        const ResultsTableModel *model = view.resultsModel();
        QCOMPARE(model->headerData(ResultsTableModel::VerdictColumn, Qt::Horizontal).toString(),
                 QStringLiteral("verdict (Holm)"));
        QCOMPARE(
            model->headerData(ResultsTableModel::VerdictColumn, Qt::Horizontal, Qt::ToolTipRole)
                .toString(),
            m_prevCorrection);
        CompareView compareView;
        compareView.setStore(&m_store);
        QVERIFY(compareView.compareRuns({m_baseline, m_noisy}));
        const int verdictColumn = CompareTableModel::columnOf(1, CompareTableModel::VerdictField);
        QVERIFY(compareView.tableModel()
                    ->headerData(verdictColumn, Qt::Horizontal)
                    .toString()
                    .endsWith(QStringLiteral("verdict (Holm)")));
        QCOMPARE(compareView.tableModel()
                     ->headerData(verdictColumn, Qt::Horizontal, Qt::ToolTipRole)
                     .toString(),
                 m_baseCorrection);
        // The headline is a change called better or worse, never a disturbed one.
        const auto change = c.largestChange();
        if (change) {
            const Verdict v = c.cells[change->run][change->point]->vsBaseline->verdict;
            QVERIFY(v == Verdict::Better || v == Verdict::Worse);
        }
        QVERIFY2(!compare.contains(QStringLiteral("(disturbed)")), qPrintable(compare));
    }

    // A paced point below its target is marked in every output in the same
    // words, and the delta between paced points is "paced" in every one.
    void pacedPointsAreMarkedEverywhere() {
        const qint64 id = *m_store.insertRunData(pacedRun());
        const RunData data = *m_store.loadRunData(id);
        const QString mark = QStringLiteral("paced: 93155 of 100000 pps");
        const QString netdev = exportRuns(ExportFormat::Netdev, {data});
        QVERIFY2(netdev.contains(QStringLiteral(" - rate_pps=100000: ") + mark),
                 qPrintable(netdev));
        QVERIFY2(
            netdev.contains(QRegularExpression(QStringLiteral(
                R"(\n rate_pps=100000 +tx:93155 pps \(\s*[\d.]+ ns\) paced \[below target\])"))),
            qPrintable(netdev));
        const QString show = cli({QStringLiteral("show"), QString::number(id)});
        const QStringList lines = show.split(u'\n');
        const qsizetype at = pointTableAt(lines);
        QVERIFY2(at + 2 < lines.size(), qPrintable(show));
        const auto row = tableRow(lines[at], lines[at + 2]);
        QCOMPARE(row.value(QStringLiteral("VERDICT")), QStringLiteral("paced"));
        QVERIFY2(row.value(QStringLiteral("WARNINGS")).contains(mark), qPrintable(lines[at + 2]));
        const QJsonArray points =
            QJsonDocument::fromJson(exportRuns(ExportFormat::Json, {data}).toUtf8())
                .object()
                .value(QStringLiteral("points"))
                .toArray();
        QCOMPARE(points.size(), 2);
        const QJsonObject below = points[1].toObject();
        QCOMPARE(below.value(QStringLiteral("target_pps")).toInteger(), qint64(100000));
        QCOMPARE(below.value(QStringLiteral("below_target")).toBool(), true);
        QCOMPARE(points[0].toObject().value(QStringLiteral("below_target")).toBool(true), false);
        QCOMPARE(below.value(QStringLiteral("prev_verdict")).toString(), QStringLiteral("paced"));
        QVERIFY(below.value(QStringLiteral("warnings")).toString().contains(mark));
        const QString csv = exportRuns(ExportFormat::Csv, {data});
        QVERIFY2(csv.contains(mark) && csv.contains(QStringLiteral(",paced,")), qPrintable(csv));
        const auto markdown = markdownRows(exportRuns(ExportFormat::Markdown, {data}));
        QCOMPARE(markdown.size(), 2);
        QCOMPARE(markdown[1].value(QStringLiteral("vs prev")), QStringLiteral("paced"));
        QVERIFY(markdown[1].value(QStringLiteral("warnings")).contains(mark));
        SweepResultsView view;
        view.setStore(&m_store);
        view.showRun(data.run, data.results());
        const ResultsTableModel *model = view.resultsModel();
        QCOMPARE(model->data(model->index(1, ResultsTableModel::VerdictColumn)).toString(),
                 QStringLiteral("paced"));
        QVERIFY(
            model->data(model->index(1, ResultsTableModel::NotesColumn)).toString().contains(mark));
        QVERIFY(m_store.deleteRun(id));
    }

  private:
    QList<Printed> m_markdownPrev;
};

QTEST_MAIN(TestConsistency)
#include "tst_consistency.moc"
