// The sweep setup panel: validation as you type marks the field at fault and
// says why; the spec it builds, also while a sweep runs; its state survives a
// restart; the wheel scrolls the form rather than changing fields in passing;
// the engine kind's own fields and parameters, and what a switch of kind drops.
#include "engine/EngineCommand.h"
#include "model/StepLimits.h"
#include "model/StepParameters.h"
#include "store/RunStore.h"
#include "sweep/SweepRules.h"
#include "sweep/SweepSetupPanel.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

class TestSetupPanel : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void defaultsAreValid();
    void invalidInputMarksTheField_data();
    void invalidInputMarksTheField();
    void typingUpdatesAtOnce();
    void warmupDefaultFollowsTheDuration();
    void specHasAxesAndFixedValues();
    void stateRoundTrip();
    void untilPreciseAndRerunDisturbed();
    void untilPreciseTargetIsCheckedByTheCore();
    void engineLimitsReplaceDocumentedOnes();
    void fixedFieldsComeFromTheTable();
    void rangesAndDefaultsComeFromTheCore();
    void setSpecGivesTheSameSpecBack();
    void runningLocksTheForm();
    void hugepagesNeededWithoutNoHuge();
    void wheelChangesOnlyAFocusedField();
    void outOfRangeValueIsKeptAndMarked();
    void kindShowsItsOwnFields();
    void pktgenOffersOnlyItsParameters();
    void switchingKindDropsAndNotesWhatItDoesNotTake();
    void pktgenStateRoundTrip();
    void hostDeviceAsTheCommandLineTakesIt();
    void switchWhileHiddenKeepsEveryRow();
};

namespace {
// The texts a combo box offers, in order.
QStringList items(const QComboBox *box) {
    QStringList texts;
    for (int i = 0; i < box->count(); ++i) {
        texts << box->itemData(i).toString();
    }
    return texts;
}

// The label of a form row, as the user reads it.
QString rowLabel(const QWidget *field) {
    for (QWidget *parent = field->parentWidget(); parent; parent = parent->parentWidget()) {
        if (auto *form = qobject_cast<QFormLayout *>(parent->layout())) {
            if (auto *label =
                    qobject_cast<QLabel *>(form->labelForField(const_cast<QWidget *>(field)))) {
                return label->text();
            }
        }
    }
    return {};
}
} // namespace

void TestSetupPanel::defaultsAreValid() {
    SweepSetupPanel panel;
    panel.show();
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QVERIFY(!panel.invalidField());
}

void TestSetupPanel::invalidInputMarksTheField_data() {
    QTest::addColumn<QString>("values");
    QTest::addColumn<int>("duration");
    QTest::addColumn<int>("warmup");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<QString>("field");
    QTest::newRow("not a number") << "1..x" << 300 << 0 << "not a number"
                                  << "values0";
    QTest::newRow("below range") << "0,1,2" << 300 << 0 << "burst must be in 1..512, got 0"
                                 << "values0";
    QTest::newRow("above range") << "1,600" << 300 << 0 << "burst must be in 1..512, got 600"
                                 << "values0";
    QTest::newRow("empty") << "" << 300 << 0 << "burst"
                           << "values0";
    QTest::newRow("warm-up too long") << "1,2" << 300 << 300 << "warm-up (300 ms)"
                                      << "warmup";
}

void TestSetupPanel::invalidInputMarksTheField() {
    QFETCH(QString, values);
    QFETCH(int, duration);
    QFETCH(int, warmup);
    QFETCH(QString, expected);
    QFETCH(QString, field);
    SweepSetupPanel panel;
    panel.show();
    auto *marked = panel.findChild<QWidget *>(field);
    QVERIFY(marked);
    const QString ownToolTip = marked->toolTip();
    const QColor ownBase = marked->palette().color(QPalette::Base);
    QSignalSpy validity(&panel, &SweepSetupPanel::validityChanged);
    QSignalSpy reasons(&panel, &SweepSetupPanel::reasonChanged);
    panel.setSweepValues(0, QStringLiteral("burst"), values);
    panel.setTiming(1, duration, warmup, 0, false);
    QVERIFY(!panel.isValid());
    QVERIFY2(panel.invalidReason().contains(expected), qPrintable(panel.invalidReason()));
    // The field at fault is tinted and its tooltip says why, ahead of its own help.
    QCOMPARE(panel.invalidField(), marked);
    QVERIFY(marked->palette().color(QPalette::Base) != ownBase);
    QVERIFY2(marked->toolTip().startsWith(panel.invalidReason()), qPrintable(marked->toolTip()));
    QVERIFY(marked->toolTip().contains(ownToolTip));
    QCOMPARE(validity.count(), 1);
    QCOMPARE(validity.first().first().toBool(), false);
    QCOMPARE(reasons.last().first().toString(), panel.invalidReason());

    panel.setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..4"));
    panel.setTiming(1, 300, 0, 0, false);
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QVERIFY(!panel.invalidField());
    QCOMPARE(marked->toolTip(), ownToolTip);
    QCOMPARE(marked->palette().color(QPalette::Base), ownBase);
    QVERIFY(reasons.last().first().toString().isEmpty());
}

