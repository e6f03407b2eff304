// DPDK resources after faults. An engine start removes the runtime
// directories that SIGKILLed burstlab engines left behind, and nothing else
// (a live engine's, a foreign name, a link, another user's). A step stopped
// in the middle frees every mbuf (mbufs_in_use 0 in its finished message),
// with fresh and with cloned packets, and the engine removes its own runtime
// directory when it exits.
#include "Processes.h"
#include "engine/EngineClient.h"

#include <QDir>
#include <QFile>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <sys/wait.h>
#include <unistd.h>

using namespace burstlab;

namespace {

const QString kBinDir = QStringLiteral(BURSTLAB_BIN_DIR);

EngineCommand nullEngine() {
    EngineLaunch launch;
    launch.vdevs = {QStringLiteral("net_null0")};
    launch.memoryMb = 256;
    return EngineCommand::fromLaunch(launch, kBinDir);
}

// A child that has exited and is not reaped yet: a zombie, as an engine
// stays where PID 1 reaps no orphans.
qint64 zombie() {
    const pid_t child = fork();
    if (child == 0)
        _exit(0);
    siginfo_t info{};
    waitid(P_PID, id_t(child), &info, WEXITED | WNOWAIT);
    return child;
}

// A pid that was just used and is free now.
qint64 deadPid() {
    const qint64 pid = zombie();
    waitpid(pid_t(pid), nullptr, 0);
    return pid;
}

} // namespace

class TestFaultsResources : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void staleRuntimeDirectoriesAreRemovedAtStart() {
        const QDir base(Processes::runtimeBase());
        QVERIFY(base.mkpath(QStringLiteral(".")));
        const qint64 dead = deadPid();
        const qint64 undead = zombie();
        const QStringList stale{QStringLiteral("burstlab-%1-0badf00d").arg(dead),
                                QStringLiteral("burstlab-%1-3badf00d").arg(undead)};
        const QStringList kept{QStringLiteral("burstlab-%1-0badf00d").arg(::getpid()),
                               QStringLiteral("burstlab-%1-notours").arg(dead),
                               QStringLiteral("other-%1-0badf00d").arg(dead)};
        const QString link = QStringLiteral("burstlab-%1-1badf00d").arg(dead);
        const QString foreign = QStringLiteral("burstlab-%1-2badf00d").arg(dead);
        const auto cleanUp = qScopeGuard([&] {
            QFile::remove(base.filePath(link));
            for (const QString &name : kept + stale + QStringList{foreign})
                QDir(base.filePath(name)).removeRecursively();
            waitpid(pid_t(undead), nullptr, WNOHANG);
        });
        for (const QString &name : kept + stale + QStringList{foreign})
            QVERIFY(base.mkpath(name));
        QVERIFY(QFile::link(base.filePath(kept.first()), base.filePath(link)));
        QFile marker(base.filePath(stale.first() + QStringLiteral("/config")));
        QVERIFY(marker.open(QIODevice::WriteOnly));
        marker.close();
        const bool root = ::geteuid() == 0;
        if (root)
            QVERIFY(::chown(qPrintable(base.filePath(foreign)), 65534, 65534) == 0);

        EngineClient client;
        QSignalSpy hello(&client, &EngineClient::helloReceived);
        client.start(nullEngine());
        QVERIFY(hello.wait(20000));
        waitpid(pid_t(undead), nullptr, 0);
        for (const QString &name : stale)
            QVERIFY2(!base.exists(name), qPrintable(name));
        for (const QString &name : kept + QStringList{link})
            QVERIFY2(base.exists(name), qPrintable(name));
        // another user's directory, when one could be made: not ours to remove
        QCOMPARE(base.exists(foreign), root);

        QSignalSpy exited(&client, &EngineClient::exited);
        client.shutdown();
        QVERIFY(exited.wait(10000));
    }

    void stoppedStepsFreeEveryMbuf() {
        EngineClient client;
        QSignalSpy hello(&client, &EngineClient::helloReceived);
        QSignalSpy finished(&client, &EngineClient::stepFinished);
        QSignalSpy exited(&client, &EngineClient::exited);
        // stopped at its first sample, long before its 10 s are up
        connect(&client, &EngineClient::sampleReceived, &client, [&] { client.stopStep(); });
        client.start(nullEngine());
        QVERIFY(hello.wait(20000));
        const QString prefix = client.hello().raw.value(QStringLiteral("file_prefix")).toString();
        QVERIFY(prefix.startsWith(QStringLiteral("burstlab-")));
        QVERIFY(QDir(Processes::runtimeBase()).exists(prefix));

        for (int clone : {0, 8}) {
            QVERIFY(client.startStep({{QStringLiteral("duration_ms"), 10000},
                                      {QStringLiteral("stats_ms"), 20},
                                      {QStringLiteral("clone"), clone}}) > 0);
            QVERIFY(finished.wait(5000));
            const auto f = finished.takeFirst().at(0).value<StepFinished>();
            QCOMPARE(f.reason, QStringLiteral("stopped"));
            QVERIFY(f.counters.txPkts > 0);
            QCOMPARE(f.mbufsInUse, std::optional<qint64>(0));
        }
        client.shutdown();
        QVERIFY(exited.wait(10000));
        QCOMPARE(client.failure(), EngineClient::Failure::None);
        QVERIFY(!QDir(Processes::runtimeBase()).exists(prefix));
    }
};

QTEST_GUILESS_MAIN(TestFaultsResources)
#include "tst_faults_resources.moc"
