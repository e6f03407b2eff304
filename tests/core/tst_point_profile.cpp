// A point's profile cut to its top functions (the rest one [other] row, its
// figures as any function's), the call chains through a function, and a
// delta's rows cut to the changed and the largest others: the rows still add
// up to the point's figure and to the printed delta.
#include "ProfileSections.h"
#include "compare/Comparison.h"
#include "exchange/ProfileText.h"
#include "model/RunData.h"
#include "stats/Figure.h"
#include "stats/PointProfile.h"
#include "stats/PointStats.h"
#include "stats/ProfileDelta.h"

#include <QTest>
#include <algorithm>
#include <cmath>

using namespace burstlab;

namespace {

// A run of one point at pps, one repetition whose profile has functions
// f0..f(n-1) with these samples, and 40 samples below them.
RunData runOf(double pps, const QList<qint64> &samples) {
    StepProfile profile;
    profile.event = QStringLiteral("cpu-clock");
    profile.hz = 997;
    for (qsizetype i = 0; i < samples.size(); ++i) {
        const QString name = QStringLiteral("f%1").arg(i);
        profile.functions << ProfileFunction{
            name, QStringLiteral("burstlab-engine"), samples[i], {}};
        profile.samples += samples[i];
    }
    profile.samples += 40;
    profile.stacks = {{QStringLiteral("main;f0"), samples[0] - 5},
                      {QStringLiteral("main;f1;f0"), 5},
                      {QStringLiteral("main;f10"), 3}};
    RunData data;
    data.run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(32)}}};
    StepResult step;
    step.point = Point{{AxisValue(32)}};
    step.pps = pps;
    step.status = RunStatus::Completed;
    step.measured = StepFinished{};
    step.measured->profile = profile;
    data.steps = {StepData{step, {}}};
    return data;
}

PointProfile profileOf(double pps, const QList<qint64> &samples) {
    const RunData data = runOf(pps, samples);
    return *PointProfile::of(PointStats::of(data.run, {data.steps[0].result}).first());
}

double nsSum(const QList<PointProfile::Function> &functions) {
    double sum = 0;
    for (const PointProfile::Function &f : functions)
        sum += f.ns.value_or(0);
    return sum;
}

} // namespace

class TestPointProfile : public QObject {
    Q_OBJECT

  private slots:
    void topFoldsTheRestIntoOther() {
        const PointProfile whole = profileOf(10e6, {300, 200, 100, 50, 20, 10});
        const PointProfile top = whole.top(2);
        QCOMPARE(top.functions.size(), 3);
        QCOMPARE(top.functions[0].name, QStringLiteral("f0"));
        QCOMPARE(*top.functions[0].ns, *whole.functions[0].ns);
        const PointProfile::Function &other = top.functions.last();
        QCOMPARE(other.name, PointProfile::kOther);
        QCOMPARE(other.samples, qint64(100 + 50 + 20 + 10 + 40));
        QCOMPARE(other.share, double(other.samples) / double(whole.samples));
        const auto [low, high] = wilsonInterval(other.samples, whole.samples);
        QCOMPARE(other.shareLow, low);
        QCOMPARE(other.shareHigh, high);
        QVERIFY(std::abs(nsSum(top.functions) - *whole.ns) < 1e-9);
        // Fewer functions than asked for: the profile as it is.
        QCOMPARE(whole.top(10).functions.size(), whole.functions.size());
    }

    void stacksThroughMatchWholeFrames() {
        const PointProfile p = profileOf(10e6, {300, 200});
        const QList<ProfileStack> f0 = p.stacksThrough(QStringLiteral("f0"));
        QCOMPARE(f0.size(), 2);
        QCOMPARE(f0[0].stack, QStringLiteral("main;f0"));
        QCOMPARE(f0[1].stack, QStringLiteral("main;f1;f0"));
        QCOMPARE(p.stacksThrough(QStringLiteral("f1")).size(), 1);
        QVERIFY(p.stacksThrough(QStringLiteral("f")).isEmpty());
    }

    void changedTopAndRestAddUpToTheDelta() {
        const PointProfile before = profileOf(10e6, {300, 200, 100, 50, 20, 10});
        const PointProfile after = profileOf(12e6, {300, 40, 100, 50, 20, 10});
        const std::optional<ProfileDelta> d = ProfileDelta::between(before, after);
        QVERIFY(d);
        const auto changed = std::count_if(d->rows.begin(), d->rows.end(),
                                           [](const ProfileDelta::Row &r) { return r.changed; });
        QVERIFY(changed > 0);
        for (int top : {0, 1, 3, 100}) {
            const QList<ProfileDelta::Row> rows = d->changedAndRest(top);
            double sum = 0;
            int unchanged = 0;
            for (const ProfileDelta::Row &r : rows) {
                sum += r.printed;
                unchanged += r.changed || r.name.startsWith(QStringLiteral("rest: ")) ? 0 : 1;
            }
            QVERIFY2(std::abs(sum - Figure::printed(d->ns)) < 1e-9,
                     qPrintable(QString::number(top)));
            // [other] is never one of the largest others: it is in the rest.
            QCOMPARE(unchanged, std::min<int>(top, int(d->rows.size() - changed - 1)));
        }
    }

    // A kernel pktgen point at burst 1 costs some 20,000 ns/pkt: its
    // columns widen (a row once read "19456.52  534.0118922.52") and the
    // name gives up what they take, so the rows still read and add up.
    void wideFiguresKeepTheirColumns() {
        const Comparison c = Comparison::of(
            {runOf(50568, {10, 8, 6000, 900, 30}), runOf(1390699, {300, 200, 2000, 900, 30})});
        const QStringList text = ProfileText::comparison(
            c, {QStringLiteral("#1"), QStringLiteral("#2")}, {QStringLiteral("burst=32")});
        const ProfileSections sections = ProfileSections::of(text.join(u'\n'));
        QCOMPARE(sections.points.size(), 1);
        const ProfilePointSection &p = sections.points.first();
        QVERIFY2(p.reference > 19000, qPrintable(text.join(u'\n')));
        QVERIFY2(p.functions.size() >= 3, qPrintable(text.join(u'\n')));
        QVERIFY2(std::abs(p.rowsSum - p.delta) < 0.005, qPrintable(text.join(u'\n')));
        QVERIFY2(sections.widest <= 72, qPrintable(text.join(u'\n')));
    }
};

QTEST_GUILESS_MAIN(TestPointProfile)
#include "tst_point_profile.moc"
