// Two hosts sweep into one PostgreSQL database at once while a window shows
// the store: each burstlab-cli runs in a network namespace of its own with a
// host name of its own (reaching the throwaway server by its Unix socket, as
// the file system is shared), the window lists both runs while they run
// (heard through LISTEN/NOTIFY) and then completed, and `compare` puts them
// side by side, naming the two hosts. Needs root (ip netns) and the
// throwaway server; skipped, saying why, without them.
#include "CliRun.h"
#include "ListedRuns.h"
#include "ThrowawayPostgres.h"
#include "main/MainWindow.h"
#include "runs/RunsBrowser.h"

#include <QScopeGuard>
#include <QTest>
#include <unistd.h>

using namespace burstlab;

namespace {

// The launcher of a CLI "on" a host: in its network namespace, with a host
// name of its own (a UTS namespace); it execs the CLI's command after it.
QStringList onHost(const QString &ns, const QString &host) {
    return {QStringLiteral("ip"),
            QStringLiteral("netns"),
            QStringLiteral("exec"),
            ns,
            QStringLiteral("unshare"),
            QStringLiteral("--uts"),
            QStringLiteral("sh"),
            QStringLiteral("-c"),
            QStringLiteral("hostname \"$0\" && exec \"$@\""),
            host};
}

} // namespace

class TestTwoHostsLive : public QObject {
    Q_OBJECT

    ThrowawayPostgres m_server;

  private slots:
    void twoHostsSweepIntoOneDatabaseWhileTheWindowWatches() {
        if (const QString why = ThrowawayPostgres::missing(); !why.isEmpty())
            QSKIP(qPrintable(why));
        if (geteuid() != 0)
            QSKIP("network namespaces (ip netns add) need root");
        QString error = m_server.start();
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QString db = m_server.createDatabase(QStringLiteral("lab"), &error);
        QVERIFY2(!db.isEmpty(), qPrintable(error));

        const QStringList hosts{QStringLiteral("host-a"), QStringLiteral("host-b")};
        QStringList namespaces;
        const auto removeNamespaces = qScopeGuard([&namespaces] {
            for (const QString &ns : namespaces)
                QProcess::execute(QStringLiteral("ip"),
                                  {QStringLiteral("netns"), QStringLiteral("delete"), ns});
        });
        for (const QString &host : hosts) {
            const QString ns = QStringLiteral("burstlab-%1-%2").arg(host).arg(getpid());
            if (QProcess::execute(QStringLiteral("ip"),
                                  {QStringLiteral("netns"), QStringLiteral("add"), ns}) != 0)
                QSKIP("ip netns add failed: no network namespaces here");
            namespaces << ns;
        }

        MainWindow window;
        window.resize(1280, 720);
        window.show();
        QVERIFY(window.openStore(db));
        window.showTab(MainWindow::RunsTab);
        RunsBrowser &browser = *window.runsBrowser();
        QCOMPARE(browser.visibleRunCount(), 0);

        CliRun a(db);
        CliRun b(db);
        a.startIn(onHost(namespaces[0], hosts[0]), CliRun::sweepArgs(hosts[0], 300, 20));
        b.startIn(onHost(namespaces[1], hosts[1]), CliRun::sweepArgs(hosts[1], 300, 20));
        // Both listed while the sweeps still run: heard, not polled at their end.
        QSet<QString> seenRunning;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                for (const QString &host : hosts) {
                    if (listedStatus(browser, host).contains(QStringLiteral("running")))
                        seenRunning << host;
                }
                return seenRunning.size() == hosts.size() || (!a.running() && !b.running());
            }(),
            60000);
        QVERIFY2(seenRunning.size() == hosts.size(),
                 qPrintable(QStringLiteral("seen running: %1; %2")
                                .arg(QStringList(seenRunning.values()).join(QStringLiteral(", ")),
                                     a.err() + b.err())));
        const CliResult ra = a.finish(60000);
        const CliResult rb = b.finish(60000);
        QVERIFY2(ra.code == 0, qPrintable(ra.err));
        QVERIFY2(rb.code == 0, qPrintable(rb.err));
        for (const QString &host : hosts)
            QTRY_VERIFY_WITH_TIMEOUT(
                listedStatus(browser, host).contains(QStringLiteral("completed")), 2000);
        QCOMPARE(browser.visibleRunCount(), 2);

        QStringList ids;
        for (const QString &host : hosts) {
            const QVariantMap run = CliRun::runLabelled(db, host);
            QCOMPARE(run.value(QStringLiteral("steps")).toInt(), 8);
            ids << run.value(QStringLiteral("id")).toString();
        }
        const CliResult compared = CliRun::run(db, QStringList{QStringLiteral("compare")} + ids);
        QVERIFY2(compared.code == 0, qPrintable(compared.err));
        // Each run's fingerprint names the host it ran on, and compare says they differ.
        QVERIFY2(compared.out.contains(QStringLiteral("hosts differ")), qPrintable(compared.out));
        for (const QString &host : hosts)
            QVERIFY2(compared.out.contains(host), qPrintable(compared.out));
    }
};

QTEST_MAIN(TestTwoHostsLive)
#include "tst_twohosts_live.moc"
