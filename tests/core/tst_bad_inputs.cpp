// Bad input from a user or a file reaches the CLI and the engine: each one
// must end in a clear error and its documented exit code, never a crash or a
// signal. The full table of what was tried is in docs/security.md.
#include "store/RunStore.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRandomGenerator>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>

namespace {

const QString kBin = QStringLiteral(BURSTLAB_BIN_DIR);

struct Outcome {
    int exitCode = -1;
    QString stderrText;
};

Outcome runProgram(const QString &program, const QStringList &args) {
    // The GUI's settings (recent stores, the last sweep) in a folder of the
    // test's own, never the user's nor another test's.
    static const QTemporaryDir config;
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("XDG_CONFIG_HOME"), config.path());
    p.setProcessEnvironment(env);
    p.start(kBin + "/" + program, args);
    p.closeWriteChannel();
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit)
        return {-1, QStringLiteral("crashed or hung: ") +
                        QString::fromLocal8Bit(p.readAllStandardError())};
    return {p.exitCode(), QString::fromLocal8Bit(p.readAllStandardError())};
}

bool writeFile(const QString &path, const QByteArray &bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestBadInputs : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void importsRefuseGarbage_data();
    void importsRefuseGarbage();
    void corruptStoreIsReported_data();
    void corruptStoreIsReported();
    void damagedStoreIsNotWritten();
    void anotherProgramsDatabaseIsLeftUntouched();
    void aFullDiskKeepsWhatIsStoredReadable();
    void commandLinesAreRefused_data();
    void commandLinesAreRefused();

  private:
    QTemporaryDir m_dir;
};

void TestBadInputs::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
    QByteArray random(64 * 1024, '\0');
    QRandomGenerator gen(5);
    for (char &c : random)
        c = char(gen.bounded(256));
    QVERIFY(writeFile(m_dir.filePath("random.bin"), random));
    QVERIFY(writeFile(m_dir.filePath("zeros.bin"), QByteArray(8 << 20, '\0')));
    QVERIFY(writeFile(m_dir.filePath("text.txt"), "garbage\nburst=x tx:y pps\n"));
    QVERIFY(writeFile(m_dir.filePath("nul.txt"),
                      QByteArray("burst=1 tx:5614370 pps\n\nburst=2 tx:5") + '\0' + "x pps\n"));
    // Nobody writes into it: reading it would wait for ever.
    QCOMPARE(::mkfifo(QFile::encodeName(m_dir.filePath("fifo")).constData(), 0600), 0);
    QVERIFY(writeFile(m_dir.filePath("truncated.sqlite"), QByteArray("SQLite format 3\0x", 17)));
    QVERIFY(writeFile(m_dir.filePath("garbage.sqlite"), random));
    // Shorter than SQLite's header: SQLite alone would take it for an empty
    // database and write over it.
    QVERIFY(writeFile(m_dir.filePath("onebyte.sqlite"), "x"));
}

void TestBadInputs::importsRefuseGarbage_data() {
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("messagePart");
    for (const char *format : {"pktgen", "netdev"}) {
        const QString f = QString::fromLatin1(format);
        // A line shaped like a table row is a row: its bad rate is named, never skipped.
        const QString expected =
            f == "pktgen" ? "no pktgen 'Result: OK:' block"
                          : "line 2, column 12: 'burst=x tx:y pps': pps: 'y' is not a whole number";
        // Binary content is refused by its first NUL, naming the line.
        QTest::newRow(qPrintable(f + " random")) << f << "random.bin"
                                                 << "holds a NUL byte: not a text file";
        QTest::newRow(qPrintable(f + " zeros"))
            << f << "zeros.bin"
            << "zeros.bin: line 1 holds a NUL byte: not a text file";
        QTest::newRow(qPrintable(f + " NUL after a row")) << f << "nul.txt"
                                                          << "nul.txt: line 3 holds a NUL byte";
        QTest::newRow(qPrintable(f + " text")) << f << "text.txt" << expected;
        // Only regular files: these have no size to check and may not end.
        const QString notAFile = "is not a regular file (a device, a FIFO or a directory)";
        QTest::newRow(qPrintable(f + " a directory")) << f << "." << notAFile;
        QTest::newRow(qPrintable(f + " a device")) << f << "/dev/zero" << notAFile;
        QTest::newRow(qPrintable(f + " a FIFO")) << f << "fifo" << notAFile;
        QTest::newRow(qPrintable(f + " missing")) << f << "missing.txt"
                                                  << "cannot read";
    }
}

void TestBadInputs::importsRefuseGarbage() {
    QFETCH(QString, format);
    QFETCH(QString, file);
    QFETCH(QString, messagePart);
    const QString path = QDir::isAbsolutePath(file) ? file : m_dir.filePath(file);
    const Outcome o = runProgram(
        "burstlab-cli", {"--db", m_dir.filePath("ok.sqlite"), "import", "--format", format, path});
    QCOMPARE(o.exitCode, 1);
    QVERIFY2(o.stderrText.contains(messagePart), qPrintable(o.stderrText));
}

