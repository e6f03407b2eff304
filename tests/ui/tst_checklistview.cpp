// The checklist view: stored results with their fix commands (copyable), and
// a re-probe of this host that runs off the GUI thread; "Try the fix" offered
// only where the engine and the device can change the item's setting.
#include "checklist/ChecklistModel.h"
#include "checklist/ChecklistView.h"
#include "host/Checklist.h"

#include <QApplication>
#include <QClipboard>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QProcess>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>
#include <unistd.h>

using namespace burstlab;

namespace {
CheckResult result(const QString &id, CheckStatus status, const QString &fix) {
    CheckResult r;
    r.id = id;
    r.title = id + QStringLiteral(" title");
    r.status = status;
    r.current = QStringLiteral("current of ") + id;
    r.recommended = QStringLiteral("recommended of ") + id;
    r.why = QStringLiteral("why ") + id + QStringLiteral(" matters");
    r.fix = fix;
    return r;
}
} // namespace

class TestChecklistView : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void showsStoredResultsWithFixes();
    void reprobesThisHost();
    void probesWhenFirstShown();
    void judgesAPktgenRunOnItsDevice();
    void tryTheFixRefusedSayingWhy();
    void tryTheFixOnAVethDevice();
    void offersEveryFixTheCommandLineCan();
};

void TestChecklistView::showsStoredResultsWithFixes() {
    ChecklistView view;
    view.showStored({result(QStringLiteral("governor"), CheckStatus::Fail,
                            QStringLiteral("cpupower frequency-set -g performance")),
                     result(QStringLiteral("smt"), CheckStatus::Pass, QString())},
                    QStringLiteral("Stored with run #7"));
    // Stored results shown first: showing the view does not replace them by a probe.
    view.show();
    auto *table = view.findChild<QTableView *>();
    QCOMPARE(table->model()->rowCount(), 2);
    QCOMPARE(table->model()->index(0, ChecklistModel::StatusColumn).data().toString(),
             QStringLiteral("fail"));
    QCOMPARE(table->model()->index(0, ChecklistModel::RecommendedColumn).data().toString(),
             QStringLiteral("recommended of governor"));
    QVERIFY(
        !table->model()->index(0, ChecklistModel::StatusColumn).data(Qt::DecorationRole).isNull());

    auto *fix = view.findChild<QLineEdit *>();
    QPushButton *copy = nullptr;
    for (QPushButton *button : view.findChildren<QPushButton *>()) {
        if (button->text() == QStringLiteral("Copy")) {
            copy = button;
        }
    }
    QVERIFY(copy);
    QCOMPARE(fix->text(), QStringLiteral("cpupower frequency-set -g performance"));
    QVERIFY(copy->isEnabled());
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QApplication::clipboard()->text(), fix->text());

    // An item without a fix command offers nothing to copy.
    table->selectRow(1);
    QVERIFY(fix->text().isEmpty());
    QVERIFY(!copy->isEnabled());
}

void TestChecklistView::reprobesThisHost() {
    ChecklistView view;
    EngineLaunch launch;
    launch.vdevs = {QStringLiteral("net_null0")};
    view.setLaunch(launch);
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.reprobe();
    QVERIFY(done.wait(30000));
    QCOMPARE(view.results().size(), Checklist::builtIn().items().size());
    QVERIFY(view.results().size() >= 10);
}

void TestChecklistView::probesWhenFirstShown() {
    ChecklistView view;
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.show();
    QVERIFY(done.wait(30000));
    QVERIFY(!view.results().isEmpty());
}

namespace {
QStringList ids(const QList<CheckResult> &results) {
    QStringList out;
    for (const CheckResult &r : results)
        out << r.id;
    return out;
}
} // namespace

// A pktgen run is judged on its kernel device by pktgen's items: DPDK's set-up
// (hugepages, PCI binding) is left out, and the caption names the device.
void TestChecklistView::judgesAPktgenRunOnItsDevice() {
    ChecklistView view;
    EngineLaunch launch;
    launch.kind = EngineKind::Pktgen;
    launch.device = QStringLiteral("lo");
    view.setLaunch(launch);
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.reprobe();
    QVERIFY(done.wait(30000));
    const Checklist checklist = Checklist::builtIn();
    qsizetype pktgenItems = 0;
    for (const CheckItem &item : checklist.items())
        pktgenItems += item.appliesTo(EngineKind::Pktgen) ? 1 : 0;
    // Besides, the items pktgen's runs are not judged on whose fix it can try.
    qsizetype fixOnly = 0;
    for (const CheckItem &item : FixTrial::itemsFor(checklist, launch))
        fixOnly += item.appliesTo(EngineKind::Pktgen) ? 0 : 1;
    QCOMPARE(fixOnly, 2);
    QCOMPARE(view.results().size(), pktgenItems + fixOnly);
    QVERIFY(pktgenItems < checklist.items().size());
    QVERIFY(!ids(view.results()).contains(QStringLiteral("hugepages")));
    QVERIFY(!ids(view.results()).contains(QStringLiteral("pci_binding")));
    bool captionNamesDevice = false;
    for (const QLabel *label : view.findChildren<QLabel *>())
        captionNamesDevice |= label->text().contains(QStringLiteral(", for lo, probed"));
    QVERIFY(captionNamesDevice);
}