void TestSetupPanel::typingUpdatesAtOnce() {
    SweepSetupPanel panel;
    panel.show();
    auto *values = panel.findChild<QLineEdit *>(QStringLiteral("values0"));
    QCOMPARE(values->text(), QStringLiteral("1..10,16,24,32"));
    values->setFocus();
    values->end(false);
    QTest::keyClicks(values, QStringLiteral(",x"));
    QVERIFY(!panel.isValid());
    QTest::keyClick(values, Qt::Key_Backspace);
    QTest::keyClick(values, Qt::Key_Backspace);
    QVERIFY(panel.isValid());

    // The second axis may not repeat the first; ssh needs a host.
    panel.setSweepValues(1, QStringLiteral("burst"), QStringLiteral("1,2"));
    QVERIFY(panel.invalidReason().contains(QStringLiteral("must differ")));
    panel.setSweepValues(1, QStringLiteral("none"), QString());
    QVERIFY(panel.isValid());
    auto *launch = panel.findChild<QComboBox *>(QStringLiteral("launchMode"));
    launch->setCurrentIndex(launch->findData(QStringLiteral("ssh")));
    QVERIFY(panel.invalidReason().contains(QStringLiteral("host")));
}

void TestSetupPanel::warmupDefaultFollowsTheDuration() {
    SweepSetupPanel panel;
    auto *duration = panel.findChild<QSpinBox *>(QStringLiteral("duration"));
    auto *warmup = panel.findChild<QSpinBox *>(QStringLiteral("warmup"));
    QVERIFY(duration && warmup);
    QCOMPARE(warmup->value(), SweepSpec().warmupMs);
    QCOMPARE(warmup->value(), 100);
    duration->setValue(200);
    QCOMPARE(warmup->value(), 40); // a fifth of a short step
    duration->setValue(5000);
    QCOMPARE(warmup->value(), 100);
    warmup->setValue(7);
    duration->setValue(300);
    QCOMPARE(warmup->value(), 7); // set by hand: kept
}

void TestSetupPanel::specHasAxesAndFixedValues() {
    SweepSetupPanel panel;
    panel.setDevice(QStringLiteral("net_null0"));
    panel.setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..4,8"));
    panel.setSweepValues(1, QStringLiteral("clone"), QStringLiteral("0,64"));
    panel.setFixedValue(QStringLiteral("pkt_size"), 128);
    panel.setTiming(2, 150, 20, 5, false);
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    const SweepSpec spec = panel.spec();
    QCOMPARE(spec.axes.size(), 2);
    QCOMPARE(spec.axes.at(0).describe(), QStringLiteral("burst=1..4,8"));
    QCOMPARE(spec.axes.at(1).describe(), QStringLiteral("clone=0,64"));
    QCOMPARE(spec.points().size(), 10);
    // Swept parameters are not also fixed.
    QVERIFY(!spec.fixed.contains(QStringLiteral("burst")));
    QVERIFY(!spec.fixed.contains(QStringLiteral("clone")));
    QCOMPARE(spec.fixed.value(QStringLiteral("pkt_size")).toInt(), 128);
    QCOMPARE(spec.reps, 2);
    QCOMPARE(spec.durationMs, 150);
    QCOMPARE(spec.warmupMs, 20);
    QCOMPARE(spec.pauseMs, 5);
    QCOMPARE(spec.randomize, false);
    QCOMPARE(spec.engine.vdevs, QStringList{QStringLiteral("net_null0")});

    panel.setDevice(QStringLiteral("0000:03:00.0"));
    QCOMPARE(panel.spec().engine.pci, QStringLiteral("0000:03:00.0"));
    QVERIFY(panel.spec().engine.vdevs.isEmpty());
}

void TestSetupPanel::stateRoundTrip() {
    SweepSetupPanel first;
    first.setDevice(QStringLiteral("net_pcap0,tx_pcap=/tmp/x.pcap"));
    first.setSweepValues(0, QStringLiteral("clone"), QStringLiteral("0..3"));
    first.setTiming(5, 400, 40, 10, false);
    first.setRunLabel(QStringLiteral("patch2"));
    const QJsonObject state = first.saveState();

    SweepSetupPanel second;
    second.restoreState(state);
    QCOMPARE(second.spec().toJson(), first.spec().toJson());
    QCOMPARE(second.runLabel(), QStringLiteral("patch2"));

    // A first start has nothing saved: the defaults stay, ready to run.
    SweepSetupPanel fresh;
    fresh.restoreState(QJsonObject());
    QVERIFY2(fresh.isValid(), qPrintable(fresh.invalidReason()));
    QCOMPARE(fresh.spec().engine.vdevs, QStringList{QStringLiteral("net_null0")});

    // Text that does not parse is restored as typed, still explaining itself.
    first.setSweepValues(0, QStringLiteral("clone"), QStringLiteral("0..y"));
    second.restoreState(first.saveState());
    QVERIFY(!second.isValid());
    QVERIFY(second.invalidReason().contains(QStringLiteral("not a number")));
}

