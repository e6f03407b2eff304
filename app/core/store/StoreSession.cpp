#include "store/StoreSession.h"
#include "store/RunNotices.h"
#include "store/RunOwner.h"
#include "store/Schema.h"
#include "store/SqlDialect.h"
#include "store/SqliteFileCheck.h"
#include "store/StoreLocation.h"
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSqlDriver>
#include <QSqlError>
#include <QThread>
#include <QUrl>
#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <unistd.h>
#include <utility>

namespace burstlab {

namespace {

constexpr int busyTimeoutMs = 5000;
// Between tries of a setting whose lock the back end would not wait for.
constexpr int lockRetryPauseMs = 10;

// Why the store cannot be written: its file, or its folder, where the WAL
// and shared-memory files go. Empty when both can.
QString writeProblem(const QString &path) {
    const QFileInfo info(path);
    for (const QString &target : {info.absolutePath(), info.absoluteFilePath()}) {
        if (!QFileInfo::exists(target) ||
            ::access(QFile::encodeName(target).constData(), W_OK) == 0)
            continue;
        if (errno == EROFS)
            return QStringLiteral("%1 is on a read-only file system").arg(target);
        return QStringLiteral("%1 is not writable (%2)")
            .arg(target, QString::fromLocal8Bit(std::strerror(errno)));
    }
    return {};
}

} // namespace

StoreSession::StoreSession() : m_dialect(&SqlDialect::of(StoreLocation::Kind::SqliteFile)) {
    static std::atomic<quint64> counter{0};
    m_connection = QStringLiteral("burstlab-store-%1").arg(++counter);
}

StoreSession::~StoreSession() {
    close();
}

QSqlDatabase StoreSession::database() const {
    return QSqlDatabase::database(m_connection, false);
}

bool StoreSession::fail(const QString &message) {
    m_error = message;
    m_connectionLost = false;
    m_diskFull = false;
    return false;
}

bool StoreSession::fail(const QString &what, const QSqlQuery &query) {
    if (!m_lost.isEmpty())
        return failLost(what);
    const QSqlError error = query.lastError();
    const bool stillOpen = database().isOpen();
    // A connection closed under the statement has no error of its own.
    const QString why = stillOpen || error.type() != QSqlError::NoError
                            ? m_dialect->explain(error)
                            : QStringLiteral("the server closed the connection");
    fail(QStringLiteral("%1 (%2): %3").arg(what, m_path, why));
    // A write refused by a read-only store says why it is read-only.
    if (m_readOnly)
        m_error += QStringLiteral("; the store is read-only: %1").arg(m_readOnlyWhy);
    m_diskFull = m_dialect->diskFull(error);
    m_connectionLost = m_dialect->connectionLost(error, stillOpen);
    if (m_connectionLost) {
        m_lost = why;
        // The session is gone, its driver now too: the queries prepared on it
        // (this one among them), dropped after it, are not deallocated on a
        // connection that no longer exists (Qt's driver would try, and warn).
        dropSession();
    }
    return false;
}

bool StoreSession::failLost(const QString &what) {
    fail(QStringLiteral("%1 (%2): %3").arg(what, m_path, m_lost));
    m_connectionLost = true;
    return false;
}

bool StoreSession::exec(QSqlQuery &query, const QString &what) {
    if (!m_lost.isEmpty())
        return failLost(what);
    if (query.exec())
        return true;
    return fail(what, query);
}

bool StoreSession::returning(QSqlQuery &query, const QString &what, QVariant *value) {
    *value = QVariant();
    if (!exec(query, what))
        return false;
    if (query.next())
        *value = query.value(0);
    if (query.next() || query.lastError().isValid())
        return fail(what, query);
    return true;
}

bool StoreSession::execText(const QString &sql, const QString &what) {
    if (!m_lost.isEmpty())
        return failLost(what);
    QSqlQuery query(database());
    if (query.exec(sql))
        return true;
    return fail(what, query);
}

bool StoreSession::ping() {
    const QString what = QStringLiteral("checking the connection");
    // Qt's driver warns of a statement on a connection it closed: that one
    // fails here, for the reason fail() gives.
    if (m_lost.isEmpty() && !database().isOpen())
        return fail(what, QSqlQuery(database()));
    return execText(QStringLiteral("SELECT 1"), what);
}

QSqlQuery *StoreSession::preparedOnce(const QString &sql, const QString &what) {
    // Its query went with the dropped session's driver.
    if (!m_lost.isEmpty()) {
        failLost(what);
        return nullptr;
    }
    auto &query = m_prepared[sql];
    if (!query) {
        auto made = std::make_unique<QSqlQuery>(database());
        if (!made->prepare(sql)) {
            fail(QStringLiteral("preparing for %1").arg(what), *made);
            return nullptr;
        }
        query = std::move(made);
    }
    return query.get();
}

QSqlQuery StoreSession::prepare(const QString &sql, const QVariantList &values) {
    QSqlQuery query(database());
    // A dropped session has nothing to prepare on: exec() tells why.
    if (m_lost.isEmpty())
        query.prepare(sql);
    for (const QVariant &v : values) {
        // A null QString would bind as SQL NULL; text columns hold '' instead.
        const bool nullText = v.typeId() == QMetaType::QString && v.toString().isNull();
        query.addBindValue(nullText ? QVariant(QLatin1String("")) : v);
    }
    return query;
}

bool StoreSession::open(const QString &path, bool isDefault, Access access, Superuser superuser) {
    close();
    m_path = path;
    m_error.clear();
    QString why;
    const auto location = StoreLocation::parse(m_path, &why);
    // Not repeated: the text may hold a password.
    if (!location)
        return fail(QStringLiteral("cannot open the store: %1").arg(why));
    m_dialect = &SqlDialect::of(location->kind());
    if (!QSqlDatabase::isDriverAvailable(m_dialect->driver()))
        return fail(QStringLiteral("cannot open the store %1: Qt's %2 driver (%3) is not "
                                   "installed")
                        .arg(m_path, m_dialect->name(), m_dialect->driver()));
    if (location->isFile()) {
        // Before anything could write to it: a mistyped --db may name
        // another program's database.
        if (const QString foreign = SqliteFileCheck::problem(m_path); !foreign.isEmpty())
            return fail(QStringLiteral("cannot open the store: ") + foreign);
        if (access == Access::ReadOnlyIfNeeded && QFileInfo(m_path).isFile())
            if (const QString cause = writeProblem(m_path); !cause.isEmpty())
                return openReadOnly(cause);
        if (!prepareFolder(isDefault))
            return false;
    }
    {
        QSqlDatabase db = location->addDatabase(m_connection);
        if (!db.open())
            why = m_dialect->explain(db.lastError());
    }
    if (!why.isEmpty()) {
        QSqlDatabase::removeDatabase(m_connection);
        return fail(QStringLiteral("cannot open the store %1: %2").arg(m_path, why));
    }
    m_owner = RunOwner::acquire();
    if (configureConnection() && startSession(access, superuser))
        return true;
    abandon();
    return false;
}

void StoreSession::abandon() {
    QString error = m_error;
    // SQLite only says it cannot open a store it may not write (its WAL
    // needs the folder): say why.
    QString unparsed;
    const auto location = StoreLocation::parse(m_path, &unparsed);
    if (const QString cause = location && location->isFile() ? writeProblem(m_path) : QString();
        !cause.isEmpty())
        error += QStringLiteral("; %1").arg(cause);
    close();
    m_error = error;
}

bool StoreSession::prepareFolder(bool isDefault) {
    const QFileInfo info(m_path);
    // Only the default store's folder is ours to create: a missing folder in a
    // given path is more likely a typo than a wish for new directories.
    if (!isDefault && !info.absoluteDir().exists())
        return fail(QStringLiteral("the directory %1 does not exist").arg(info.absolutePath()));
    if (!QDir().mkpath(info.absolutePath()))
        return fail(
            QStringLiteral("cannot create the folder %1 for the store").arg(info.absolutePath()));
    if (info.isDir())
        return fail(QStringLiteral("%1 is a folder, not a store file").arg(m_path));
    return true;
}

bool StoreSession::startSession(Access access, Superuser superuser) {
    const auto role = sessionRole();
    if (!role)
        return false;
    if (role->superuser && superuser == Superuser::Refused)
        return fail(QStringLiteral("the store %1 is opened as %2, a superuser: the GUI holds no "
                                   "superuser connection; connect as a writer or a viewer that "
                                   "docs/store-role.sql makes (docs/store.md)")
                        .arg(m_path, role->login));
    if (role->mayWrite)
        return true;
    if (access == Access::ReadWrite)
        return fail(QStringLiteral("the store %1 is read-only for the role %2: it may list, show, "
                                   "compare and export runs; writing them needs a writer's role "
                                   "(burstlab_writers)")
                        .arg(m_path, role->login));
    const QString why = QStringLiteral("the role %1 may only read it").arg(role->login);
    if (!Schema::isCurrent(*this)) {
        m_error += QStringLiteral(" (opened read-only: %1)").arg(why);
        return false;
    }
    m_readOnly = true;
    m_readOnlyWhy = why;
    return true;
}

std::optional<StoreSession::SessionRole> StoreSession::sessionRole() {
    const QString sql = m_dialect->writeAccessQuery();
    if (sql.isEmpty())
        return SessionRole{};
    QSqlQuery q(database());
    if (!q.exec(sql) || !q.next()) {
        fail(QStringLiteral("reading the role's privileges"), q);
        return std::nullopt;
    }
    return SessionRole{q.value(0).toBool(), q.value(2).toBool(), q.value(1).toString()};
}

bool StoreSession::openReadOnly(const QString &why) {
    // Read-only first; a WAL store whose shared-memory file cannot be made
    // (a read-only file system) only as immutable: nobody can write it there.
    const QString immutable =
        QUrl::fromLocalFile(m_path).toString(QUrl::FullyEncoded) + QStringLiteral("?immutable=1");
    const std::pair<QString, QString> ways[] = {
        {m_path, QStringLiteral("QSQLITE_OPEN_READONLY")},
        {immutable, QStringLiteral("QSQLITE_OPEN_READONLY;QSQLITE_OPEN_URI")}};
    for (const auto &[name, options] : ways) {
        {
            QSqlDatabase db = QSqlDatabase::addDatabase(m_dialect->driver(), m_connection);
            db.setDatabaseName(name);
            db.setConnectOptions(options);
            db.open();
        }
        // Of the settings, the first read and the lock wait only: switching
        // to WAL would write.
        const auto settings = m_dialect->setup(busyTimeoutMs);
        if (execText(settings.first().sql, QStringLiteral("reading")) && Schema::isCurrent(*this) &&
            execText(settings.at(1).sql, QStringLiteral("setting up"))) {
            m_readOnly = true;
            m_readOnlyWhy = why;
            return true;
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
    const QString error = QStringLiteral("%1 (opened read-only: %2)").arg(m_error, why);
    close();
    m_error = error;
    return false;
}

std::optional<QString> StoreSession::damage() {
    if (m_dialect->damageQuery().isEmpty())
        return QString();
    QSqlQuery q(database());
    if (!q.exec(m_dialect->damageQuery())) {
        fail(QStringLiteral("checking"), q);
        return std::nullopt;
    }
    QStringList found;
    while (q.next())
        found << q.value(0).toString();
    return found == QStringList{QStringLiteral("ok")} ? QString()
                                                      : found.join(QStringLiteral("; "));
}

void StoreSession::close() {
    m_readOnly = false;
    m_readOnlyWhy.clear();
    m_notices.reset();
    m_held.clear(); // a session's locks end with it
    if (!m_owner.isEmpty()) {
        RunOwner::release(m_owner);
        m_owner.clear();
    }
    // The session's prepared statements end with it: dropped after its
    // driver, they are not deallocated one by one.
    dropSession();
    m_lost.clear();
}

void StoreSession::dropSession() {
    if (!QSqlDatabase::contains(m_connection))
        return;
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
    // After their driver: a statement dropped before it would be deallocated
    // on a connection that may be gone (Qt's driver would try, and warn).
    m_prepared.clear();
}

bool StoreSession::reconnect() {
    // The session that dropped goes whole, its driver first: its prepared
    // queries, dropped after it, are not deallocated on a connection that is
    // gone (Qt's driver would try, and warn that it cannot).
    dropSession();
    QString why;
    if (const auto location = StoreLocation::parse(m_path, &why)) {
        QSqlDatabase db = location->addDatabase(m_connection);
        if (!db.open())
            why = m_dialect->explain(db.lastError());
    }
    if (!why.isEmpty()) {
        fail(QStringLiteral("cannot open the store %1: %2").arg(m_path, why));
        m_connectionLost = true;
        return false;
    }
    m_lost.clear();
    // The old session's holds and LISTENs ended with it; its watchers stay
    // connected to the relay, which listens on the new one.
    const QSet<qint64> held = std::exchange(m_held, {});
    if (!configureConnection() || (m_notices && !listen(*m_notices)))
        return false;
    return std::all_of(held.cbegin(), held.cend(), [this](qint64 id) { return holdRun(id, true); });
}

bool StoreSession::isOpen() const {
    return database().isOpen();
}

bool StoreSession::configureConnection() {
    if (!m_dialect->prepareConnection(database()))
        return fail(
            QStringLiteral("cannot prepare the connection to %1 for its audit trail").arg(m_path));
    const auto settings = m_dialect->setup(busyTimeoutMs);
    for (qsizetype i = 0; i < settings.size(); ++i) {
        // The first is a read, so that a foreign or corrupt store is named
        // as such rather than as a failed setting.
        const QString what = i == 0 ? QStringLiteral("reading") : QStringLiteral("setting up");
        QSqlQuery q(database());
        const QDeadlineTimer lockWait(busyTimeoutMs);
        while (!q.exec(settings[i].sql)) {
            if (!m_dialect->lockNotWaitedFor(q.lastError()) || lockWait.hasExpired())
                return fail(what, q);
            QThread::msleep(lockRetryPauseMs);
        }
        if (settings[i].answer.isEmpty())
            continue;
        const QString answer = q.next() ? q.value(0).toString() : QString();
        if (answer.compare(settings[i].answer, Qt::CaseInsensitive) != 0)
            return fail(QStringLiteral("cannot use %1 (%2 answers '%3'): the store or its folder "
                                       "is read-only")
                            .arg(m_path, settings[i].sql, answer));
    }
    return true;
}

std::optional<qint64> StoreSession::number(const QString &sql, const QString &what) {
    QSqlQuery q(database());
    if (!q.exec(sql) || !q.next()) {
        fail(QStringLiteral("reading the %1").arg(what), q);
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<qint64> StoreSession::dataVersion() {
    return number(m_dialect->dataVersionQuery(), QStringLiteral("data version"));
}

QMetaObject::Connection StoreSession::watchRuns(QObject *context,
                                                const std::function<void(qint64)> &heard) {
    const QString channel = m_dialect->runsChannel();
    if (channel.isEmpty())
        return {};
    if (!m_notices) {
        auto notices = std::make_unique<RunNotices>(channel);
        if (!listen(*notices))
            return {};
        m_notices = std::move(notices);
    }
    return QObject::connect(m_notices.get(), &RunNotices::heard, context, heard);
}

bool StoreSession::listen(RunNotices &notices) {
    QSqlDriver *driver = database().driver();
    if (driver && notices.listen(driver))
        return true;
    return fail(QStringLiteral("listening for runs (%1): %2")
                    .arg(m_path, driver ? m_dialect->explain(driver->lastError())
                                        : QStringLiteral("not connected")));
}

bool StoreSession::announce(qint64 runId) {
    const QString sql = m_dialect->announceRun(runId);
    return sql.isEmpty() || execText(sql, QStringLiteral("announcing run %1").arg(runId));
}

bool StoreSession::inTransaction(const QString &what, const std::function<bool()> &work) {
    // Refused before it begins: a statement refused inside would leave the
    // transaction aborted under the statements still to be freed.
    if (m_readOnly)
        return fail(
            QStringLiteral("%1 (%2): the store is read-only: %3").arg(what, m_path, m_readOnlyWhy));
    if (!execText(m_dialect->beginWrite(), what))
        return false;
    if (work() && execText(QStringLiteral("COMMIT"), what))
        return true;
    // A lost session's transaction ended with it.
    if (m_connectionLost)
        return false;
    const QString error = m_error;
    QSqlQuery rollback(database());
    rollback.exec(QStringLiteral("ROLLBACK"));
    m_error = error;
    return false;
}

bool StoreSession::holdRun(qint64 runId, bool running) {
    const QString sql = running ? m_dialect->holdRun(runId) : m_dialect->releaseRun(runId);
    if (sql.isEmpty() || running == m_held.contains(runId))
        return true;
    if (!execText(sql, QStringLiteral("owning run %1").arg(runId)))
        return false;
    if (running)
        m_held.insert(runId);
    else
        m_held.remove(runId);
    return true;
}

} // namespace burstlab
