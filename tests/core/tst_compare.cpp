// How the runs of a comparison meet: by the value of every parameter any of
// them sweeps, a fixed value standing in where a run does not sweep it, and
// what is said when runs share no point or differ in what they held fixed;
// runs compared in pairs, whose deltas are one family.
#include "compare/Comparison.h"
#include "compare/RunMatch.h"
#include "exchange/NetdevExport.h"
#include "exchange/TableExport.h"
#include "exchange/TextLayout.h"
#include <QJsonArray>
#include <QJsonDocument>

#include <QTest>

using namespace burstlab;

namespace {
// A measured run: axes given as (name, values), pps = scale * 1e6 * (1 + index of the point).
RunData run(const QString &label, const QList<Axis> &axes, const QJsonObject &fixed = {},
            const QString &source = QStringLiteral("engine"), double scale = 1.0) {
    RunData data;
    data.run.label = label;
    data.run.source = source;
    data.run.spec.axes = axes;
    data.run.spec.fixed = fixed;
    data.run.spec.reps = 3;
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    int seq = 0;
    const QList<Point> points = data.run.spec.points();
    for (int i = 0; i < points.size(); ++i) {
        for (int rep = 0; rep < 3; ++rep) {
            StepResult step;
            step.point = points.at(i);
            step.rep = rep;
            step.seq = seq++;
            step.status = RunStatus::Completed;
            step.pps = scale * 1e6 * (i + 1) * (1.0 + 0.001 * rep);
            data.steps.append(StepData{step, {}});
        }
    }
    return data;
}

Axis axis(const QString &name, const QList<qint64> &values) {
    Axis a{name, {}};
    for (qint64 v : values) {
        a.values.append(AxisValue(v));
    }
    return a;
}

const QString burstName = QStringLiteral("burst");
const QString cloneName = QStringLiteral("clone");

// The run's statistics at the comparison point described as text.
std::optional<PointStats> cell(const Comparison &c, int run, const QString &point) {
    for (int i = 0; i < c.points.size(); ++i) {
        if (c.points.at(i).describe(c.axisNames) == point) {
            return c.cells.at(run).at(i);
        }
    }
    return std::nullopt;
}
} // namespace

class TestCompare : public QObject {
    Q_OBJECT

  private slots:
    void oneDimensionMeetsTheMatchingSeries();
    void twoDimensionBaselineMeetsTheFixedValue();
    void engineDefaultStandsInForAnUnsetParameter();
    void noSharedPointSaysWhichParameterDiffers();
    void fixedDifferencesAreNamed();
    void sameAxesAreLeftAsTheyAre();
    void importsRecordNoDefaults();
    void pairsShareOneVerdictFamily();
};

void TestCompare::oneDimensionMeetsTheMatchingSeries() {
    const RunData oneD = run(QStringLiteral("1d"), {axis(burstName, {1, 8, 32})},
                             {{cloneName, 64}, {QStringLiteral("pkt_size"), 60}});
    const RunData twoD =
        run(QStringLiteral("2d"), {axis(burstName, {1, 8, 32}), axis(cloneName, {0, 64})},
            {{QStringLiteral("pkt_size"), 60}});
    const Comparison c = Comparison::of({oneD, twoD});
    QCOMPARE(c.axisNames, (QStringList{burstName, cloneName}));
    QVERIFY(c.unmatched.isEmpty());
    QVERIFY2(c.settingDifferences.isEmpty(), qPrintable(c.settingDifferences.join(u'\n')));
    // The 1-D run at clone=64 is measured at the clone=64 points only.
    QVERIFY(cell(c, 0, QStringLiteral("burst=8 clone=64")));
    QVERIFY(!cell(c, 0, QStringLiteral("burst=8 clone=0")));
    // Its pps at burst=8 is 2 Mpps; the 2-D run's burst=8 clone=64 is its 5th point: 5 Mpps.
    const std::optional<PointStats> other = cell(c, 1, QStringLiteral("burst=8 clone=64"));
    QVERIFY(other && other->vsBaseline);
    QCOMPARE(cell(c, 0, QStringLiteral("burst=8 clone=64"))->representativePps(), 2.002e6);
    QCOMPARE(other->representativePps(), 5.005e6);
    // The clone=0 series has no baseline to be compared with.
    const std::optional<PointStats> unmatched = cell(c, 1, QStringLiteral("burst=8 clone=0"));
    QVERIFY(unmatched && !unmatched->vsBaseline);
}