// The choices a user makes with the mouse give the spec the CLI's
// --reps auto --max-reps 12 --precision-ns 0.5 --rerun-disturbed gives.
void TestSetupPanel::untilPreciseAndRerunDisturbed() {
    SweepSetupPanel panel;
    auto *reps = panel.findChild<QSpinBox *>(QStringLiteral("reps"));
    auto *mode = panel.findChild<QComboBox *>(QStringLiteral("repsMode"));
    auto *precision = panel.findChild<QDoubleSpinBox *>(QStringLiteral("precision"));
    auto *unit = panel.findChild<QComboBox *>(QStringLiteral("precisionUnit"));
    auto *rerun = panel.findChild<QCheckBox *>(QStringLiteral("rerunDisturbed"));
    QVERIFY(reps && mode && precision && unit && rerun);
    QVERIFY(!precision->isEnabled());
    reps->setValue(5);
    QCOMPARE(panel.spec().reps, 5);
    QVERIFY(!panel.spec().untilPrecise);
    QVERIFY(!panel.spec().noise.rerunDisturbed);

    mode->setCurrentIndex(mode->findData(QStringLiteral("until_precise")));
    QVERIFY(precision->isEnabled());
    // The box now holds the maximum, the core's default.
    QCOMPARE(reps->value(), PrecisionTarget::kDefaultMaxReps);
    SweepSpec spec = panel.spec();
    QVERIFY(spec.untilPrecise);
    QCOMPARE(spec.reps, PrecisionTarget::kMinReps);
    QCOMPARE(spec.untilPrecise->share, PrecisionTarget::kDefaultShare);
    QVERIFY(!spec.untilPrecise->ns);

    reps->setValue(12);
    unit->setCurrentIndex(unit->findData(QStringLiteral("ns")));
    precision->setValue(0.5);
    QTest::mouseClick(rerun, Qt::LeftButton, {}, QPoint(4, rerun->height() / 2));
    QVERIFY(rerun->isChecked());
    spec = panel.spec();
    SweepSpec cli;
    PrecisionTarget target;
    target.maxReps = 12;
    target.ns = 0.5;
    cli.setUntilPrecise(target);
    cli.noise.rerunDisturbed = true;
    QCOMPARE(spec.untilPrecise, cli.untilPrecise);
    QCOMPARE(spec.reps, cli.reps);
    QCOMPARE(spec.noise, cli.noise);
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));

    // Restored from saved state, and back to a fixed count, which was kept.
    SweepSetupPanel again;
    again.restoreState(panel.saveState());
    QCOMPARE(again.spec(), spec);
    QCOMPARE(again.findChild<QSpinBox *>(QStringLiteral("reps"))->value(), 12);
    mode->setCurrentIndex(mode->findData(QStringLiteral("fixed")));
    QCOMPARE(panel.spec().reps, 5);
    QVERIFY(!panel.spec().untilPrecise);
    QVERIFY(panel.spec().noise.rerunDisturbed);
}

void TestSetupPanel::untilPreciseTargetIsCheckedByTheCore() {
    SweepSetupPanel panel;
    auto *reps = panel.findChild<QSpinBox *>(QStringLiteral("reps"));
    auto *mode = panel.findChild<QComboBox *>(QStringLiteral("repsMode"));
    auto *precision = panel.findChild<QDoubleSpinBox *>(QStringLiteral("precision"));
    mode->setCurrentIndex(mode->findData(QStringLiteral("until_precise")));
    reps->setValue(2);
    QVERIFY(!panel.isValid());
    QCOMPARE(panel.invalidField(), reps);
    QVERIFY2(panel.invalidReason().contains(QStringLiteral("must be an integer in 3..1000, got 2")),
             qPrintable(panel.invalidReason()));
    reps->setValue(3);
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    precision->setValue(0);
    QVERIFY(!panel.isValid());
    QCOMPARE(panel.invalidField(), precision);
    QVERIFY2(panel.invalidReason().startsWith(QStringLiteral("precision: must be a number in")),
             qPrintable(panel.invalidReason()));
    // A fixed count does not use the target.
    mode->setCurrentIndex(mode->findData(QStringLiteral("fixed")));
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
}