namespace {
QPushButton *tryFixButton(const ChecklistView &view) {
    for (QPushButton *button : view.findChildren<QPushButton *>()) {
        if (button->text() == QStringLiteral("Try the fix"))
            return button;
    }
    return nullptr;
}

// Probes the launch's device and selects the item's row.
bool probeAndSelect(ChecklistView &view, const EngineLaunch &launch, const QString &item) {
    view.setLaunch(launch);
    QSignalSpy done(&view, &ChecklistView::probeFinished);
    view.reprobe();
    if (!done.wait(30000))
        return false;
    const qsizetype row = ids(view.results()).indexOf(item);
    if (row < 0)
        return false;
    view.findChild<QTableView *>()->selectRow(int(row));
    return true;
}
} // namespace

void TestChecklistView::tryTheFixRefusedSayingWhy() {
    ChecklistView view;
    QPushButton *tryFix = tryFixButton(view);
    QVERIFY(tryFix);
    // A stored run's findings are another time's: nothing to try on them.
    CheckResult stored = result(QStringLiteral("offloads"), CheckStatus::Pass, QString());
    stored.values = {{QStringLiteral("gro"), QStringLiteral("off")}};
    view.showStored({stored}, QStringLiteral("Stored with run #7"));
    QVERIFY(!tryFix->isEnabled());
    QVERIFY2(tryFix->toolTip().contains(QStringLiteral("stored results")),
             qPrintable(tryFix->toolTip()));

    // An item that names no setting offers nothing.
    EngineLaunch pktgen;
    pktgen.kind = EngineKind::Pktgen;
    pktgen.device = QStringLiteral("lo");
    QVERIFY(probeAndSelect(view, pktgen, QStringLiteral("clocksource")));
    QVERIFY(!tryFix->isEnabled());
    QVERIFY(tryFix->toolTip().contains(QStringLiteral("no host setting")));

    // lo has no ring to set: the refusal names the setting and the device.
    QVERIFY(probeAndSelect(view, pktgen, QStringLiteral("tx_ring")));
    QVERIFY(!tryFix->isEnabled());
    QVERIFY2(tryFix->toolTip().contains(QStringLiteral("tx_ring cannot be changed on lo")),
             qPrintable(tryFix->toolTip()));

    // The DPDK engine sets host settings only on a kernel interface.
    EngineLaunch dpdk;
    dpdk.vdevs = {QStringLiteral("net_null0")};
    QVERIFY(probeAndSelect(view, dpdk, QStringLiteral("offloads")));
    QVERIFY(!tryFix->isEnabled());
    QVERIFY2(tryFix->toolTip().contains(
                 QStringLiteral("gro is a host setting of a kernel interface: net_null0 is a "
                                "net_null port")),
             qPrintable(tryFix->toolTip()));
}

// veth's GRO is off (unless XDP is on): the offloads item's gro fix is
// offered, its gso and tso, already on, are not; choosing it asks for the
// trial. Needs a veth pair of its own (root).
void TestChecklistView::tryTheFixOnAVethDevice() {
    const QString device = QStringLiteral("tfx1");
    if (geteuid() != 0 ||
        QProcess::execute(QStringLiteral("ip"),
                          {"link", "add", "tfx0", "type", "veth", "peer", "name", device}) != 0)
        QSKIP("needs root and veth to make a veth pair of its own");
    const auto removePair = qScopeGuard([] {
        QProcess::execute(QStringLiteral("ip"), {"link", "del", "tfx0"});
    });
    ChecklistView view;
    QPushButton *tryFix = tryFixButton(view);
    EngineLaunch pktgen;
    pktgen.kind = EngineKind::Pktgen;
    pktgen.device = device;
    QVERIFY(probeAndSelect(view, pktgen, QStringLiteral("offloads")));
    QVERIFY2(tryFix->isEnabled(), qPrintable(tryFix->toolTip()));
    const QList<QAction *> actions = tryFix->menu()->actions();
    QCOMPARE(actions.size(), 3);
    QAction *gro = nullptr;
    for (QAction *a : actions) {
        if (a->text().startsWith(QStringLiteral("gro ")))
            gro = a;
        else
            QVERIFY2(!a->isEnabled() && a->text().contains(QStringLiteral("nothing to try")),
                     qPrintable(a->text()));
    }
    QVERIFY(gro && gro->isEnabled());
    QCOMPARE(gro->text(), QStringLiteral("gro off -> on on tfx1"));
    std::optional<FixTrial> asked;
    connect(&view, &ChecklistView::tryFixRequested, this,
            [&asked](const FixTrial &t) { asked = t; });
    gro->trigger();
    QVERIFY(asked);
    QCOMPARE(asked->setting, QStringLiteral("gro"));
    QCOMPARE(asked->found, QJsonValue(QStringLiteral("off")));
    QCOMPARE(asked->label(), QStringLiteral("try-fix gro"));
}

