#pragma once
// A PostgreSQL server of the test's own: a new cluster in a temporary folder,
// reached only through a Unix socket in that folder (nothing listens on the
// network), trusting its one role `burstlab`, stopped and deleted with this
// object. initdb refuses to run as root, so a root test runs the server as
// nobody, in a folder nobody owns.
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QSqlDatabase>
#include <QTemporaryDir>
#include <unistd.h>

class ThrowawayPostgres {
  public:
    ThrowawayPostgres() = default;
    ThrowawayPostgres(const ThrowawayPostgres &) = delete;
    ThrowawayPostgres &operator=(const ThrowawayPostgres &) = delete;
    ~ThrowawayPostgres() { stop(); }

    static QString binDir() { return QStringLiteral("/usr/lib/postgresql/15/bin"); }

    // Why no server can run here, a reason to skip; empty when one can.
    static QString missing() {
        if (!QFileInfo(binDir() + QStringLiteral("/initdb")).isExecutable())
            return QStringLiteral("PostgreSQL 15 is not installed (no %1/initdb; Debian: "
                                  "postgresql-15)")
                .arg(binDir());
        if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
            return QStringLiteral("Qt's PostgreSQL driver is not installed (Debian: "
                                  "libqt6sql6-psql)");
        return {};
    }

    bool isRunning() const { return m_running; }
    // start(), unless it runs already: for the tests that share one server.
    QString startOnce() { return m_running ? QString() : start(); }
    // Empty when the server runs, else what went wrong.
    QString start() {
        if (const QString why = missing(); !why.isEmpty())
            return why;
        if (!m_dir.isValid())
            return QStringLiteral("no temporary folder: %1").arg(m_dir.errorString());
        if (geteuid() == 0 &&
            ::chown(QFile::encodeName(m_dir.path()).constData(), nobody, nobody) != 0)
            return QStringLiteral("cannot hand %1 to nobody").arg(m_dir.path());
        QString output;
        // No fsync: the cluster is thrown away; a killed server keeps what
        // the kernel holds, which is what the store's tests need.
        if (!run(binDir() + QStringLiteral("/initdb"),
                 {QStringLiteral("-D"), dataDir(), QStringLiteral("-A"), QStringLiteral("trust"),
                  QStringLiteral("-U"), QStringLiteral("burstlab"), QStringLiteral("-E"),
                  QStringLiteral("UTF8"), QStringLiteral("--locale=C"), QStringLiteral("-N")},
                 true, &output))
            return QStringLiteral("initdb failed: %1").arg(output);
        if (const QString why = restart(); !why.isEmpty())
            return why;
        // The stores' tests write as a lab's writers do: a login that is no
        // superuser (the GUI refuses one), owning the databases it writes.
        if (!run(binDir() + QStringLiteral("/createuser"),
                 {QStringLiteral("-h"), socketDir(), QStringLiteral("-U"),
                  QStringLiteral("burstlab"), kWriter},
                 false, &output))
            return QStringLiteral("createuser %1 failed: %2").arg(kWriter, output);
        return {};
    }

    // Stops the server as a crash would (immediate: no checkpoint, every
    // session cut); its data stays for restart().
    void stop() {
        if (m_running)
            server({QStringLiteral("-D"), dataDir(), QStringLiteral("-m"),
                    QStringLiteral("immediate"), QStringLiteral("-w"), QStringLiteral("stop")});
        m_running = false;
    }

    // Starts the server on the cluster start() made; empty, or why not.
    QString restart() {
        QString output;
        m_running =
            server({QStringLiteral("-D"), dataDir(), QStringLiteral("-l"), logFile(),
                    QStringLiteral("-w"), QStringLiteral("-o"),
                    QStringLiteral("-k %1 -c listen_addresses='' -c fsync=off").arg(m_dir.path()) +
                        QStringLiteral(" -c ").repeated(m_settings.isEmpty() ? 0 : 1) +
                        m_settings.join(QStringLiteral(" -c ")),
                    QStringLiteral("start")},
                   &output);
        return m_running ? QString() : QStringLiteral("pg_ctl start failed: %1").arg(output);
    }

    // A server setting (-c NAME=VALUE) from the next start or restart on.
    void addSetting(const QString &setting) { m_settings << setting; }

    // The server's log: what it says, and what it was set to log.
    QString logFile() const { return m_dir.filePath(QStringLiteral("log")); }