void TestSetupPanel::engineLimitsReplaceDocumentedOnes() {
    SweepSetupPanel panel;
    panel.setSweepValues(0, QStringLiteral("queues"), QStringLiteral("1,2"));
    QVERIFY(panel.isValid());
    QMap<QString, ParameterLimit> ranges;
    for (const StepParameter &p : StepParameters::all()) {
        if (p.type == ParameterType::Integer) {
            ranges.insert(p.name, {p.min, p.max});
        }
    }
    ranges.insert(QStringLiteral("queues"), {1, 1}); // net_null has a single TX queue
    const StepLimits limits = StepLimits::fromHello(ranges, {});
    panel.setLimits(limits);
    QVERIFY(!panel.isValid());
    QVERIFY2(panel.invalidReason().contains(QStringLiteral("queues must be in 1..1, got 2")),
             qPrintable(panel.invalidReason()));
    QVERIFY(limits.tooltip(QStringLiteral("queues")).contains(QStringLiteral("allowed 1..1")));
}

// Every step parameter of the core's table has its field, with the table's
// help and range as its tooltip, and the rules' words mark a bad value.
void TestSetupPanel::fixedFieldsComeFromTheTable() {
    SweepSetupPanel panel;
    const StepLimits limits = StepLimits::documented(EngineKind::Dpdk);
    for (const StepParameter &p : StepParameters::all()) {
        auto *field = panel.findChild<QWidget *>(QStringLiteral("fixed_") + p.name);
        if (!p.olderFormOf.isEmpty() || p.name == QLatin1String("duration_ms") ||
            p.name == QLatin1String("warmup_ms")) {
            QVERIFY2(!field, qPrintable(p.name));
            continue;
        }
        QVERIFY2(field, qPrintable(p.name));
        QCOMPARE(field->toolTip(), limits.tooltip(p.name));
        QVERIFY2(field->toolTip().contains(p.help), qPrintable(field->toolTip()));
    }
    auto *ports = panel.findChild<QLineEdit *>(QStringLiteral("fixed_udp_src"));
    ports->setText(QStringLiteral("60000-50000"));
    QVERIFY(!panel.isValid());
    QCOMPARE(panel.invalidField(), ports);
    QVERIFY2(panel.invalidReason().startsWith(QStringLiteral("udp_src must be a port range")),
             qPrintable(panel.invalidReason()));
    ports->setText(QStringLiteral("40000-40063"));
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QCOMPARE(panel.spec().fixed.value(QStringLiteral("udp_src")),
             QJsonValue(QJsonArray{40000, 40063}));
    // Left empty, a MAC is the port's own: not in the spec.
    QVERIFY(!panel.spec().fixed.contains(QStringLiteral("src_mac")));
}

// Every range and default of the form is the parameter table's or the
// sweep rules', so a spec the CLI accepts fits the form unclamped.
void TestSetupPanel::rangesAndDefaultsComeFromTheCore() {
    SweepSetupPanel panel;
    const auto box = [&](const char *name) {
        return panel.findChild<QSpinBox *>(QString::fromLatin1(name));
    };
    const StepParameter *duration = StepParameters::find(QStringLiteral("duration_ms"));
    const StepParameter *warmup = StepParameters::find(QStringLiteral("warmup_ms"));
    QCOMPARE(box("reps")->minimum(), 1);
    QCOMPARE(box("reps")->maximum(), SweepRules::kMaxReps);
    QCOMPARE(box("duration")->minimum(), duration->min);
    QCOMPARE(box("duration")->maximum(), duration->max);
    QCOMPARE(box("warmup")->minimum(), warmup->min);
    QCOMPARE(box("warmup")->maximum(), warmup->max);
    QCOMPARE(box("pause")->maximum(), SweepRules::kMaxPauseMs);
    QSpinBox *memory = nullptr;
    for (QSpinBox *b : panel.findChildren<QSpinBox *>()) {
        if (b->suffix() == QStringLiteral(" MB"))
            memory = b;
    }
    QVERIFY(memory);
    QCOMPARE(memory->minimum(), SweepRules::kMinMemoryMb);
    QCOMPARE(memory->maximum(), SweepRules::kMaxMemoryMb);
    // A fresh form is the spec's defaults; fixed parameters at their
    // defaults are left out, as the command line leaves them.
    SweepSpec expected;
    expected.engine.vdevs = {QStringLiteral("net_null0")};
    expected.axes = panel.spec().axes;
    QCOMPARE(panel.spec(), expected);

    // An engine with a longer shortest step: the duration's range follows.
    QMap<QString, ParameterLimit> ranges;
    ranges.insert(QStringLiteral("duration_ms"), ParameterLimit{5, 1000000});
    panel.setLimits(StepLimits::fromHello(ranges, {}));
    QCOMPARE(box("duration")->minimum(), 5);
    QCOMPARE(box("duration")->maximum(), 1000000);
}

