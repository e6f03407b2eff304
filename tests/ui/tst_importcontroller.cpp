// Importing results recorded elsewhere into the store: a netdev table as
// posted, seed 004's netperf tables, and a burstlab single-run file;
// failures name the file.
#include "import/ImportController.h"
#include "store/RunStore.h"

#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QWidget>

using namespace burstlab;

class TestImportController : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void netdevTableBecomesARun();
    void netperfTablesBecomeRuns();
    void runFileRoundTrip();
    void failuresSayWhy();

  private:
    QString write(const QString &name, const QByteArray &text);

    QTemporaryDir m_dir;
    RunStore m_store;
    QWidget m_window;
};

void TestImportController::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_store.open(m_dir.filePath(QStringLiteral("import.sqlite"))));
}

QString TestImportController::write(const QString &name, const QByteArray &text) {
    const QString path = m_dir.filePath(name);
    QFile file(path);
    if (file.open(QIODevice::WriteOnly)) {
        file.write(text);
    }
    return path;
}

void TestImportController::netdevTableBecomesARun() {
    // Seed 000's first three lines, as quoted in a reply.
    const QString file = write(QStringLiteral("seed.txt"), "Performance\n"
                                                           "> skb_burst=0  tx:5614370 pps\n"
                                                           "> skb_burst=1  tx:5571279 pps\n"
                                                           "> skb_burst=2  tx:6942821 pps\n");
    ImportController importer(&m_window);
    importer.setStore(&m_store);
    QString error;
    const auto written =
        importer.importFile(ImportController::Kind::Netdev, file, QStringLiteral("pktgen"), &error);
    QVERIFY2(written, qPrintable(error));
    const QList<qint64> *ids = &written->ids;
    QCOMPARE(ids->size(), 1);
    const std::optional<Run> run = m_store.loadRun(ids->first());
    QVERIFY(run);
    QCOMPARE(run->label, QStringLiteral("pktgen"));
    QCOMPARE(run->spec.axisNames(), QStringList{QStringLiteral("burst")});
    QCOMPARE(m_store.stepsOf(ids->first())->size(), 3);
}

void TestImportController::netperfTablesBecomeRuns() {
    ImportController importer(&m_window);
    importer.setStore(&m_store);
    QString error;
    const auto written = importer.importFile(
        ImportController::Kind::Netperf,
        QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/netperf_seed004.txt"), {}, &error);
    QVERIFY2(written, qPrintable(error));
    QCOMPARE(written->ids.size(), 6);
    const std::optional<Run> run = m_store.loadRun(written->ids[1]);
    QVERIFY(run);
    QCOMPARE(run->source, QStringLiteral("import:netperf"));
    QCOMPARE(run->label, QStringLiteral("TCP_RR 128,14336 gro=off"));
}

void TestImportController::runFileRoundTrip() {
    ImportController importer(&m_window);
    importer.setStore(&m_store);
    const qint64 first = m_store.listRuns()->first().id;
    const QString file = m_dir.filePath(QStringLiteral("run.json"));
    QVERIFY2(m_store.exportRunJson(first, file), qPrintable(m_store.lastError()));
    QString error;
    const auto written =
        importer.importFile(ImportController::Kind::RunJson, file, QString(), &error);
    QVERIFY2(written, qPrintable(error));
    const QList<qint64> *ids = &written->ids;
    QVERIFY(ids->first() != first);
    QCOMPARE(m_store.stepsOf(ids->first())->size(), m_store.stepsOf(first)->size());
}

void TestImportController::failuresSayWhy() {
    ImportController importer(&m_window);
    QString error;
    QVERIFY(!importer.importFile(ImportController::Kind::Netdev, QStringLiteral("x"), {}, &error));
    QVERIFY2(error.contains(QStringLiteral("no store")), qPrintable(error));
    importer.setStore(&m_store);
    const QString missing = m_dir.filePath(QStringLiteral("missing.txt"));
    QVERIFY(!importer.importFile(ImportController::Kind::Pktgen, missing, {}, &error));
    QVERIFY2(error.contains(QStringLiteral("missing.txt")), qPrintable(error));
}

QTEST_MAIN(TestImportController)
#include "tst_importcontroller.moc"