    // The folder of the server's socket: libpq's host.
    QString socketDir() const { return m_dir.path(); }

    // The login that owns the databases createDatabase() makes: no superuser.
    static constexpr QLatin1StringView kWriter{"store_owner"};

    // A libpq URI naming database `name` on this server, as its superuser.
    QString uri(const QString &name) const { return uriAs(QStringLiteral("burstlab"), name); }
    // The same as login.
    QString uriAs(const QString &login, const QString &name) const {
        return QStringLiteral("postgresql://%1@/%2?host=%3").arg(login, name, socketDir());
    }
    // As the writer that owns the databases createDatabase() makes.
    QString writerUri(const QString &name) const { return uriAs(kWriter, name); }

    // Creates an empty database owned by kWriter; its writerUri(), or empty
    // with *error saying why.
    QString createDatabase(const QString &name, QString *error) {
        QString output;
        if (!run(binDir() + QStringLiteral("/createdb"),
                 {QStringLiteral("-h"), socketDir(), QStringLiteral("-U"),
                  QStringLiteral("burstlab"), QStringLiteral("-O"), kWriter, name},
                 false, &output)) {
            *error = QStringLiteral("createdb %1 failed: %2").arg(name, output);
            return {};
        }
        return writerUri(name);
    }

    // Runs an SQL file with psql as the superuser, on database postgres,
    // with psql variables (-v NAME=VALUE); empty, or psql's output on failure.
    QString runSqlFile(const QString &file, const QStringList &variables) {
        QStringList args{QStringLiteral("-h"), socketDir(),
                         QStringLiteral("-U"), QStringLiteral("burstlab"),
                         QStringLiteral("-d"), QStringLiteral("postgres"),
                         QStringLiteral("-X"), QStringLiteral("-q"),
                         QStringLiteral("-v"), QStringLiteral("ON_ERROR_STOP=1")};
        for (const QString &v : variables)
            args << QStringLiteral("-v") << v;
        args << QStringLiteral("-f") << file;
        QString output;
        return run(binDir() + QStringLiteral("/psql"), args, false, &output)
                   ? QString()
                   : QStringLiteral("psql -f %1 failed: %2").arg(file, output);
    }

    // docs/store-role.sql run once per role it is given (psql variables:
    // login=NAME for a writer, viewer=NAME); empty, or psql's complaint.
    QString createStoreRoles(const QStringList &roles) {
        for (const QString &role : roles) {
            const QString error =
                runSqlFile(QStringLiteral(BURSTLAB_SOURCE_DIR "/docs/store-role.sql"), {role});
            if (!error.isEmpty())
                return error;
        }
        return {};
    }

    // A libpq URI naming the database store-role.sql makes, as login.
    QString storeUriAs(const QString &login) const {
        return uriAs(login, QStringLiteral("burstlab"));
    }

    // A database name for any text (a test's file name): letters, digits, _.
    static QString databaseName(QString text) {
        text.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9_]")), QStringLiteral("_"));
        return text.toLower();
    }

  private:
    static constexpr uid_t nobody = 65534;

    QString dataDir() const { return m_dir.filePath(QStringLiteral("data")); }

    bool server(const QStringList &args, QString *output = nullptr) {
        QString ignored;
        return run(binDir() + QStringLiteral("/pg_ctl"), args, true, output ? output : &ignored);
    }

    // Runs program to its end; a server program as nobody when this is root.
    static bool run(const QString &program, const QStringList &args, bool asServer,
                    QString *output) {
        QProcess p;
        p.setProcessChannelMode(QProcess::MergedChannels);
        // pg_ctl's server keeps the output channels open: its log takes them.
        if (asServer && geteuid() == 0)
            p.start(QStringLiteral("setpriv"),
                    QStringList{QStringLiteral("--reuid=%1").arg(nobody),
                                QStringLiteral("--regid=%1").arg(nobody),
                                QStringLiteral("--clear-groups"), QStringLiteral("--"), program} +
                        args);
        else
            p.start(program, args);
        const bool ok = p.waitForFinished(120000) && p.exitStatus() == QProcess::NormalExit &&
                        p.exitCode() == 0;
        *output = QString::fromLocal8Bit(p.readAll()).trimmed();
        return ok;
    }

    QTemporaryDir m_dir;
    QStringList m_settings;
    bool m_running = false;
};
