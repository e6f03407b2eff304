// The runs browser over a store: every run listed with its status, filtering,
// delete only after confirmation, the actions a run's status allows, and a
// large store listed a page at a time.
#include "UiTestData.h"
#include "runs/RunEditDialog.h"
#include "runs/RunsBrowser.h"
#include "runs/RunsTableModel.h"
#include "store/RunStore.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace burstlab;

namespace {
QAction *action(RunsBrowser &browser, const QString &text) {
    for (QAction *a : browser.table()->actions()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

// Answers the next modal dialog (the delete confirmation) with the given button.
void answerNextDialog(QMessageBox::StandardButton answer, bool *asked) {
    QTimer::singleShot(0, [answer, asked] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (box) {
            *asked = true;
            box->button(answer)->click();
        }
    });
}
} // namespace

class TestRunsBrowser : public QObject {
    Q_OBJECT

  private slots:
    void init();
    void cleanup();
    void listsEveryRunWithItsStatus();
    void filtersOnAnyColumn();
    void actionsFollowTheSelection();
    void deleteAsksFirst();
    void editRenamesAndTags();
    void columnsSayEachThingOnce();
    void pagesThroughALargeStore();
    void keyboardOpensAndMenus();
    void hostileTextIsShownEscaped();

  private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<RunStore> m_store;
    qint64 m_completed = 0;
    qint64 m_interrupted = 0;
    qint64 m_failed = 0;
};

void TestRunsBrowser::init() {
    QStandardPaths::setTestModeEnabled(true);
    m_dir = std::make_unique<QTemporaryDir>();
    m_store = std::make_unique<RunStore>();
    QVERIFY(m_store->open(m_dir->filePath(QStringLiteral("runs.sqlite"))));
    const QList<testdata::PointPps> points{{1, {5e6, 5.1e6}}, {8, {9e6, 9.2e6}}};
    m_completed =
        testdata::insert(*m_store, testdata::burstRun(QStringLiteral("baseline"), points));
    m_interrupted = testdata::insert(
        *m_store, testdata::burstRun(QStringLiteral("patch1"), points, RunStatus::Interrupted));
    m_failed = testdata::insert(
        *m_store, testdata::burstRun(QStringLiteral("patch2"), points, RunStatus::Failed));
    QVERIFY(m_completed > 0 && m_interrupted > 0 && m_failed > 0);
}

void TestRunsBrowser::cleanup() {
    m_store.reset();
    m_dir.reset();
}

void TestRunsBrowser::listsEveryRunWithItsStatus() {
    RunsBrowser browser;
    browser.setStore(m_store.get());
    const RunsTableModel *model = browser.model();
    QCOMPARE(model->rowCount(), 3);
    const auto status = [model](qint64 id) {
        return model->index(model->rowOf(id), RunsTableModel::StatusColumn);
    };
    QCOMPARE(status(m_completed).data().toString(), QStringLiteral("completed"));
    QCOMPARE(status(m_interrupted).data().toString(), QStringLiteral("interrupted"));
    QCOMPARE(status(m_failed).data().toString(), QStringLiteral("failed"));
    // Runs that did not complete carry an icon and say they can be resumed.
    QVERIFY(status(m_completed).data(Qt::DecorationRole).isNull());
    QVERIFY(!status(m_interrupted).data(Qt::DecorationRole).isNull());
    QVERIFY(status(m_failed).data(Qt::ToolTipRole).toString().contains(QStringLiteral("resume")));
    const QModelIndex best = model->index(model->rowOf(m_completed), RunsTableModel::BestPpsColumn);
    // The best point's figure (the median of its repetitions), as show
    // prints it, not the fastest single repetition (9.2e6).
    QCOMPARE(best.data(Qt::UserRole).toDouble(), 9.1e6);
}

void TestRunsBrowser::filtersOnAnyColumn() {
    RunsBrowser browser;
    browser.setStore(m_store.get());
    browser.setFilterText(QStringLiteral("interrupted"));
    QCOMPARE(browser.visibleRunCount(), 1);
    browser.setFilterText(QStringLiteral("PATCH"));
    QCOMPARE(browser.visibleRunCount(), 2);
    browser.setFilterText(QString());
    QCOMPARE(browser.visibleRunCount(), 3);
}

void TestRunsBrowser::actionsFollowTheSelection() {
    RunsBrowser browser;
    browser.setStore(m_store.get());
    QAction *resume = action(browser, QStringLiteral("Resume"));
    QAction *compare = action(browser, QStringLiteral("Compare"));
    QVERIFY(resume && compare);

    browser.selectRuns({m_completed});
    QVERIFY(!resume->isEnabled());
    QVERIFY(!compare->isEnabled());
    browser.selectRuns({m_interrupted});
    QVERIFY(resume->isEnabled());
    browser.selectRuns({m_completed, m_failed});
    QVERIFY(compare->isEnabled());
    QCOMPARE(browser.selectedRunIds(), (QList<qint64>{m_completed, m_failed}));

    QSignalSpy compareSpy(&browser, &RunsBrowser::compareRequested);
    compare->trigger();
    QCOMPARE(compareSpy.count(), 1);
    QCOMPARE(compareSpy.first().first().value<QList<qint64>>(),
             (QList<qint64>{m_completed, m_failed}));
}

void TestRunsBrowser::deleteAsksFirst() {
    RunsBrowser browser;
    browser.setStore(m_store.get());
    browser.show();
    bool asked = false;
    answerNextDialog(QMessageBox::Cancel, &asked);
    QVERIFY(!browser.deleteRuns({m_failed}));
    QVERIFY(asked);
    QVERIFY(m_store->loadRun(m_failed));

    asked = false;
    QSignalSpy changed(&browser, &RunsBrowser::runsChanged);
    answerNextDialog(QMessageBox::Yes, &asked);
    QVERIFY(browser.deleteRuns({m_failed}));
    QVERIFY(asked);
    QVERIFY(!m_store->loadRun(m_failed));
    QCOMPARE(browser.model()->rowCount(), 2);
    QCOMPARE(changed.count(), 1);
}

void TestRunsBrowser::editRenamesAndTags() {
    RunsBrowser browser;
    browser.setStore(m_store.get());
    browser.show();
    QTimer::singleShot(0, [] {
        auto *dialog = qobject_cast<RunEditDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        const QList<QLineEdit *> edits = dialog->findChildren<QLineEdit *>();
        QCOMPARE(edits.size(), 3); // name, label, tags
        edits.at(0)->setText(QStringLiteral("renamed"));
        edits.at(1)->setText(QStringLiteral("patch9"));
        edits.at(2)->setText(QStringLiteral("ixgbe, numa0 ,"));
        dialog->findChild<QPlainTextEdit *>()->setPlainText(QStringLiteral("flow control off"));
        dialog->accept();
    });
    QVERIFY(browser.editRun(m_completed));
    const std::optional<Run> run = m_store->loadRun(m_completed);
    QCOMPARE(run->name, QStringLiteral("renamed"));
    QCOMPARE(run->label, QStringLiteral("patch9"));
    QCOMPARE(run->tags, (QStringList{QStringLiteral("ixgbe"), QStringLiteral("numa0")}));
    QCOMPARE(run->notes, QStringLiteral("flow control off"));
    const QModelIndex name =
        browser.model()->index(browser.model()->rowOf(m_completed), RunsTableModel::NameColumn);
    QCOMPARE(name.data().toString(), QStringLiteral("renamed"));
}

void TestRunsBrowser::columnsSayEachThingOnce() {
    // Named after its sweep, as a run started without a name is, and tagged.
    RunData data = testdata::burstRun(QStringLiteral("tagged"), {{1, {5e6}}, {8, {9e6}}});
    data.run.name = data.run.spec.describe();
    data.run.tags = {QStringLiteral("ixgbe"), QStringLiteral("numa0")};
    const qint64 id = testdata::insert(*m_store, data);
    RunsBrowser browser;
    browser.resize(1280, 500);
    browser.setStore(m_store.get());
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    const RunsTableModel *model = browser.model();
    const int row = model->rowOf(id);
    const QModelIndex name = model->index(row, RunsTableModel::NameColumn);
    QCOMPARE(name.data().toString(), QString());
    QCOMPARE(name.data(Qt::ToolTipRole).toString(), data.run.name);
    QCOMPARE(model->index(row, RunsTableModel::SweepColumn).data().toString(), data.run.name);
    QCOMPARE(model->index(row, RunsTableModel::TagsColumn).data().toString(),
             QStringLiteral("ixgbe, numa0"));
    // A name of its own is shown.
    QCOMPARE(model->index(model->rowOf(m_completed), RunsTableModel::NameColumn).data().toString(),
             QStringLiteral("burst sweep baseline"));
    // Every column in sight, the sweep taking the room left, the tags whole.
    QTableView *table = browser.table();
    const QHeaderView *header = table->horizontalHeader();
    QVERIFY2(header->length() <= table->viewport()->width(),
             qPrintable(
                 QStringLiteral("%1 > %2").arg(header->length()).arg(table->viewport()->width())));
    QVERIFY(header->sectionSize(RunsTableModel::SweepColumn) >=
            header->sectionSize(RunsTableModel::NameColumn));
    QVERIFY(header->sectionSize(RunsTableModel::TagsColumn) >=
            table->fontMetrics().horizontalAdvance(QStringLiteral("ixgbe, numa0")));
}

void TestRunsBrowser::pagesThroughALargeStore() {
    const int page = RunsTableModel::pageSize;
    // Older than the three of init(): they come after these in the list.
    const QDateTime start(QDate(2020, 1, 1), QTime(0, 0), Qt::UTC);
    QList<qint64> ids;
    for (int i = 0; i < 2 * page + 7; ++i) {
        Run run;
        run.name = QStringLiteral("bulk %1").arg(i);
        run.status = RunStatus::Completed;
        run.created = start.addSecs(i);
        const std::optional<qint64> id = m_store->createRun(run);
        QVERIFY(id);
        ids.prepend(*id);
    }
    const int total = int(ids.size()) + 3;

    RunsBrowser browser;
    browser.setStore(m_store.get());
    RunsTableModel *model = browser.model();
    // The first page: the newest runs, nothing older held yet.
    QCOMPARE(model->rowCount(), page);
    QVERIFY(model->rowOf(m_completed) >= 0);
    QCOMPARE(model->run(page - 1)->id, ids.at(page - 4));
    QVERIFY(model->canFetchMore({}));
    model->fetchMore({});
    QCOMPARE(model->rowCount(), 2 * page);
    // No run twice, none skipped, in the store's order.
    for (int row = 3; row < 2 * page; ++row) {
        QCOMPARE(model->run(row)->id, ids.at(row - 3));
    }
    // Rows loaded stay loaded when the runs change.
    browser.reload();
    QCOMPARE(model->rowCount(), 2 * page);

    // A filter sees the runs not shown yet.
    browser.setFilterText(QStringLiteral("bulk 0"));
    QCOMPARE(model->rowCount(), total);
    QVERIFY(!model->canFetchMore({}));
    QCOMPARE(browser.visibleRunCount(), 1);
    browser.setFilterText(QString());

    // So does an order other than newest first.
    RunsBrowser sorted;
    sorted.setStore(m_store.get());
    QCOMPARE(sorted.model()->rowCount(), page);
    sorted.table()->sortByColumn(RunsTableModel::NameColumn, Qt::AscendingOrder);
    QCOMPARE(sorted.model()->rowCount(), total);
}

void TestRunsBrowser::keyboardOpensAndMenus() {
    RunsBrowser browser;
    browser.setStore(m_store.get());
    browser.show();
    browser.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&browser));
    QTableView *table = browser.table();
    table->setFocus();
    browser.selectRuns({m_interrupted});
    table->setCurrentIndex(table->selectionModel()->selectedRows().first());

    // Enter opens the selected run.
    QSignalSpy show(&browser, &RunsBrowser::showRequested);
    QTest::keyClick(table, Qt::Key_Return);
    QCOMPARE(show.count(), 1);
    QCOMPARE(show.first().first().toLongLong(), m_interrupted);

    // Arrows move within the table, Tab leaves it.
    const int row = table->currentIndex().row();
    QTest::keyClick(table, row == 0 ? Qt::Key_Down : Qt::Key_Up);
    QVERIFY(table->currentIndex().row() != row);
    QVERIFY(table->hasFocus());
    QTest::keyClick(table, Qt::Key_Tab);
    QVERIFY(!table->hasFocus());

    // Shift+F10 and the Menu key open the row menu, with the row's actions.
    table->setFocus();
    for (const auto &[key, modifiers] :
         {std::pair{Qt::Key_F10, Qt::ShiftModifier}, std::pair{Qt::Key_Menu, Qt::NoModifier}}) {
        QStringList offered;
        QTimer::singleShot(0, [&offered] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                for (QAction *a : menu->actions()) {
                    offered.append(a->text());
                }
                menu->close();
            }
        });
        QTest::keyClick(table, key, modifiers);
        QVERIFY2(offered.contains(QStringLiteral("Resume")), qPrintable(offered.join(u',')));
    }
}

// A label from a shared store or an import may carry terminal escapes and
// a right-to-left override: the table shows them, never acts on them.
void TestRunsBrowser::hostileTextIsShownEscaped() {
    const QString hostile =
        QStringLiteral("bad\x1b]0;pwned\x07\r") + QChar(0x202E) + QStringLiteral("tag");
    const qint64 id = testdata::insert(*m_store, testdata::burstRun(hostile, {{1, {5e6, 5.1e6}}}));
    RunsBrowser browser;
    browser.setStore(m_store.get());
    const RunsTableModel *model = browser.model();
    const QString shown =
        model->index(model->rowOf(id), RunsTableModel::LabelColumn).data().toString();
    QCOMPARE(shown, QStringLiteral("bad\\x1b]0;pwned\\x07\\x0d\\u202etag"));
}

QTEST_MAIN(TestRunsBrowser)
#include "tst_runsbrowser.moc"
