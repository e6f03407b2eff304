// The store's disk fills up in the middle of a burstlab-cli sweep, and a
// store on a read-only file system: the CLI exits 4 with an error naming the
// store and the cause, its engine is shut down (no process or runtime
// directory left), and the file stays sound: integrity_check ok, the earlier
// run intact, the cut-off run shown as interrupted and resumable once there
// is room again. Each case mounts its own small tmpfs, so it needs root.
#include "CliRun.h"
#include "Processes.h"
#include "StoreCheck.h"
#include "store/RunStore.h"

#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <memory>
#include <optional>
#include <unistd.h>

using namespace burstlab;

namespace {

bool mountCommand(const QStringList &args) {
    return QProcess::execute(QStringLiteral("mount"), args) == 0;
}

// A tmpfs of sizeKb mounted on a fresh folder for one test, unmounted after it.
class Tmpfs {
  public:
    explicit Tmpfs(int sizeKb) {
        m_mounted = m_dir.isValid() &&
                    mountCommand({QStringLiteral("-t"), QStringLiteral("tmpfs"),
                                  QStringLiteral("-o"), QStringLiteral("size=%1k").arg(sizeKb),
                                  QStringLiteral("burstlab-faults"), m_dir.path()});
    }
    ~Tmpfs() {
        if (m_mounted)
            QProcess::execute(QStringLiteral("umount"), {QStringLiteral("-l"), m_dir.path()});
    }
    bool mounted() const { return m_mounted; }
    QString file(const QString &name) const { return m_dir.filePath(name); }
    bool remount(const QString &mode) const {
        return mountCommand(
            {QStringLiteral("-o"), QStringLiteral("remount,%1").arg(mode), m_dir.path()});
    }

  private:
    QTemporaryDir m_dir;
    bool m_mounted = false;
};

// Writes to path until the file system is full; returns the bytes written.
qint64 fill(const QString &path) {
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return 0;
    const QByteArray chunk(4096, 'x');
    qint64 written = 0;
    while (f.write(chunk) == chunk.size() && f.flush())
        written += chunk.size();
    return written;
}

QStringList sweepArgs(const QString &label, const QString &values, int durationMs) {
    return {QStringLiteral("sweep"),
            QStringLiteral("--memory-mb"),
            QStringLiteral("256"),
            QStringLiteral("--sweep"),
            values,
            QStringLiteral("--reps"),
            QStringLiteral("1"),
            QStringLiteral("--duration-ms"),
            QString::number(durationMs),
            QStringLiteral("--set"),
            QStringLiteral("stats_ms=10"),
            QStringLiteral("--label"),
            label};
}

// The CLI's error line among its progress lines.
QString lastError(const QString &err) {
    const QStringList lines = err.split(QLatin1Char('\n'));
    for (auto it = lines.crbegin(); it != lines.crend(); ++it) {
        if (it->startsWith(QStringLiteral("burstlab-cli ")))
            return *it;
    }
    return err;
}

// The completed run with this label, as the store holds it.
std::optional<RunData> storedRun(const QString &db, const QString &label) {
    RunStore store;
    if (!store.open(db))
        return std::nullopt;
    const QVariantMap listed = CliRun::runLabelled(db, label);
    return store.loadRunData(listed.value(QStringLiteral("id")).toLongLong());
}

} // namespace

class TestFaultsStore : public QObject {
    Q_OBJECT

    // Each case: a fresh tmpfs holding a store with one completed run, "before".
    std::unique_ptr<Tmpfs> m_fs;
    QString m_db;
    std::optional<RunData> m_before;

    // The run stored before the fault is still there, every step and sample
    // of it equal to what was stored (however many attempts a busy host
    // took to complete it).
    void verifyIntact() {
        const auto now = storedRun(m_db, QStringLiteral("before"));
        QVERIFY(now);
        QCOMPARE(toString(now->run.status), QStringLiteral("completed"));
        QCOMPARE(now->steps.size(), m_before->steps.size());
        QVERIFY(*now == *m_before);
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        if (::geteuid() != 0)
            QSKIP("mounting a small tmpfs needs root");
    }

