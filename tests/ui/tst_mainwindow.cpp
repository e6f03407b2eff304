// The main window's conventions: shortcuts for the main actions, settings and
// layout kept between sessions, recent stores, and "Copy as netdev text" of the
// selected stored run through the core exporter.
#include "UiTestData.h"
#include "main/MainWindow.h"
#include "runs/RunsBrowser.h"
#include "store/RunStore.h"
#include "sweep/SweepSetupPanel.h"
#include <QTableView>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {
QAction *actionWithShortcut(const MainWindow &window, const QKeySequence &keys) {
    for (QAction *action : window.actions()) {
        if (action->shortcuts().contains(keys)) {
            return action;
        }
    }
    return nullptr;
}
} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void shortcutsForTheMainActions();
    void startFollowsValidity();
    void settingsSurviveARestart();
    void copiesSelectedRunAsNetdevText();
    void runAgainFillsTheSetup();

  private:
    QTemporaryDir m_dir;
};

void TestMainWindow::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TestMainWindow::shortcutsForTheMainActions() {
    MainWindow window;
    for (const QKeySequence &keys :
         {QKeySequence(QStringLiteral("Ctrl+R")), QKeySequence(Qt::Key_Escape),
          QKeySequence(QStringLiteral("Ctrl+.")), QKeySequence(QStringLiteral("Ctrl+E")),
          QKeySequence(QKeySequence::Open), QKeySequence(QStringLiteral("Ctrl+Shift+C"))}) {
        QVERIFY2(actionWithShortcut(window, keys), qPrintable(keys.toString()));
    }
    QStringList menus;
    for (QAction *menu : window.menuBar()->actions()) {
        menus.append(menu->text().remove(QLatin1Char('&')));
    }
    QCOMPARE(menus,
             (QStringList{QStringLiteral("File"), QStringLiteral("Edit"), QStringLiteral("View"),
                          QStringLiteral("Run"), QStringLiteral("Help")}));
}

void TestMainWindow::startFollowsValidity() {
    MainWindow window;
    QAction *start = actionWithShortcut(window, QKeySequence(QStringLiteral("Ctrl+R")));
    QAction *stop = actionWithShortcut(window, QKeySequence(Qt::Key_Escape));
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..4"));
    QVERIFY2(start->isEnabled(), qPrintable(window.setupPanel()->invalidReason()));
    QVERIFY(!stop->isEnabled());
    window.setupPanel()->setSweepValues(0, QStringLiteral("burst"), QStringLiteral("1..x"));
    QVERIFY(!start->isEnabled());
}

void TestMainWindow::settingsSurviveARestart() {
    const QString store = m_dir.filePath(QStringLiteral("persist.sqlite"));
    SweepSpec spec;
    {
        MainWindow window;
        window.show();
        QVERIFY(window.openStore(store));
        window.setupPanel()->setSweepValues(0, QStringLiteral("clone"), QStringLiteral("0,8,64"));
        window.setupPanel()->setTiming(4, 250, 25, 0, true);
        window.setupPanel()->setRunLabel(QStringLiteral("persisted"));
        spec = window.setupPanel()->spec();
        QVERIFY(window.close());
    }
    MainWindow again;
    QCOMPARE(again.setupPanel()->spec(), spec);
    QCOMPARE(again.setupPanel()->runLabel(), QStringLiteral("persisted"));
    QMenu *recent = nullptr;
    for (QMenu *menu : again.findChildren<QMenu *>()) {
        if (menu->title().contains(QStringLiteral("recent"))) {
            recent = menu;
        }
    }
    QVERIFY(recent);
    QVERIFY(!recent->actions().isEmpty());
    QCOMPARE(recent->actions().first()->text(), store);
}

void TestMainWindow::copiesSelectedRunAsNetdevText() {
    MainWindow window;
    window.show();
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("copy.sqlite"))));
    const qint64 id = testdata::insert(
        *window.store(), testdata::burstRun(QStringLiteral("baseline"),
                                            {{1, {5614370, 5614370}}, {2, {6942821, 6942821}}}));
    QVERIFY(id > 0);
    window.runsBrowser()->reload();
    window.showTab(MainWindow::RunsTab);
    window.runsBrowser()->selectRuns({id});
    QApplication::clipboard()->clear();
    actionWithShortcut(window, QKeySequence(QStringLiteral("Ctrl+Shift+C")))->trigger();
    const QString text = QApplication::clipboard()->text();
    // Seed 000's second line: the delta from 1/5614370 to 1/6942821 s per packet.
    QVERIFY2(text.contains(QStringLiteral("6942821 pps")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("34.08 ns")), qPrintable(text));
}

void TestMainWindow::runAgainFillsTheSetup() {
    MainWindow window;
    QVERIFY(window.openStore(m_dir.filePath(QStringLiteral("again.sqlite"))));
    RunData data = testdata::burstRun(QStringLiteral("patch3"), {{4, {7e6}}, {16, {9e6}}});
    data.run.spec.durationMs = 321;
    const qint64 id = testdata::insert(*window.store(), data);
    window.runsBrowser()->reload();
    window.runsBrowser()->selectRuns({id});
    QAction *again = nullptr;
    for (QAction *action : window.runsBrowser()->table()->actions()) {
        if (action->text() == QStringLiteral("Run again")) {
            again = action;
        }
    }
    QVERIFY(again && again->isEnabled());
    again->trigger();
    const SweepSpec spec = window.setupPanel()->spec();
    QCOMPARE(spec.axes, data.run.spec.axes);
    QCOMPARE(spec.durationMs, 321);
    QCOMPARE(window.setupPanel()->runLabel(), QStringLiteral("patch3"));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