// The GUI offers what the CLI's try-fix can try, by the same rule
// (FixTrial::probe on the launch's host devices): also the root qdisc and
// txqueuelen, which pktgen's runs are not judged on, and on the receiving
// end of a veth pair when the setup names it. Needs root for a veth pair.
void TestChecklistView::offersEveryFixTheCommandLineCan() {
    const QString sender = QStringLiteral("tfy0");
    const QString receiver = QStringLiteral("tfy1");
    if (geteuid() != 0 ||
        QProcess::execute(QStringLiteral("ip"),
                          {"link", "add", sender, "type", "veth", "peer", "name", receiver}) != 0)
        QSKIP("needs root and veth to make a veth pair of its own");
    const auto removePair = qScopeGuard([sender] {
        QProcess::execute(QStringLiteral("ip"), {"link", "del", sender});
    });
    // Up, for its noqueue root qdisc: a device down shows none (noop).
    for (const QString &device : {sender, receiver})
        QCOMPARE(QProcess::execute(QStringLiteral("ip"), {"link", "set", "dev", device, "up"}), 0);
    QCOMPARE(QProcess::execute(QStringLiteral("ip"),
                               {"link", "set", "dev", receiver, "txqueuelen", "500"}),
             0);
    ChecklistView view;
    QPushButton *tryFix = tryFixButton(view);
    EngineLaunch pktgen;
    pktgen.kind = EngineKind::Pktgen;
    pktgen.device = sender;
    pktgen.hostDevice = receiver;
    QVERIFY(probeAndSelect(view, pktgen, QStringLiteral("clocksource")));
    const QLabel *caption = nullptr;
    for (const QLabel *label : view.findChildren<QLabel *>()) {
        if (label->text().contains(QStringLiteral("2 more listed for the fix")))
            caption = label;
    }
    QVERIFY(caption);
    QVERIFY2(caption->text().contains(QStringLiteral("for tfy0 (host settings on tfy1)")),
             qPrintable(caption->text()));
    // A long caption wraps: it never sets the window's minimum width.
    QVERIFY(caption->minimumSizeHint().width() <
            caption->fontMetrics().horizontalAdvance(caption->text()));

    const Checklist checklist = Checklist::builtIn();
    QStringList offered;
    QStringList menus; // every entry, for the message when one is missing
    for (const CheckItem &item : checklist.items()) {
        const QStringList settings = FixTrial::settingsOf(item);
        if (settings.isEmpty())
            continue;
        const qsizetype row = ids(view.results()).indexOf(item.id);
        QVERIFY2(row >= 0, qPrintable(item.id));
        view.findChild<QTableView *>()->selectRow(int(row));
        const QList<QAction *> actions = tryFix->menu()->actions();
        QCOMPARE(actions.size(), settings.size());
        for (qsizetype i = 0; i < settings.size(); ++i) {
            QString why;
            const auto cli = FixTrial::probe(checklist, item.id, settings.at(i), pktgen, &why);
            QCOMPARE(actions.at(i)->text(), cli ? cli->describe() : why);
            QCOMPARE(actions.at(i)->isEnabled(), cli.has_value());
            menus << actions.at(i)->text();
            if (cli)
                offered << cli->describe();
        }
    }
    // veth's own values: gro off (the fix: on), noqueue, the 500 set above.
    QVERIFY2(offered.contains(QStringLiteral("gro off -> on on tfy1")),
             qPrintable(menus.join(u'|')));
    QVERIFY2(offered.contains(QStringLiteral("qdisc noqueue -> pfifo_fast on tfy1")),
             qPrintable(menus.join(u'|')));
    QVERIFY2(offered.contains(QStringLiteral("txqueuelen 500 -> 1000 on tfy1")),
             qPrintable(menus.join(u'|')));

    view.findChild<QTableView *>()->selectRow(
        int(ids(view.results()).indexOf(QStringLiteral("tx_queue_len"))));
    QVERIFY(tryFix->isEnabled());
    std::optional<FixTrial> asked;
    connect(&view, &ChecklistView::tryFixRequested, this,
            [&asked](const FixTrial &t) { asked = t; });
    tryFix->menu()->actions().first()->trigger();
    QVERIFY(asked);
    QCOMPARE(asked->device, receiver);
    QCOMPARE(asked->label(), QStringLiteral("try-fix txqueuelen"));
}

QTEST_MAIN(TestChecklistView)
#include "tst_checklistview.moc"