// "Run again": a spec with every field away from its default, those the form
// has no field for included, comes back as it went in.
void TestSetupPanel::setSpecGivesTheSameSpecBack() {
    SweepSpec spec;
    spec.engine.vdevs = {QStringLiteral("net_null0"), QStringLiteral("net_null1")};
    spec.engine.sinkVdev = QStringLiteral("net_null1");
    spec.engine.lcores = QStringLiteral("0-1");
    spec.engine.memoryMb = 70000 / 2;
    spec.engine.enginePath = QStringLiteral("/opt/burstlab-engine");
    spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8)}}};
    spec.fixed = {{QStringLiteral("clone"), 0}, // a default the run fixed stays fixed
                  {QStringLiteral("pkt_size"), 128},
                  {QStringLiteral("dst_mac"), QStringLiteral("02:00:00:00:00:0b")},
                  {QStringLiteral("udp_src"), QJsonArray{50000, 50003}},
                  {QStringLiteral("timestamp"), true}};
    spec.reps = 5000; // above the form's old maximum of 1000
    spec.durationMs = 5;
    spec.warmupMs = 1;
    spec.pauseMs = 4000000;
    spec.randomize = true;
    spec.seed = 12345;
    spec.linkSpeedMbps = 10000;
    spec.noise.minCpuShare = 0.5;
    spec.noise.maxStealShare = 0.05;
    spec.noise.rerunDisturbed = true;
    spec.noise.excludeDisturbed = true;
    SweepSetupPanel panel;
    panel.setSpec(spec);
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QCOMPARE(panel.spec(), spec);
    // Through the saved state too.
    SweepSetupPanel restored;
    restored.restoreState(panel.saveState());
    QCOMPARE(restored.spec(), spec);
    // Another device is another launch: the old sink does not come with it.
    panel.setDevice(QStringLiteral("net_null2"));
    QCOMPARE(panel.spec().engine.vdevs, QStringList{QStringLiteral("net_null2")});
    QVERIFY(panel.spec().engine.sinkVdev.isEmpty());
}

void TestSetupPanel::runningLocksTheForm() {
    SweepSetupPanel panel;
    panel.show();
    panel.setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,8"));
    panel.setFixedValue(QStringLiteral("clone"), 64);
    const SweepSpec before = panel.spec();
    panel.setRunning(true);
    for (QGroupBox *group : panel.findChildren<QGroupBox *>()) {
        QVERIFY(!group->isEnabled());
    }
    // A locked form still holds the whole setup: it is what a quit mid-sweep saves.
    QCOMPARE(panel.spec(), before);
    QCOMPARE(panel.spec().fixed.value(QStringLiteral("clone")).toInt(), 64);
    panel.setRunning(false);
    for (QGroupBox *group : panel.findChildren<QGroupBox *>()) {
        QVERIFY(group->isEnabled());
    }
}

void TestSetupPanel::hugepagesNeededWithoutNoHuge() {
    SweepSetupPanel panel;
    SweepSpec spec = panel.spec();
    spec.engine.noHuge = false;
    panel.setSpec(spec);
    // Valid exactly when this host has hugepages reserved; otherwise the reason says what to do.
    QCOMPARE(panel.isValid(), EngineCommand::hugepagesReserved());
    if (!panel.isValid()) {
        QVERIFY2(panel.invalidReason().contains(QStringLiteral("no hugepages")),
                 qPrintable(panel.invalidReason()));
    }
    spec.engine.noHuge = true;
    panel.setSpec(spec);
    QVERIFY(panel.isValid());
}

void TestSetupPanel::wheelChangesOnlyAFocusedField() {
    QScrollArea scroll;
    auto *panel = new SweepSetupPanel;
    scroll.setWidget(panel);
    scroll.setWidgetResizable(true);
    scroll.resize(400, 300);
    scroll.show();
    scroll.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&scroll));
    auto *reps = panel->findChild<QSpinBox *>(QStringLiteral("reps"));
    QVERIFY(reps);
    const int value = reps->value();
    const auto turn = [reps] {
        const QPointF at(reps->width() / 2.0, reps->height() / 2.0);
        QWheelEvent wheel(at, reps->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(reps, &wheel);
    };
    // Passing over it while scrolling the form: the value stays, the wheel
    // does not take the focus either.
    panel->setFocus();
    turn();
    QCOMPARE(reps->value(), value);
    QVERIFY(!reps->hasFocus());
    // Once the field has the focus, the wheel is for it.
    reps->setFocus();
    QTRY_VERIFY(reps->hasFocus());
    turn();
    QCOMPARE(reps->value(), value - 1);
}

void TestSetupPanel::outOfRangeValueIsKeptAndMarked() {
    SweepSetupPanel panel;
    panel.show();
    auto *box = panel.findChild<QSpinBox *>(QStringLiteral("fixed_pkt_size"));
    QVERIFY(box);
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, QStringLiteral("10"));
    QTest::keyClick(box, Qt::Key_Return);
    // What was typed stays, and the field says what is wrong with it.
    QCOMPARE(box->value(), 10);
    QVERIFY(!panel.isValid());
    QVERIFY2(panel.invalidReason().contains(QStringLiteral("pkt_size must be in 60..1514, got 10")),
             qPrintable(panel.invalidReason()));
    QCOMPARE(panel.invalidField(), box);
}