void TestCompare::twoDimensionBaselineMeetsTheFixedValue() {
    const RunData twoD =
        run(QStringLiteral("2d"), {axis(burstName, {1, 8}), axis(cloneName, {0, 64})});
    const RunData oneD = run(QStringLiteral("1d"), {axis(burstName, {1, 8})}, {{cloneName, 0}});
    const Comparison c = Comparison::of({twoD, oneD});
    QCOMPARE(c.points.size(), 4);
    QVERIFY(cell(c, 1, QStringLiteral("burst=1 clone=0"))->vsBaseline);
    QVERIFY(!cell(c, 1, QStringLiteral("burst=1 clone=64")));
}

void TestCompare::engineDefaultStandsInForAnUnsetParameter() {
    // A CLI sweep without --set clone ran at the engine's default, 0.
    const RunData cli = run(QStringLiteral("cli"), {axis(burstName, {1, 8})});
    const RunData twoD =
        run(QStringLiteral("2d"), {axis(burstName, {1, 8}), axis(cloneName, {0, 64})});
    const Comparison c = Comparison::of({twoD, cli});
    QVERIFY(cell(c, 1, QStringLiteral("burst=8 clone=0")));
    // The engine's own default, as its hello said, wins over the documented one.
    RunData said = cli;
    said.run.hello = {{QStringLiteral("defaults"), QJsonObject{{cloneName, 64}}}};
    QCOMPARE(RunMatch::settingOf(said.run, cloneName), AxisValue(64));
    QVERIFY(cell(Comparison::of({twoD, said}), 1, QStringLiteral("burst=8 clone=64")));
}

void TestCompare::noSharedPointSaysWhichParameterDiffers() {
    const RunData twoD =
        run(QStringLiteral("2d"), {axis(burstName, {1, 8}), axis(cloneName, {0, 64})});
    const RunData clone8 =
        run(QStringLiteral("clone8"), {axis(burstName, {1, 8})}, {{cloneName, 8}});
    const Comparison c = Comparison::of({twoD, clone8});
    QCOMPARE(c.unmatched.size(), 1);
    QVERIFY2(c.unmatched.first().contains(QStringLiteral("clone is 0,64 in 2d but 8 in clone8")),
             qPrintable(c.unmatched.first()));
    QVERIFY(!c.unmatched.first().contains(burstName + QStringLiteral(" is")));
    // The text a reader gets says it too, not only the window.
    const QString text = NetdevExport::comparison(c).simplified();
    QVERIFY2(text.contains(QStringLiteral("! ") + c.unmatched.first().simplified()),
             qPrintable(text));
    const QJsonObject json = QJsonDocument::fromJson(TableExport::json(c).toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("unmatched")).toArray().size(), 1);
}

void TestCompare::fixedDifferencesAreNamed() {
    // Neither run sweeps clone: they meet by burst, and the difference is said.
    RunData base = run(QStringLiteral("baseline"), {axis(burstName, {1, 8})}, {{cloneName, 0}});
    RunData other = run(QStringLiteral("clone64"), {axis(burstName, {1, 8})}, {{cloneName, 64}});
    other.run.spec.durationMs = 200;
    other.run.spec.engine.lcores = QStringLiteral("0-1");
    const Comparison c = Comparison::of({base, other});
    QVERIFY(c.unmatched.isEmpty());
    QVERIFY(cell(c, 1, QStringLiteral("burst=8"))->vsBaseline);
    QVERIFY2(c.settingDifferences.contains(QStringLiteral("clone: 0 in baseline, 64 in clone64")),
             qPrintable(c.settingDifferences.join(u'\n')));
    QVERIFY(c.settingDifferences.contains(
        QStringLiteral("step length: 1000 ms in baseline, 200 ms in clone64")));
    QVERIFY(c.settingDifferences.contains(
        QStringLiteral("lcores: engine default in baseline, 0-1 in clone64")));
    const QString text = NetdevExport::comparison(c).simplified();
    QVERIFY2(text.contains(QStringLiteral("! clone: 0 in baseline, 64 in clone64")),
             qPrintable(text));
    const QJsonObject json = QJsonDocument::fromJson(TableExport::json(c).toUtf8()).object();
    QVERIFY(json.value(QStringLiteral("setting_differences"))
                .toArray()
                .contains(QStringLiteral("clone: 0 in baseline, 64 in clone64")));
}