void TestBadInputs::corruptStoreIsReported_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("truncated header") << "truncated.sqlite";
    QTest::newRow("random bytes") << "garbage.sqlite";
    QTest::newRow("one byte") << "onebyte.sqlite";
}

void TestBadInputs::corruptStoreIsReported() {
    QFETCH(QString, file);
    const QString db = m_dir.filePath(file);
    QFile original(db);
    QVERIFY(original.open(QIODevice::ReadOnly));
    const QByteArray before = original.readAll();
    for (const QStringList &command : {QStringList{"runs"}, QStringList{"show", "1"}}) {
        const Outcome o = runProgram("burstlab-cli", QStringList{"--db", db} + command);
        QCOMPARE(o.exitCode, 4);
        QVERIFY2(o.stderrText.contains("not a burstlab store or is corrupt"),
                 qPrintable(o.stderrText));
    }
    // The GUI's timed start-up has nobody to close an error dialog: it
    // ends with the reason instead of waiting.
    const Outcome gui = runProgram("burstlab", {"--db", db, "--quit-after-open"});
    QVERIFY2(gui.exitCode == 4,
             qPrintable(QStringLiteral("exit %1: %2").arg(gui.exitCode).arg(gui.stderrText)));
    QVERIFY2(gui.stderrText.contains("not a burstlab store or is corrupt"),
             qPrintable(gui.stderrText));
    // Reported, not "repaired": the file is left as it was.
    original.seek(0);
    QCOMPARE(original.readAll(), before);
}

// A mistyped --db naming another program's database (a browser's history,
// in WAL mode as browsers keep it): every command refuses it, naming what
// it holds, and neither the file nor its folder changes. A store burstlab
// makes carries its application id from then on.
void TestBadInputs::anotherProgramsDatabaseIsLeftUntouched() {
    QTemporaryDir dir;
    const QString db = dir.filePath("places.sqlite");
    {
        QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "foreign");
        sql.setDatabaseName(db);
        QVERIFY(sql.open());
        QSqlQuery q(sql);
        QVERIFY(q.exec("PRAGMA journal_mode=WAL"));
        QVERIFY(q.exec("CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT)"));
        QVERIFY(q.exec("INSERT INTO moz_places (url) VALUES ('https://example.org/')"));
    }
    QSqlDatabase::removeDatabase("foreign");
    const auto snapshot = [&] {
        QStringList files;
        for (const QFileInfo &f : QDir(dir.path()).entryInfoList(QDir::Files | QDir::Hidden)) {
            QFile in(f.filePath());
            if (!in.open(QIODevice::ReadOnly))
                return QStringList{QStringLiteral("unreadable ") + f.fileName()};
            files
                << f.fileName() + QLatin1Char(' ') +
                       QString::fromLatin1(
                           QCryptographicHash::hash(in.readAll(), QCryptographicHash::Md5).toHex());
        }
        return files;
    };
    const QStringList before = snapshot();
    QCOMPARE(before.size(), 1);
    for (const QStringList &command :
         {QStringList{"runs"}, QStringList{"show", "1"},
          QStringList{"import", "--format", "netdev", m_dir.filePath("text.txt")}}) {
        const Outcome o = runProgram("burstlab-cli", QStringList{"--db", db} + command);
        QCOMPARE(o.exitCode, 4);
        QVERIFY2(o.stderrText.contains(QStringLiteral("places.sqlite is another program's "
                                                      "database (tables moz_places), not a "
                                                      "burstlab store: it is left untouched")),
                 qPrintable(o.stderrText));
        QCOMPARE(snapshot(), before);
    }
    const QString ours = dir.filePath("ours.sqlite");
    {
        burstlab::RunStore store;
        QVERIFY2(store.open(ours), qPrintable(store.lastError()));
    }
    {
        QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "ours");
        sql.setDatabaseName(ours);
        QVERIFY(sql.open());
        QSqlQuery q(sql);
        QVERIFY(q.exec("PRAGMA application_id") && q.next());
        QCOMPARE(q.value(0).toLongLong(), qint64(0x424c6162));
    }
    QSqlDatabase::removeDatabase("ours");
    const Outcome reopened = runProgram("burstlab-cli", {"--db", ours, "runs"});
    QCOMPARE(reopened.exitCode, 0);
}