void TestSetupPanel::kindShowsItsOwnFields() {
    SweepSetupPanel panel;
    panel.show();
    const auto field = [&](const char *name) {
        QWidget *w = panel.findChild<QWidget *>(QString::fromLatin1(name));
        Q_ASSERT(w);
        return w;
    };
    QCOMPARE(panel.engineKind(), EngineKind::Dpdk);
    for (const char *dpdk : {"device", "memory", "noHuge"}) {
        QVERIFY2(field(dpdk)->isVisible(), dpdk);
    }
    QVERIFY(!field("netdev")->isVisible());
    QCOMPARE(rowLabel(field("lcores")), QStringLiteral("Lcores:"));
    QVERIFY(field("warmup")->isEnabled());

    panel.setEngineKind(EngineKind::Pktgen);
    for (const char *dpdk : {"device", "memory", "noHuge"}) {
        QVERIFY2(!field(dpdk)->isVisible(), dpdk);
    }
    QVERIFY(field("netdev")->isVisible());
    QCOMPARE(rowLabel(field("lcores")), QStringLiteral("Thread CPUs:"));
    // No warm-up with pktgen: the field says why it is off.
    auto *warmup = panel.findChild<QSpinBox *>(QStringLiteral("warmup"));
    QVERIFY(!warmup->isEnabled());
    QCOMPARE(warmup->value(), 0);
    QVERIFY2(warmup->toolTip().contains(QStringLiteral("first packet")),
             qPrintable(warmup->toolTip()));
    // The device is the user's to name: pktgen floods it.
    QVERIFY(!panel.isValid());
    QCOMPARE(panel.invalidField(), field("netdev"));
    // Any typed name is taken, listed or not.
    panel.setNetdev(QStringLiteral("veth-test0"));
    panel.findChild<QLineEdit *>(QStringLiteral("lcores"))->setText(QStringLiteral("1-2"));
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    const SweepSpec spec = panel.spec();
    QCOMPARE(spec.engine.kind, EngineKind::Pktgen);
    QCOMPARE(spec.engine.device, QStringLiteral("veth-test0"));
    QCOMPARE(spec.engine.txDevice(), QStringLiteral("veth-test0"));
    QCOMPARE(spec.engine.lcores, QStringLiteral("1-2"));
    QVERIFY(spec.engine.vdevs.isEmpty());
    QCOMPARE(spec.warmupMs, 0);

    // Back to DPDK: its fields as they were, the warm-up at its default.
    panel.setEngineKind(EngineKind::Dpdk);
    QVERIFY(field("device")->isVisible());
    QVERIFY(!field("netdev")->isVisible());
    QVERIFY(warmup->isEnabled());
    QCOMPARE(warmup->value(), SweepSpec::defaultWarmupMs(panel.spec().durationMs));
    QCOMPARE(panel.spec().engine.vdevs, QStringList{QStringLiteral("net_null0")});
    QVERIFY(panel.spec().engine.device.isEmpty());
}

void TestSetupPanel::pktgenOffersOnlyItsParameters() {
    SweepSetupPanel panel;
    panel.show();
    panel.setEngineKind(EngineKind::Pktgen);
    // A choice (the host settings qdisc, gro) is swept from the CLI: the
    // values field reads integers.
    QStringList sweepable;
    for (const QString &name : StepParameters::sweepable()) {
        const StepParameter *p = StepParameters::find(name);
        if (p->takenBy(EngineKind::Pktgen) && p->type != ParameterType::Choice) {
            sweepable << name;
        }
    }
    QVERIFY(!sweepable.contains(QStringLiteral("tx_desc")));
    QVERIFY(sweepable.contains(QStringLiteral("txqueuelen")));
    QVERIFY(!sweepable.contains(QStringLiteral("qdisc")));
    const QList<QComboBox *> axes{panel.findChild<QComboBox *>(QStringLiteral("axis0")),
                                  panel.findChild<QComboBox *>(QStringLiteral("axis1"))};
    QVERIFY(axes[0] && axes[1]);
    QCOMPARE(items(axes[0]), sweepable);
    QCOMPARE(items(axes[1]), QStringList{QStringLiteral("none")} + sweepable);
    for (const StepParameter &p : StepParameters::all()) {
        auto *field = panel.findChild<QWidget *>(QStringLiteral("fixed_") + p.name);
        if (field) {
            QVERIFY2(field->isVisible() == p.takenBy(EngineKind::Pktgen), qPrintable(p.name));
        }
    }
    // Named as pktgen names them too where its name differs (pktgen takes
    // burst as burst).
    const int burst = axes[0]->findData(QStringLiteral("burst"));
    QCOMPARE(axes[0]->itemData(burst, Qt::ToolTipRole).toString(), QString());
    QVERIFY2(panel.findChild<QWidget *>(QStringLiteral("fixed_clone"))
                 ->toolTip()
                 .contains(QStringLiteral("pktgen calls it clone_skb")),
             "clone");
    panel.setEngineKind(EngineKind::Dpdk);
    QStringList dpdk = StepParameters::sweepable();
    // Host settings too (a kernel-interface port takes them), choices not.
    dpdk.removeIf([](const QString &name) {
        const StepParameter *p = StepParameters::find(name);
        return !p->takenBy(EngineKind::Dpdk) || p->type == ParameterType::Choice;
    });
    QVERIFY(dpdk.contains(QStringLiteral("txqueuelen")));
    QVERIFY(!dpdk.contains(QStringLiteral("frags")));
    QCOMPARE(items(axes[0]), dpdk);
    QVERIFY(axes[0]->itemData(burst, Qt::ToolTipRole).isNull());
    QVERIFY(panel.findChild<QWidget *>(QStringLiteral("fixed_tx_desc"))->isVisible());
}

