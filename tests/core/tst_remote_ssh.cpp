// The ssh launch mode for real: an sshd of the test's own on a loopback port
// with a throw-away key, a sweep through `ssh 127.0.0.1`, and the remote
// engine gone within 2 s once the local ssh client is killed. Needs root (an
// sshd that logs in as the test's user) and openssh-server; skips otherwise.
#include "engine/EngineCommand.h"
#include "model/EngineLaunch.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

using namespace burstlab;

namespace {

const QString kBin = QStringLiteral(BURSTLAB_BIN_DIR);
const QString kSshd = QStringLiteral("/usr/sbin/sshd");

// A loopback TCP port nobody listens on right now.
quint16 freePort() {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t len = sizeof a;
    quint16 port = 0;
    if (bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0 &&
        getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    close(fd);
    return port;
}

bool accepts(quint16 port) {
    const int fd = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = htons(port);
    const bool ok = ::connect(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0;
    close(fd);
    return ok;
}

bool writeFile(const QString &path, const QString &text) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(text.toUtf8()) >= 0;
}

// Running: there and not a zombie. The engine's session parent is gone once
// ssh is killed, and the PID 1 of a container may reap orphans late.
bool isRunning(const QString &pid) {
    QFile stat("/proc/" + pid + "/stat");
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    return text.mid(text.lastIndexOf(')') + 2, 1) != "Z";
}

bool run(const QString &program, const QStringList &args) {
    QProcess p;
    p.start(program, args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

class TestRemoteSsh : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void cleanupTestCase();
    void sweepThroughSsh();
    void killingSshStopsTheRemoteEngine();

  private:
    EngineLaunch sshLaunch() const;

    QTemporaryDir m_dir;
    QProcess m_sshd;
};

void TestRemoteSsh::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    if (getuid() != 0)
        QSKIP("needs root: the test's sshd logs in as the user running it");
    if (!QFileInfo(kSshd).isExecutable() || QStandardPaths::findExecutable("ssh").isEmpty())
        QSKIP("openssh-server and openssh-client are not installed");
    QVERIFY(m_dir.isValid());
    // sshd's privilege separation directory.
    QVERIFY(QDir().mkpath(QStringLiteral("/run/sshd")));
    const QString keygen = QStringLiteral("ssh-keygen");
    QVERIFY(run(keygen, {"-q", "-t", "ed25519", "-N", "", "-f", m_dir.filePath("host_key")}));
    QVERIFY(run(keygen, {"-q", "-t", "ed25519", "-N", "", "-f", m_dir.filePath("id")}));
    QVERIFY(QFile::copy(m_dir.filePath("id.pub"), m_dir.filePath("authorized_keys")));
    const quint16 port = freePort();
    QVERIFY(port != 0);
    QVERIFY(writeFile(m_dir.filePath("sshd_config"),
                      QStringLiteral("ListenAddress 127.0.0.1\n"
                                     "HostKey %1/host_key\n"
                                     "AuthorizedKeysFile %1/authorized_keys\n"
                                     "PidFile %1/sshd.pid\n"
                                     "StrictModes no\n"
                                     "UsePAM no\n"
                                     "PasswordAuthentication no\n"
                                     "KbdInteractiveAuthentication no\n"
                                     "PermitRootLogin prohibit-password\n"
                                     "LogLevel FATAL\n")
                          .arg(m_dir.path())));
    // The client side, as a user would put it in ~/.ssh/config.
    QVERIFY(
        writeFile(m_dir.filePath("ssh_config"), QStringLiteral("Host 127.0.0.1\n"
                                                               "  Port %1\n"
                                                               "  User root\n"
                                                               "  IdentityFile %2/id\n"
                                                               "  IdentitiesOnly yes\n"
                                                               "  StrictHostKeyChecking no\n"
                                                               "  UserKnownHostsFile /dev/null\n"
                                                               "  LogLevel ERROR\n")
                                                    .arg(port)
                                                    .arg(m_dir.path())));
    qputenv("BURSTLAB_SSH_CONFIG", m_dir.filePath("ssh_config").toLocal8Bit());
    m_sshd.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    m_sshd.start(kSshd,
                 {"-D", "-e", "-f", m_dir.filePath("sshd_config"), "-p", QString::number(port)});
    QVERIFY(m_sshd.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(accepts(port) || m_sshd.state() == QProcess::NotRunning, 5000);
    QVERIFY2(m_sshd.state() == QProcess::Running, "sshd did not start");
}

void TestRemoteSsh::cleanupTestCase() {
    if (m_sshd.state() != QProcess::NotRunning) {
        m_sshd.terminate();
        if (!m_sshd.waitForFinished(3000))
            m_sshd.kill();
        m_sshd.waitForFinished(3000);
    }
}

EngineLaunch TestRemoteSsh::sshLaunch() const {
    EngineLaunch l;
    l.mode = QStringLiteral("ssh");
    l.sshHost = QStringLiteral("127.0.0.1");
    l.enginePath = kBin + QStringLiteral("/burstlab-engine");
    l.vdevs = {QStringLiteral("net_null0")};
    l.lcores = QStringLiteral("0-1");
    return l;
}

void TestRemoteSsh::sweepThroughSsh() {
    QProcess cli;
    cli.start(kBin + "/burstlab-cli", {"--db",
                                       m_dir.filePath("runs.sqlite"),
                                       "sweep",
                                       "--launch",
                                       "ssh",
                                       "--host",
                                       "127.0.0.1",
                                       "--engine",
                                       kBin + "/burstlab-engine",
                                       "--vdev",
                                       "net_null0",
                                       "--lcores",
                                       "0-1",
                                       "--sweep",
                                       "burst=1,32",
                                       "--reps",
                                       "1",
                                       "--duration-ms",
                                       "100",
                                       "--label",
                                       "over-ssh"});
    cli.closeWriteChannel();
    QVERIFY(cli.waitForFinished(60000));
    const QString err = QString::fromUtf8(cli.readAllStandardError());
    QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, qPrintable(err));
    const QString out = QString::fromUtf8(cli.readAllStandardOutput());
    // The netdev table: one row per burst value, the second with its delta.
    // The pps column is padded to the widest rate, and either step may come
    // out worse, invalid or disturbed on a busy host: only the layout is
    // asserted, not the rates.
    QVERIFY2(out.contains(QRegularExpression(R"(\n burst=1 +tx: *\d+ pps(?: \[\d+ \w+\])*\n)")) &&
                 out.contains(QRegularExpression(
                     R"(\n burst=32 +tx: *\d+ pps \( *-?\d+\.\d\d ns(?: \(worse\))?\))")),
             qPrintable(out));
}

void TestRemoteSsh::killingSshStopsTheRemoteEngine() {
    const EngineCommand command = EngineCommand::fromLaunch(sshLaunch(), kBin);
    QVERIFY2(command.preflightError().isEmpty(), qPrintable(command.preflightError()));
    QProcess ssh;
    ssh.start(command.program, command.arguments);
    QVERIFY(ssh.waitForStarted());
    QTRY_VERIFY_WITH_TIMEOUT(ssh.canReadLine() || ssh.state() == QProcess::NotRunning, 20000);
    const QJsonObject hello = QJsonDocument::fromJson(ssh.readLine()).object();
    QCOMPARE(hello.value("type").toString(), QStringLiteral("hello"));
    // docs/protocol.md: the file prefix is burstlab-<pid>-<random>.
    const QString prefix = hello.value("file_prefix").toString();
    const QString pid = prefix.section('-', 1, 1);
    QVERIFY2(isRunning(pid), qPrintable(prefix));
    const QString runtimeDir = "/var/run/dpdk/" + prefix;
    QVERIFY(QFileInfo::exists(runtimeDir));
    ssh.write(R"({"cmd":"start","id":1,"duration_ms":60000,"stats_ms":50})"
              "\n");
    QByteArray received;
    QTRY_VERIFY2_WITH_TIMEOUT((received += ssh.readAll()).contains(R"("type":"stats")"),
                              received.constData(), 5000);

    QElapsedTimer since;
    ssh.kill();
    since.start();
    QVERIFY(ssh.waitForFinished(1000));
    QTRY_VERIFY_WITH_TIMEOUT(!isRunning(pid), 2000);
    QTRY_VERIFY_WITH_TIMEOUT(!QFileInfo::exists(runtimeDir), 2000 - int(since.elapsed()));
    qInfo("remote engine stopped %lld ms after its ssh client was killed", since.elapsed());
}

QTEST_GUILESS_MAIN(TestRemoteSsh)
#include "tst_remote_ssh.moc"