// A store on a 1 MB file system that a sweep fills: the sweep stops with
// the store's code naming the full disk; runs and show still list and show
// what is there (recovery waits for space and says so); writing commands
// give the store's code, never a constraint error.
void TestBadInputs::aFullDiskKeepsWhatIsStoredReadable() {
    if (::geteuid() != 0)
        QSKIP("mounting a small file system needs root");
    QTemporaryDir dir;
    if (QProcess::execute("mount", {"-t", "tmpfs", "-o", "size=1m", "tmpfs", dir.path()}) != 0)
        QSKIP("tmpfs cannot be mounted here");
    const auto unmount = qScopeGuard([&] { QProcess::execute("umount", {dir.path()}); });
    const QString db = dir.filePath("full.sqlite");
    const auto cli = [&](const QStringList &args) {
        return runProgram("burstlab-cli", QStringList{"--db", db} + args);
    };
    const QString table =
        QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/netdev_seed000_burst.txt");
    QCOMPARE(cli({"import", "--format", "netdev", table}).exitCode, 0);
    const Outcome sweep = cli({"sweep", "--vdev", "net_null0", "--sweep", "burst=1..64", "--reps",
                               "3", "--duration-ms", "50"});
    QCOMPARE(sweep.exitCode, 4);
    QVERIFY2(sweep.stderrText.contains("the disk is full"), qPrintable(sweep.stderrText));
    QVERIFY2(!sweep.stderrText.contains("constraint"), qPrintable(sweep.stderrText));
    // The step as the progress lines number it, never the store's row id;
    // a repetition run again on a busy host adds a step to the 192.
    QVERIFY2(sweep.stderrText.contains(QRegularExpression(
                 QStringLiteral(R"(the run store failed at step \d+/\d+ burst=\d+ rep [123]: )"))),
             qPrintable(sweep.stderrText));
    // What the failed write's rollback gave back taken too, so the disk is
    // as full as it was when the sweep failed, however far the sweep got on
    // a busy host: the store then waits for space.
    QFile filler(dir.filePath("filler"));
    QVERIFY(filler.open(QIODevice::WriteOnly | QIODevice::Unbuffered));
    while (filler.write(QByteArray(512, '\0')) == 512) {
    }
    filler.close();
    const auto read = [&](const QStringList &args) {
        QProcess p;
        p.start(kBin + "/burstlab-cli", QStringList{"--db", db} + args);
        const bool ended = p.waitForFinished(30000);
        return std::tuple{ended ? p.exitCode() : -1,
                          QString::fromLocal8Bit(p.readAllStandardOutput()),
                          QString::fromLocal8Bit(p.readAllStandardError())};
    };
    // How far the sweep got in marking its run (failed, and its best
    // figures kept) depends on the room the rollback left it. What it could
    // not write, the store writes when it opens: the run marked interrupted,
    // the figures kept. On this full disk it waits for space instead, says
    // so, and still reads.
    const auto [listed, listing, said] = read({"runs"});
    QCOMPARE(listed, 0);
    QVERIFY2(listing.contains(QRegularExpression(QStringLiteral(R"(^\s*2\s+(running|failed)\s)"),
                                                 QRegularExpression::MultilineOption)),
             qPrintable(listing));
    const bool waiting = said.contains("the disk is full");
    qInfo("the store %s", waiting ? "waits for space" : "had nothing left to write");
    for (const QStringList &args : {QStringList{"runs"}, QStringList{"show", "1"}}) {
        const auto [code, out, err] = read(args);
        QCOMPARE(code, 0);
        QVERIFY2(!waiting || err.contains("interrupted runs are marked once there is space"),
                 qPrintable(err + out));
        QVERIFY2(out.contains("imported burst sweep 1"), qPrintable(out));
    }
    // A store waiting for space refuses a write before reading its input;
    // one with nothing to mark finds the full disk on the first write, after
    // a bad input is refused for what it is.
    const Outcome bad = cli({"import", "--format", "netdev", m_dir.filePath("nul.txt")});
    QVERIFY2(waiting ? bad.exitCode == 4
                     : bad.exitCode == 1 && bad.stderrText.contains("holds a NUL byte"),
             qPrintable(bad.stderrText));
    for (const QStringList &write :
         {QStringList{"import", "--format", "netdev",
                      QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/netdev_seed000_clone0.txt")},
          QStringList{"sweep", "--vdev", "net_null0", "--sweep", "burst=1", "--duration-ms",
                      "50"}}) {
        const Outcome o = cli(write);
        QVERIFY2(o.exitCode == 4, qPrintable(write.join(' ') + ": " + o.stderrText));
        QVERIFY2(
            o.stderrText.contains("the disk is full") &&
                (!waiting || o.stderrText.contains("nothing can be stored until there is space")),
            qPrintable(o.stderrText));
        QVERIFY2(!o.stderrText.contains("constraint"), qPrintable(o.stderrText));
    }
}

// A store whose first pages read fine but whose samples table is broken:
// SQLite opens it, and only a check finds the damage. A command that writes
// refuses it before writing anything.
void TestBadInputs::damagedStoreIsNotWritten() {
    const QString db = m_dir.filePath("damaged.sqlite");
    {
        burstlab::RunStore store;
        QVERIFY(store.open(db));
        burstlab::Run run;
        run.label = QStringLiteral("kept");
        run.status = burstlab::RunStatus::Running;
        const auto id = store.createRun(run);
        QVERIFY(id);
        const auto step = store.beginStep(*id, burstlab::Point{{burstlab::AxisValue(1)}}, 0, 0);
        QVERIFY(step);
        for (int i = 1; i <= 200; ++i) {
            burstlab::Sample sample;
            sample.tNs = i * 1000000LL;
            sample.txPkts = i * 1000LL;
            QVERIFY(store.addSample(*step, sample));
        }
        QVERIFY(store.setRunStatus(*id, burstlab::RunStatus::Completed));
    }
    qint64 root = 0;
    qint64 pageSize = 0;
    {
        QSqlDatabase sql = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), "damage");
        sql.setDatabaseName(db);
        QVERIFY(sql.open());
        QSqlQuery q(sql);
        QVERIFY(q.exec("SELECT rootpage FROM sqlite_schema WHERE name = 'samples'") && q.next());
        root = q.value(0).toLongLong();
        QVERIFY(q.exec("PRAGMA page_size") && q.next());
        pageSize = q.value(0).toLongLong();
    }
    QSqlDatabase::removeDatabase("damage");
    QVERIFY(root > 1);
    QFile file(db);
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.seek((root - 1) * pageSize));
    QVERIFY(file.write(QByteArray(64, char(0xff))) == 64); // no page type is 0xff
    file.close();
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray before = file.readAll();
    file.close();

    for (const QStringList &command :
         {QStringList{"import", "--format", "netdev", m_dir.filePath("nul.txt")},
          QStringList{"sweep", "--vdev", "net_null0", "--sweep", "burst=1"}}) {
        const Outcome o = runProgram("burstlab-cli", QStringList{"--db", db} + command);
        QCOMPARE(o.exitCode, 4);
        QVERIFY2(o.stderrText.contains(db) && o.stderrText.contains("is damaged (SQLite's "
                                                                    "quick_check: "),
                 qPrintable(o.stderrText));
    }
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), before);
}