void TestSetupPanel::switchingKindDropsAndNotesWhatItDoesNotTake() {
    SweepSetupPanel panel;
    panel.show();
    auto *note = panel.findChild<QLabel *>(QStringLiteral("kindNote"));
    QVERIFY(note && !note->isVisible());
    panel.setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1,32"));
    panel.setSweepValues(1, QStringLiteral("tx_desc"), QStringLiteral("256,1024"));
    panel.setFixedValue(QStringLiteral("timestamp"), true);
    panel.setFixedValue(QStringLiteral("clone"), 8);
    panel.setTiming(3, 1000, 30, 0, false);
    QVERIFY(panel.spec().fixed.contains(QStringLiteral("timestamp")));

    panel.setEngineKind(EngineKind::Pktgen);
    panel.setNetdev(QStringLiteral("dummy0"));
    QVERIFY(note->isVisible());
    for (const QString &part :
         {QStringLiteral("kernel pktgen does not take"), QStringLiteral("the sweep over tx_desc"),
          QStringLiteral("warmup_ms=30")}) {
        QVERIFY2(panel.kindNote().contains(part), qPrintable(panel.kindNote()));
    }
    // pktgen stamps its packets too (flag NO_TIMESTAMP when false).
    QVERIFY(!panel.kindNote().contains(QStringLiteral("timestamp")));
    // What pktgen takes stays; what it does not is gone from the spec.
    const SweepSpec spec = panel.spec();
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QCOMPARE(spec.axes.size(), 1);
    QCOMPARE(spec.axes.first().name, QStringLiteral("burst"));
    // true is pktgen's own default, so the spec need not say it.
    QVERIFY(!spec.fixed.contains(QStringLiteral("timestamp")));
    QCOMPARE(spec.fixed.value(QStringLiteral("clone")).toInt(), 8);
    QVERIFY(!panel.kindNote().contains(QStringLiteral("clone")));
    QCOMPARE(spec.warmupMs, 0);

    // Dropped, not hidden: back on DPDK nothing of it returns, and nothing
    // is dropped this time.
    panel.setEngineKind(EngineKind::Dpdk);
    QVERIFY(!note->isVisible());
    QVERIFY(panel.kindNote().isEmpty());
    QCOMPARE(panel.spec().axes.size(), 1);
    // A field at pktgen's default takes DPDK's, as burst does.
    QVERIFY(!panel.spec().fixed.contains(QStringLiteral("timestamp")));
}

// The choice of kind and both kinds' devices survive a restart; a stored
// pktgen run's setup loads with its kind.
void TestSetupPanel::pktgenStateRoundTrip() {
    SweepSetupPanel first;
    first.setDevice(QStringLiteral("net_null1"));
    first.setEngineKind(EngineKind::Pktgen);
    first.setNetdev(QStringLiteral("dummy0"));
    first.setSweepValues(0, QStringLiteral("clone"), QStringLiteral("0,64"));
    const QJsonObject state = first.saveState();

    SweepSetupPanel second;
    second.restoreState(state);
    QCOMPARE(second.engineKind(), EngineKind::Pktgen);
    QCOMPARE(second.spec().toJson(), first.spec().toJson());
    second.setEngineKind(EngineKind::Dpdk);
    QCOMPARE(second.spec().engine.vdevs, QStringList{QStringLiteral("net_null1")});

    SweepSpec stored;
    stored.engine.kind = EngineKind::Pktgen;
    stored.engine.device = QStringLiteral("eth1");
    stored.engine.lcores = QStringLiteral("2");
    stored.engine.mode = QStringLiteral("sudo");
    stored.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(32)}}};
    stored.fixed = {{QStringLiteral("pkt_size"), 1514}};
    stored.warmupMs = 0;
    SweepSetupPanel panel;
    panel.setSpec(stored);
    QCOMPARE(panel.engineKind(), EngineKind::Pktgen);
    QVERIFY(panel.kindNote().isEmpty());
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QCOMPARE(panel.spec(), stored);
}