    void init() {
        m_fs = std::make_unique<Tmpfs>(16384);
        if (!m_fs->mounted())
            QSKIP("cannot mount a tmpfs here (a container without CAP_SYS_ADMIN?)");
        m_db = m_fs->file(QStringLiteral("runs.sqlite"));
        const CliResult first = CliRun::run(
            m_db, sweepArgs(QStringLiteral("before"), QStringLiteral("burst=1,32"), 50));
        QVERIFY2(first.code == 0, qPrintable(first.err));
        m_before = storedRun(m_db, QStringLiteral("before"));
        QVERIFY(m_before && !m_before->steps.isEmpty());
    }

    void cleanup() { m_fs.reset(); }

    void diskFullMidSweep() {
        const QString db = m_db;
        CliRun cli(db);
        cli.start(sweepArgs(QStringLiteral("cut-off"), QStringLiteral("burst=1..16"), 200));
        QVERIFY2(cli.waitForStderr(QStringLiteral("step 1/16"), 30000), qPrintable(cli.err()));
        const qint64 engine =
            Processes::waitForChild(cli.pid(), QStringLiteral("burstlab-engine"), 2000);
        QVERIFY(engine > 0);
        const QString filler = m_fs->file(QStringLiteral("filler"));
        QVERIFY(fill(filler) > 0);

        const CliResult r = cli.finish(20000);
        qInfo("%s", qPrintable(lastError(r.err)));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(QStringLiteral("the disk is full")), qPrintable(r.err));
        QVERIFY2(r.err.contains(db), qPrintable(r.err));
        QVERIFY(Processes::waitForExit(engine, 2000).gone);
        QVERIFY(Processes::runtimeDirsOf(engine).isEmpty());

        QVERIFY(QFile::remove(filler));
        QCOMPARE(StoreCheck::integrity(db), QStringLiteral("ok"));
        verifyIntact();
        // Its last status could not be written either: the next start finds
        // it left "running" by a gone process, and interrupts it.
        const QVariantMap cut = CliRun::runLabelled(db, QStringLiteral("cut-off"));
        QVERIFY2(cut.value(QStringLiteral("status")).toString() == QStringLiteral("interrupted") ||
                     cut.value(QStringLiteral("status")).toString() == QStringLiteral("failed"),
                 qPrintable(cut.value(QStringLiteral("status")).toString()));
        const CliResult resumed =
            CliRun::run(db, {QStringLiteral("sweep"), QStringLiteral("--resume"),
                             cut.value(QStringLiteral("id")).toString()});
        QVERIFY2(resumed.code == 0, qPrintable(resumed.err.right(800)));
        QCOMPARE(StoreCheck::integrity(db), QStringLiteral("ok"));
    }

    void readOnlyStore() {
        const QString db = m_db;
        QVERIFY(m_fs->remount(QStringLiteral("ro")));

        const CliResult r =
            CliRun::run(db, sweepArgs(QStringLiteral("refused"), QStringLiteral("burst=1"), 50));
        qInfo("%s", qPrintable(lastError(r.err)));
        QCOMPARE(r.code, 4);
        QVERIFY2(r.err.contains(db) && r.err.contains(QStringLiteral("read-only")),
                 qPrintable(r.err));
        QVERIFY(Processes::childrenOf(::getpid(), QStringLiteral("burstlab-engine")).isEmpty());
        // What only reads still works, read-only, and says so.
        const CliResult listed = CliRun::run(db, {QStringLiteral("runs")});
        QCOMPARE(listed.code, 0);
        QVERIFY2(listed.out.contains(QStringLiteral("before")), qPrintable(listed.out));
        QVERIFY2(listed.err.contains(QStringLiteral("cannot be written: opened read-only")),
                 qPrintable(listed.err));
        const QString before = CliRun::runLabelled(db, QStringLiteral("before"))
                                   .value(QStringLiteral("id"))
                                   .toString();
        const CliResult exported =
            CliRun::run(db, {QStringLiteral("export"), before, QStringLiteral("--format"),
                             QStringLiteral("csv")});
        QVERIFY2(exported.code == 0, qPrintable(exported.err));
        QVERIFY2(exported.out.contains(QStringLiteral("before")), qPrintable(exported.out));

        QVERIFY(m_fs->remount(QStringLiteral("rw")));
        QCOMPARE(StoreCheck::integrity(db), QStringLiteral("ok"));
        verifyIntact();
        QVERIFY(CliRun::runLabelled(db, QStringLiteral("refused")).isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestFaultsStore)
#include "tst_faults_store.moc"