void TestBadInputs::commandLinesAreRefused_data() {
    QTest::addColumn<QString>("program");
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("messagePart");
    const QString engine = "burstlab-engine";
    QTest::newRow("engine: raw EAL option")
        << engine << QStringList{"-d", "/tmp/x.so", "--vdev", "net_null0"} << "unknown option '-d'";
    QTest::newRow("engine: EAL options after --")
        << engine << QStringList{"--vdev", "net_null0", "--", "-d", "/tmp/x.so"} << "'--'";
    QTest::newRow("engine: option hidden in a vdev")
        << engine << QStringList{"--vdev", "net_null0,size=64 -d /x"} << "spaces";
    QTest::newRow("engine: XDP program")
        << engine << QStringList{"--vdev", "net_af_xdp0,iface=lo,xdp_prog=/tmp/p.o"}
        << "not allowed";
    QTest::newRow("engine: capture outside pcap_dirs")
        << engine << QStringList{"--vdev", "net_pcap0,tx_pcap=/tmp/../etc/x.pcap"}
        << "outside pcap_dirs";
    QTest::newRow("engine: PCI device not listed")
        << engine << QStringList{"--pci", "0000:00:01.0"} << "pci_devices";
    QTest::newRow("engine: memory beyond 32 bits")
        << engine << QStringList{"--vdev", "net_null0", "--memory-mb", "99999999999999999999"}
        << "--memory-mb";
    QTest::newRow("engine: a file that is not an allow-list")
        << engine << QStringList{"--vdev", "net_null0", "--config", "/etc/passwd"}
        << "expected key = value";
    QTest::newRow("cli: ssh host that is an ssh option")
        << "burstlab-cli" << QStringList{"sweep",   "--launch", "ssh", "--host", "-oProxyCommand=x",
                                         "--sweep", "burst=1"}
        << "not a host name";
    QTest::newRow("cli: sweep too large")
        << "burstlab-cli" << QStringList{"sweep", "--sweep", "burst=1..99999999999"}
        << "more than 100000 values";
}

void TestBadInputs::commandLinesAreRefused() {
    QFETCH(QString, program);
    QFETCH(QStringList, args);
    QFETCH(QString, messagePart);
    const Outcome o = runProgram(program, args);
    QCOMPARE(o.exitCode, 2);
    QVERIFY2(o.stderrText.contains(messagePart), qPrintable(o.stderrText));
}

QTEST_GUILESS_MAIN(TestBadInputs)
#include "tst_bad_inputs.moc"