void TestCompare::sameAxesAreLeftAsTheyAre() {
    const RunData a = run(QStringLiteral("a"), {axis(burstName, {1, 2, 4})});
    const RunMatch match = RunMatch::of({a, a});
    QCOMPARE(match.placed.first(), a);
    QCOMPARE(Comparison::of({a}).points, a.run.spec.points());
    QVERIFY(match.settingDifferences.isEmpty());
}

void TestCompare::importsRecordNoDefaults() {
    const RunData imported = run(QStringLiteral("pktgen"), {axis(burstName, {1, 8})}, {},
                                 QStringLiteral("import:pktgen"));
    QVERIFY(!RunMatch::settingOf(imported.run, cloneName));
    const RunData twoD =
        run(QStringLiteral("2d"), {axis(burstName, {1, 8}), axis(cloneName, {0, 64})});
    const Comparison c = Comparison::of({twoD, imported});
    QCOMPARE(c.unmatched.size(), 1);
    QVERIFY2(c.unmatched.first().contains(QStringLiteral("but not recorded in pktgen")),
             qPrintable(c.unmatched.first()));
}

void TestCompare::pairsShareOneVerdictFamily() {
    const QList<Axis> axes{axis(burstName, {1, 8})};
    const QString engine = QStringLiteral("engine");
    const RunData a1 = run(QStringLiteral("a1"), axes);
    const RunData b1 = run(QStringLiteral("b1"), axes, {}, engine, 1.05);
    const RunData a2 = run(QStringLiteral("a2"), axes);
    const RunData b2 = run(QStringLiteral("b2"), axes, {}, engine, 0.95);
    const QList<Comparison> pairs = Comparison::ofPairs({a1, b1, a2, b2});
    QCOMPARE(pairs.size(), 2);
    QCOMPARE(pairs[0].names(), (QStringList{QStringLiteral("a1"), QStringLiteral("b1")}));
    QCOMPARE(pairs[1].names(), (QStringList{QStringLiteral("a2"), QStringLiteral("b2")}));
    // Each second run against its own first, never against a1.
    const auto b2At1 = cell(pairs[1], 1, QStringLiteral("burst=1"));
    QVERIFY(b2At1 && b2At1->vsBaseline);
    QCOMPARE(b2At1->vsBaseline->pps, *b2At1->ppsFigure - *cell(pairs[1], 0, "burst=1")->ppsFigure);
    // Two points in each of two pairs: one family of 4, so each Holm p is
    // at least what the pair alone would give.
    const auto alone = cell(Comparison::of({a1, b1}), 1, QStringLiteral("burst=1"));
    const auto joint = cell(pairs[0], 1, QStringLiteral("burst=1"));
    QCOMPARE(alone->vsBaseline->tests, 2);
    QCOMPARE(joint->vsBaseline->tests, 4);
    QVERIFY(joint->vsBaseline->pHolm >= alone->vsBaseline->pHolm);
    QCOMPARE(joint->vsBaseline->verdict, Verdict::Better);
    QCOMPARE(b2At1->vsBaseline->verdict, Verdict::Worse);

    const QString text = NetdevExport::pairs(pairs);
    QVERIFY2(text.contains(QStringLiteral("Paired comparison of 4 runs in 2 pairs")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Verdicts of all the pairs: Welch's t-test, "
                                          "Holm-corrected over 4 deltas")),
             qPrintable(text));
    // Each pair's line: its largest change with the pps it is redone from.
    const QString ns = TextLayout::fixed2(joint->vsBaseline->ns);
    QVERIFY2(text.contains(QStringLiteral(" pair 1: b1 vs a1\n   burst=1: %1 -> %2 pps (%3 ns/pkt "
                                          "saved): better")
                               .arg(*alone->ppsFigure - alone->vsBaseline->pps)
                               .arg(*alone->ppsFigure)
                               .arg(ns)),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("Pair 2 of 2 ---")), qPrintable(text));
    const QJsonObject json = QJsonDocument::fromJson(TableExport::json(pairs).toUtf8()).object();
    QCOMPARE(json.value(QStringLiteral("pairs")).toArray().size(), 2);
}

QTEST_MAIN(TestCompare)
#include "tst_compare.moc"