// --host-device: pktgen's only, refused by the core's rule for the CLI
// option naming the field, given to the engine, stored with the run and
// shown again when the run is loaded.
void TestSetupPanel::hostDeviceAsTheCommandLineTakesIt() {
    SweepSetupPanel panel;
    panel.show();
    auto *hostDevice = panel.findChild<QComboBox *>(QStringLiteral("hostDevice"));
    QVERIFY(hostDevice);
    QVERIFY(!hostDevice->isVisible());
    panel.setEngineKind(EngineKind::Pktgen);
    QVERIFY(hostDevice->isVisible());
    QCOMPARE(rowLabel(hostDevice), QStringLiteral("Host device:"));
    panel.setNetdev(QStringLiteral("veth0"));
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    QVERIFY(panel.spec().engine.hostDevice.isEmpty());

    hostDevice->setCurrentText(QStringLiteral("veth1,bad/name"));
    QVERIFY(!panel.isValid());
    QCOMPARE(panel.invalidField(), hostDevice);
    const QList<FieldProblem> core = SweepRules::checkLaunch(panel.spec().engine, std::nullopt);
    QCOMPARE(core.size(), 1);
    QCOMPARE(core.first().field, QStringLiteral("engine.host_device"));
    QCOMPARE(panel.invalidReason(), QStringLiteral("host device: ") + core.first().message);
    QVERIFY2(panel.invalidReason().contains(QStringLiteral("'bad/name'")),
             qPrintable(panel.invalidReason()));
    QVERIFY(hostDevice->toolTip().startsWith(panel.invalidReason()));

    hostDevice->setCurrentText(QStringLiteral(" veth1 "));
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
    const SweepSpec spec = panel.spec();
    QCOMPARE(spec.engine.hostDevice, QStringLiteral("veth1"));
    const QStringList arguments = EngineCommand::fromLaunch(spec.engine, QString()).arguments;
    const qsizetype at = arguments.indexOf(QStringLiteral("--host-device"));
    QVERIFY2(at >= 0, qPrintable(arguments.join(u' ')));
    QCOMPARE(arguments.value(at + 1), QStringLiteral("veth1"));

    // Stored as a sweep stores its run, loaded as "Run again" loads it.
    QTemporaryDir dir;
    RunStore store;
    QVERIFY(store.open(dir.filePath(QStringLiteral("runs.sqlite"))));
    Run run;
    run.spec = spec;
    const auto id = store.createRun(run);
    QVERIFY(id);
    const std::optional<Run> loaded = store.loadRun(*id);
    QVERIFY(loaded);
    QCOMPARE(loaded->spec.engine.hostDevice, QStringLiteral("veth1"));
    SweepSetupPanel reopened;
    reopened.show();
    reopened.setSpec(loaded->spec);
    auto *shown = reopened.findChild<QComboBox *>(QStringLiteral("hostDevice"));
    QVERIFY(shown->isVisible());
    QCOMPARE(shown->currentText(), QStringLiteral("veth1"));
    QCOMPARE(reopened.spec(), loaded->spec);

    // A restart keeps it; a switch to DPDK leaves it out of the launch.
    SweepSetupPanel restarted;
    restarted.restoreState(panel.saveState());
    QCOMPARE(restarted.spec().engine.hostDevice, QStringLiteral("veth1"));
    panel.setEngineKind(EngineKind::Dpdk);
    QVERIFY(!hostDevice->isVisible());
    QVERIFY(panel.spec().engine.hostDevice.isEmpty());
    QVERIFY2(panel.isValid(), qPrintable(panel.invalidReason()));
}

// The dock folds the panel away on other tabs, and a run's setup can be
// loaded then: shown again, every row of the kind has its height.
void TestSetupPanel::switchWhileHiddenKeepsEveryRow() {
    QScrollArea scroll;
    auto *panel = new SweepSetupPanel;
    scroll.setWidget(panel);
    scroll.setWidgetResizable(true);
    scroll.resize(350, 900);
    scroll.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scroll));
    scroll.hide();
    panel->setTiming(3, 1000, 30, 0, false); // a warm-up set by hand: dropped with a note
    panel->setEngineKind(EngineKind::Pktgen);
    scroll.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scroll));
    QVERIFY(!panel->kindNote().isEmpty());
    auto *netdev = panel->findChild<QComboBox *>(QStringLiteral("netdev"));
    QTRY_VERIFY(netdev->height() >= netdev->minimumSizeHint().height());
    for (QLineEdit *line : panel->findChildren<QLineEdit *>()) {
        // Lines of their own, not those inside combo and spin boxes.
        if (line->isVisible() && line->parentWidget()->layout()) {
            // The scroll area takes the panel's new size a layout pass later.
            QTRY_VERIFY2(line->height() >= line->minimumSizeHint().height(),
                         qPrintable(line->placeholderText()));
        }
    }
}

QTEST_MAIN(TestSetupPanel)
#include "tst_setuppanel.moc"
