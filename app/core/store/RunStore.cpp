#include "store/RunStore.h"
#include "model/JsonReader.h"
#include "stats/PointStats.h"
#include "store/RunOwner.h"
#include "store/Schema.h"
#include "store/SqlDialect.h"
#include "store/StoreLocation.h"
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QHash>
#include <QJsonDocument>
#include <QSaveFile>
#include <QSqlDatabase>
#include <QSqlDriver>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUrl>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <unistd.h>

namespace burstlab {

namespace {

constexpr int busyTimeoutMs = 5000;

// A run's row and its documents, which live apart from the rows lists read.
const QString runColumns =
    QStringLiteral("r.id, r.name, r.label, r.notes, r.created, r.status, r.error, r.sweep, "
                   "coalesce(d.hello, '{}'), coalesce(d.fingerprint, '{}'), "
                   "coalesce(d.checklist, '[]'), r.source");
// A step's rate columns come first: the runs list reads only them. They
// hold what a point's figure needs under any noise policy: the rate, and
// the thread shares that say whether the repetition was disturbed (copied
// from the totals, which are most of a step's bytes).
const QString rateColumns =
    QStringLiteral("point, rep, status, pps, pps_after_warmup, seq, cpu_share, steal_share");
const QString stepColumns = rateColumns + QStringLiteral(", id, run_id, started, finished, "
                                                         "totals, tx_pkts, elapsed_ns, "
                                                         "cycles_per_pkt, error");
// A sample's columns are its protocol names (Sample::forEachCounter), after
// the step it belongs to.
QStringList sampleColumnList() {
    QStringList columns{QStringLiteral("step_id")};
    const Sample none;
    Sample::forEachCounter(none,
                           [&](const QString &name, const auto &, FieldNeed) { columns << name; });
    return columns;
}
const QString sampleColumns = sampleColumnList().join(QStringLiteral(", "));

QString jsonText(const QJsonObject &object) {
    return QString::fromUtf8(QJsonDocument(object).toJson(QJsonDocument::Compact));
}

QString jsonText(const QJsonArray &array) {
    return QString::fromUtf8(QJsonDocument(array).toJson(QJsonDocument::Compact));
}

QJsonDocument jsonDocument(const QVariant &text) {
    return QJsonDocument::fromJson(text.toString().toUtf8());
}

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

// A counter's column: NULL is a counter the engine did not measure.
QVariant columnOf(qint64 value) {
    return value;
}

QVariant columnOf(const std::optional<qint64> &value) {
    return value ? QVariant(*value) : QVariant();
}

QVariant columnOf(const std::optional<double> &value) {
    return value ? QVariant(*value) : QVariant();
}

void fromColumn(qint64 &value, const QVariant &column) {
    value = column.toLongLong();
}

void fromColumn(std::optional<qint64> &value, const QVariant &column) {
    value = column.isNull() ? std::nullopt : std::optional<qint64>(column.toLongLong());
}

Sample sampleFrom(const QSqlQuery &q) {
    Sample s;
    s.stepId = q.value(0).toLongLong();
    int column = 1;
    Sample::forEachCounter(
        s, [&](const QString &, auto &value, FieldNeed) { fromColumn(value, q.value(column++)); });
    return s;
}

// The rate columns (rateColumns) of a step: what its point's figure needs.
StepResult rateFrom(const QSqlQuery &q) {
    StepResult s;
    s.point = Point::fromJson(jsonDocument(q.value(0)).array()).value_or(Point{});
    s.rep = q.value(1).toInt();
    s.status = runStatusFromString(q.value(2).toString()).value_or(RunStatus::Failed);
    s.pps = q.value(3).toDouble();
    if (!q.value(4).isNull())
        s.ppsAfterWarmup = q.value(4).toDouble();
    s.seq = q.value(5).toInt();
    if (!q.value(6).isNull()) {
        // Of the finished message, the thread shares the noise policy judges;
        // stepFrom replaces it with the whole message.
        ThreadUsage thread;
        thread.minCpuShare = q.value(6).toDouble();
        if (!q.value(7).isNull())
            thread.maxStealShare = q.value(7).toDouble();
        s.measured = StepFinished{};
        s.measured->thread = thread;
    }
    return s;
}

// A step's thread shares for its rate columns: null where its engine measured none.
QVariant cpuShareOf(const StepResult &step) {
    const auto thread = step.measured ? step.measured->thread : std::nullopt;
    return thread ? QVariant(thread->minCpuShare) : QVariant();
}

QVariant stealShareOf(const StepResult &step) {
    const auto thread = step.measured ? step.measured->thread : std::nullopt;
    return thread && thread->maxStealShare ? QVariant(*thread->maxStealShare) : QVariant();
}

StepResult stepFrom(const QSqlQuery &q) {
    StepResult s = rateFrom(q);
    s.id = q.value(8).toLongLong();
    s.runId = q.value(9).toLongLong();
    s.started = dateTimeFromText(q.value(10).toString());
    s.finished = dateTimeFromText(q.value(11).toString());
    s.setTotals(jsonDocument(q.value(12)).object());
    s.txPkts = q.value(13).toLongLong();
    s.elapsedNs = q.value(14).toLongLong();
    if (!q.value(15).isNull())
        s.cyclesPerPkt = q.value(15).toDouble();
    s.error = q.value(16).toString();
    return s;
}

} // namespace

RunStore::RunStore() : m_dialect(&SqlDialect::of(StoreLocation::Kind::SqliteFile)) {
    static std::atomic<quint64> counter{0};
    m_connection = QStringLiteral("burstlab-store-%1").arg(++counter);
}

RunStore::~RunStore() {
    close();
}

QString RunStore::defaultPath() {
    // Not AppDataLocation: that folder depends on the organisation name, and
    // the CLI and the GUI must open the same store.
    return QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) +
           QStringLiteral("/burstlab/burstlab.sqlite");
}

QSqlDatabase RunStore::database() const {
    return QSqlDatabase::database(m_connection, false);
}

bool RunStore::fail(const QString &message) {
    m_error = message;
    m_connectionLost = false;
    return false;
}

bool RunStore::fail(const QString &what, const QSqlQuery &query) {
    fail(QStringLiteral("%1 (%2): %3").arg(what, m_path, m_dialect->explain(query.lastError())));
    m_connectionLost = m_dialect->connectionLost(query.lastError());
    return false;
}

bool RunStore::exec(QSqlQuery &query, const QString &what) {
    if (query.exec())
        return true;
    return fail(what, query);
}

bool RunStore::execText(const QString &sql, const QString &what) {
    QSqlQuery query(database());
    if (query.exec(sql))
        return true;
    return fail(what, query);
}

QSqlQuery RunStore::prepare(const QString &sql, const QVariantList &values) {
    QSqlQuery query(database());
    query.prepare(sql);
    for (const QVariant &v : values) {
        // A null QString would bind as SQL NULL; text columns hold '' instead.
        const bool nullText = v.typeId() == QMetaType::QString && v.toString().isNull();
        query.addBindValue(nullText ? QVariant(QLatin1String("")) : v);
    }
    return query;
}

bool RunStore::open(const QString &path, Access access) {
    close();
    m_path = path.isEmpty() ? defaultPath() : path;
    m_error.clear();
    m_recovered.clear();
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
        if (access == Access::ReadOnlyIfNeeded && QFileInfo(m_path).isFile())
            if (const QString cause = writeProblem(m_path); !cause.isEmpty())
                return openReadOnly(cause);
        if (!prepareFolder(path.isEmpty()))
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
    if (configureConnection() && migrate() && recoverInterrupted())
        return true;
    QString error = m_error;
    // SQLite only says it cannot open a store it may not write (its WAL
    // needs the folder): say why.
    if (const QString cause = location->isFile() ? writeProblem(m_path) : QString();
        !cause.isEmpty())
        error += QStringLiteral("; %1").arg(cause);
    close();
    m_error = error;
    return false;
}

bool RunStore::prepareFolder(bool isDefault) {
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

bool RunStore::openReadOnly(const QString &why) {
    m_readOnly = true;
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
        // Of the settings, the first read and the last (the lock wait) only:
        // switching to WAL would write.
        const auto settings = m_dialect->setup(busyTimeoutMs);
        const auto version = execText(settings.first().sql, QStringLiteral("reading"))
                                 ? userVersion()
                                 : std::nullopt;
        if (version && *version == schemaVersion &&
            execText(settings.last().sql, QStringLiteral("setting up")))
            return true;
        if (version)
            m_error = QStringLiteral("the store %1 has schema version %2, not %3, and cannot be "
                                     "brought up to date read-only")
                          .arg(m_path)
                          .arg(*version)
                          .arg(schemaVersion);
        QSqlDatabase::removeDatabase(m_connection);
    }
    const QString error = QStringLiteral("%1 (opened read-only: %2)").arg(m_error, why);
    close();
    m_error = error;
    return false;
}

std::optional<QString> RunStore::damage() {
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

void RunStore::close() {
    m_readOnly = false;
    m_insertSample.reset();
    m_held.clear(); // a session's locks end with it
    if (!m_owner.isEmpty()) {
        RunOwner::release(m_owner);
        m_owner.clear();
    }
    if (QSqlDatabase::contains(m_connection)) {
        {
            QSqlDatabase db = QSqlDatabase::database(m_connection, false);
            db.close();
        }
        QSqlDatabase::removeDatabase(m_connection);
    }
}

bool RunStore::isOpen() const {
    return database().isOpen();
}

QString RunStore::path() const {
    return m_path;
}

QString RunStore::lastError() const {
    return m_error;
}

QList<qint64> RunStore::recoveredOnOpen() const {
    return m_recovered;
}

bool RunStore::configureConnection() {
    const auto settings = m_dialect->setup(busyTimeoutMs);
    for (qsizetype i = 0; i < settings.size(); ++i) {
        // The first is a read, so that a foreign or corrupt store is named
        // as such rather than as a failed setting.
        const QString what = i == 0 ? QStringLiteral("reading") : QStringLiteral("setting up");
        QSqlQuery q(database());
        if (!q.exec(settings[i].sql))
            return fail(what, q);
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

std::optional<qint64> RunStore::number(const QString &sql, const QString &what) {
    QSqlQuery q(database());
    if (!q.exec(sql) || !q.next()) {
        fail(QStringLiteral("reading the %1").arg(what), q);
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<int> RunStore::userVersion() {
    const auto version = number(m_dialect->schemaVersionQuery(), QStringLiteral("schema version"));
    return version ? std::optional<int>(int(*version)) : std::nullopt;
}

std::optional<qint64> RunStore::dataVersion() {
    return number(m_dialect->dataVersionQuery(), QStringLiteral("data version"));
}

QMetaObject::Connection RunStore::watchRuns(QObject *context,
                                            const std::function<void(qint64)> &heard) {
    const QString channel = m_dialect->runsChannel();
    QSqlDriver *driver = database().driver();
    if (channel.isEmpty() || !driver)
        return {};
    if (!driver->subscribedToNotifications().contains(channel) &&
        !driver->subscribeToNotification(channel)) {
        fail(QStringLiteral("listening for runs (%1): %2")
                 .arg(m_path, m_dialect->explain(driver->lastError())));
        return {};
    }
    // This connection's own commits are known to whoever made them.
    return QObject::connect(driver, &QSqlDriver::notification, context,
                            [channel, heard](const QString &name,
                                             QSqlDriver::NotificationSource source,
                                             const QVariant &payload) {
                                if (name == channel && source != QSqlDriver::SelfSource)
                                    heard(payload.toLongLong());
                            });
}

bool RunStore::announce(qint64 runId) {
    const QString sql = m_dialect->announceRun(runId);
    return sql.isEmpty() || execText(sql, QStringLiteral("announcing run %1").arg(runId));
}

bool RunStore::migrate() {
    const auto &steps = Schema::migrations();
    static_assert(schemaVersion > 0);
    Q_ASSERT(steps.size() == schemaVersion);
    while (true) {
        const auto before = userVersion();
        if (!before)
            return false;
        if (*before > schemaVersion)
            return fail(QStringLiteral("the store %1 has schema version %2, newer than this "
                                       "burstlab understands (%3)")
                            .arg(m_path)
                            .arg(*before)
                            .arg(schemaVersion));
        if (*before == schemaVersion)
            return true;
        // Another instance may migrate at the same moment: re-read the
        // version inside the write transaction and apply only what is due.
        const QString lock = m_dialect->schemaLock(true);
        if (!lock.isEmpty() && !execText(lock, QStringLiteral("migrating")))
            return false;
        const bool ok = inTransaction(QStringLiteral("migrating"), [&] {
            const auto version = userVersion();
            if (!version)
                return false;
            if (*version != *before)
                return true;
            for (const QString &statement : steps[*version]) {
                const QString sql = m_dialect->migration(statement, *version + 1);
                if (!sql.isEmpty() &&
                    !execText(sql, QStringLiteral("migrating to schema %1").arg(*version + 1)))
                    return false;
            }
            return execText(m_dialect->setSchemaVersion(*version + 1), QStringLiteral("migrating"));
        });
        const QString error = m_error;
        if (!lock.isEmpty())
            execText(m_dialect->schemaLock(false), QStringLiteral("migrating"));
        m_error = error;
        if (!ok)
            return false;
    }
}

bool RunStore::inTransaction(const QString &what, const std::function<bool()> &work) {
    if (!execText(m_dialect->beginWrite(), what))
        return false;
    if (work() && execText(QStringLiteral("COMMIT"), what))
        return true;
    const QString error = m_error;
    QSqlQuery rollback(database());
    rollback.exec(QStringLiteral("ROLLBACK"));
    m_error = error;
    return false;
}

std::optional<QList<qint64>> RunStore::recoverInterrupted() {
    QList<qint64> recovered;
    const bool ok = inTransaction(QStringLiteral("recovering interrupted runs"), [&] {
        QSqlQuery q(database());
        if (!q.exec(QStringLiteral("SELECT id, owner FROM runs WHERE status = 'running'")))
            return fail(QStringLiteral("recovering interrupted runs"), q);
        QList<std::pair<qint64, QString>> running;
        while (q.next())
            running.append({q.value(0).toLongLong(), q.value(1).toString()});
        for (const auto &[id, owner] : running) {
            const auto alive = writerAlive(id, owner);
            if (!alive)
                return false;
            if (!*alive)
                recovered << id;
        }
        for (qint64 id : recovered) {
            QSqlQuery steps = prepare(QStringLiteral("UPDATE steps SET status = 'interrupted' "
                                                     "WHERE run_id = ? AND status = 'running'"),
                                      {id});
            QSqlQuery run = prepare(QStringLiteral("UPDATE runs SET status = 'interrupted', "
                                                   "owner = '' WHERE id = ?"),
                                    {id});
            if (!exec(steps, QStringLiteral("recovering run %1").arg(id)) ||
                !exec(run, QStringLiteral("recovering run %1").arg(id)) || !announce(id))
                return false;
        }
        return true;
    });
    if (!ok)
        return std::nullopt;
    m_recovered << recovered;
    return recovered;
}

std::optional<bool> RunStore::writerAlive(qint64 runId, const QString &owner) {
    if (owner == m_owner)
        return true;
    const QString tryHold = m_dialect->tryHoldRun(runId);
    if (tryHold.isEmpty())
        return RunOwner::isLive(owner);
    const QString what = QStringLiteral("recovering run %1").arg(runId);
    QSqlQuery q(database());
    if (!q.exec(tryHold) || !q.next()) {
        fail(what, q);
        return std::nullopt;
    }
    if (!q.value(0).toBool())
        return true; // its writer's session holds it
    if (!execText(m_dialect->releaseRun(runId), what))
        return std::nullopt;
    // A writer on this host whose connection dropped is still alive.
    return RunOwner::isOnThisHost(owner) && RunOwner::isLive(owner);
}

bool RunStore::holdRun(qint64 runId, bool running) {
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

std::optional<qint64> RunStore::insertRun(const Run &run) {
    const QDateTime created = run.created.isValid() ? run.created : QDateTime::currentDateTimeUtc();
    QSqlQuery q = prepare(
        QStringLiteral("INSERT INTO runs (name, label, notes, created, status, error, sweep, "
                       "tx_port, source, owner) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                       "RETURNING id"),
        {run.name, run.label, run.notes, dateTimeText(created), toString(run.status), run.error,
         jsonText(run.spec.toJson()), jsonText(run.txPort()), run.source,
         run.status == RunStatus::Running ? m_owner : QString()});
    if (!exec(q, QStringLiteral("storing a run")) || !q.next())
        return std::nullopt;
    const qint64 id = q.value(0).toLongLong();
    if (!writeDocuments(id, run) || !writeTags(id, run.tags) ||
        !holdRun(id, run.status == RunStatus::Running) || !announce(id))
        return std::nullopt;
    return id;
}

bool RunStore::writeDocuments(qint64 runId, const Run &run) {
    QSqlQuery q =
        prepare(QStringLiteral("INSERT INTO run_documents (run_id, hello, fingerprint, checklist) "
                               "VALUES (?, ?, ?, ?) ON CONFLICT (run_id) DO UPDATE SET "
                               "hello = excluded.hello, fingerprint = excluded.fingerprint, "
                               "checklist = excluded.checklist"),
                {runId, jsonText(run.hello), jsonText(run.fingerprint), jsonText(run.checklist)});
    return exec(q, QStringLiteral("storing the context of run %1").arg(runId));
}

bool RunStore::writeTags(qint64 runId, const QStringList &tags) {
    QSqlQuery clear = prepare(QStringLiteral("DELETE FROM tags WHERE run_id = ?"), {runId});
    if (!exec(clear, QStringLiteral("storing tags")))
        return false;
    for (const QString &tag : tags) {
        QSqlQuery q = prepare(QStringLiteral("INSERT INTO tags (run_id, tag) VALUES (?, ?) "
                                             "ON CONFLICT DO NOTHING"),
                              {runId, tag.trimmed()});
        if (!tag.trimmed().isEmpty() && !exec(q, QStringLiteral("storing tags")))
            return false;
    }
    return true;
}

std::optional<QStringList> RunStore::tagsOf(qint64 runId) {
    QSqlQuery q =
        prepare(QStringLiteral("SELECT tag FROM tags WHERE run_id = ? ORDER BY tag"), {runId});
    if (!exec(q, QStringLiteral("reading tags")))
        return std::nullopt;
    QStringList tags;
    while (q.next())
        tags << q.value(0).toString();
    return tags;
}

std::optional<qint64> RunStore::createRun(const Run &run) {
    std::optional<qint64> id;
    if (!inTransaction(QStringLiteral("storing a run"),
                       [&] { return (id = insertRun(run)).has_value(); }))
        return std::nullopt;
    return id;
}

bool RunStore::changed(QSqlQuery &query, const QString &what, qint64 runId) {
    if (!exec(query, what))
        return false;
    if (query.numRowsAffected() == 0)
        return fail(QStringLiteral("%1: no run %2 in %3").arg(what).arg(runId).arg(m_path));
    return true;
}

bool RunStore::updateRun(const Run &run) {
    const QString what = QStringLiteral("updating run %1").arg(run.id);
    return inTransaction(what, [&] {
        QSqlQuery q =
            prepare(QStringLiteral("UPDATE runs SET name = ?, label = ?, notes = ? WHERE id = ?"),
                    {run.name, run.label, run.notes, run.id});
        return changed(q, what, run.id) && writeTags(run.id, run.tags) && announce(run.id);
    });
}

bool RunStore::setRunStatus(qint64 runId, RunStatus status, const QString &error) {
    // A run that leaves "running" no longer has an owner to protect it.
    QSqlQuery q = prepare(
        QStringLiteral("UPDATE runs SET status = ?, error = ?, owner = ? WHERE id = ?"),
        {toString(status), error, status == RunStatus::Running ? m_owner : QString(), runId});
    return changed(q, QStringLiteral("setting the status of run %1").arg(runId), runId) &&
           holdRun(runId, status == RunStatus::Running) && announce(runId);
}

bool RunStore::setRunContext(qint64 runId, const QJsonObject &hello, const QJsonObject &fingerprint,
                             const QJsonArray &checklist) {
    Run run;
    run.hello = hello;
    run.fingerprint = fingerprint;
    run.checklist = checklist;
    const QString what = QStringLiteral("storing the context of run %1").arg(runId);
    return inTransaction(what, [&] {
        QSqlQuery q = prepare(QStringLiteral("UPDATE runs SET tx_port = ? WHERE id = ?"),
                              {jsonText(run.txPort()), runId});
        return changed(q, what, runId) && writeDocuments(runId, run) && announce(runId);
    });
}

QString RunStore::whereClause(const RunFilter &filter, QVariantList *values) {
    QStringList terms;
    if (!filter.label.isEmpty()) {
        terms << QStringLiteral("r.label = ?");
        *values << filter.label;
    }
    if (filter.status) {
        terms << QStringLiteral("r.status = ?");
        *values << toString(*filter.status);
    }
    if (!filter.tag.isEmpty()) {
        terms << QStringLiteral("r.id IN (SELECT run_id FROM tags WHERE tag = ?)");
        *values << filter.tag;
    }
    if (filter.olderThan > 0) {
        // The list's own order, so pages neither skip nor repeat a run.
        terms << QStringLiteral("(r.created, r.id) < (SELECT created, id FROM runs WHERE id = ?)");
        *values << filter.olderThan;
    }
    return terms.isEmpty() ? QString()
                           : QStringLiteral(" WHERE ") + terms.join(QStringLiteral(" AND "));
}

std::optional<QList<RunSummary>> RunStore::listRuns(const RunFilter &filter) {
    // Per run, the completed steps' count comes from the steps_rates index
    // alone, and the tags from their primary key: a page reads its own runs'
    // rows, then each run's steps for its best point figure.
    QVariantList values;
    const QString where = whereClause(filter, &values);
    QString limit;
    if (filter.limit > 0) {
        limit = QStringLiteral(" LIMIT ?");
        values << filter.limit;
    }
    QSqlQuery q = prepare(
        QStringLiteral(
            "SELECT r.id, r.name, r.label, r.created, r.status, r.tx_port, r.sweep, r.source,"
            " (SELECT count(*) FROM steps s WHERE s.run_id = r.id AND s.status = 'completed'),"
            " (SELECT %1 FROM tags t WHERE t.run_id = r.id)"
            " FROM runs r%2 ORDER BY r.created DESC, r.id DESC%3")
            .arg(m_dialect->jsonArrayOf(QStringLiteral("t.tag")), where, limit),
        values);
    if (!exec(q, QStringLiteral("listing runs")))
        return std::nullopt;
    QList<RunSummary> list;
    QList<Run> runs; // the sweeps, for the options each run's figures are judged under
    while (q.next()) {
        RunSummary s;
        s.id = q.value(0).toLongLong();
        s.name = q.value(1).toString();
        s.label = q.value(2).toString();
        s.created = dateTimeFromText(q.value(3).toString());
        s.status = runStatusFromString(q.value(4).toString()).value_or(RunStatus::Failed);
        s.device = Run::deviceOf(jsonDocument(q.value(5)).object());
        Run run;
        run.spec =
            SweepSpec::fromJson(jsonDocument(q.value(6)).object(), nullptr).value_or(SweepSpec{});
        s.sweep = run.spec.describe();
        s.engineKind = run.spec.engine.kind;
        s.source = q.value(7).toString();
        s.steps = q.value(8).toInt();
        for (const QJsonValue &tag : jsonDocument(q.value(9)).array())
            s.tags << tag.toString();
        s.tags.sort();
        list << s;
        runs << run;
    }
    // The best pps of a run is its best point figure (the median of a
    // point's valid repetitions under the run's own noise policy), the
    // number show, compare and the exports print, not its fastest single
    // repetition. Only the rate columns are read: a page lists 200 runs.
    QSqlQuery rates(database());
    rates.prepare(
        QStringLiteral("SELECT %1 FROM steps WHERE run_id = ? ORDER BY seq, id").arg(rateColumns));
    for (qsizetype i = 0; i < list.size(); ++i) {
        RunSummary &s = list[i];
        rates.addBindValue(s.id);
        if (!exec(rates, QStringLiteral("reading the rates of run %1").arg(s.id)))
            return std::nullopt;
        QList<StepResult> steps;
        while (rates.next())
            steps << rateFrom(rates);
        if (const auto best = PointStats::bestPps(PointStats::of(runs[i], steps)))
            s.bestPps = double(*best);
    }
    return list;
}

std::optional<qint64> RunStore::countRuns(const RunFilter &filter) {
    QVariantList values;
    const QString where = whereClause(filter, &values);
    QSqlQuery q = prepare(QStringLiteral("SELECT count(*) FROM runs r%1").arg(where), values);
    if (!exec(q, QStringLiteral("counting runs")) || !q.next()) {
        fail(QStringLiteral("counting runs"), q);
        return std::nullopt;
    }
    return q.value(0).toLongLong();
}

std::optional<bool> RunStore::hasRun(qint64 runId) {
    QSqlQuery q = prepare(QStringLiteral("SELECT 1 FROM runs WHERE id = ?"), {runId});
    if (!exec(q, QStringLiteral("looking up run %1").arg(runId)))
        return std::nullopt;
    return q.next();
}

std::optional<Run> RunStore::loadRun(qint64 runId) {
    QSqlQuery q = prepare(QStringLiteral("SELECT %1 FROM runs r LEFT JOIN run_documents d ON "
                                         "d.run_id = r.id WHERE r.id = ?")
                              .arg(runColumns),
                          {runId});
    if (!exec(q, QStringLiteral("loading run %1").arg(runId)))
        return std::nullopt;
    if (!q.next()) {
        fail(QStringLiteral("no run %1 in %2").arg(runId).arg(m_path));
        return std::nullopt;
    }
    Run run;
    run.id = q.value(0).toLongLong();
    run.name = q.value(1).toString();
    run.label = q.value(2).toString();
    run.notes = q.value(3).toString();
    run.created = dateTimeFromText(q.value(4).toString());
    run.status = runStatusFromString(q.value(5).toString()).value_or(RunStatus::Failed);
    run.error = q.value(6).toString();
    QString why;
    const auto spec = SweepSpec::fromJson(jsonDocument(q.value(7)).object(), &why);
    if (!spec) {
        fail(
            QStringLiteral("run %1 in %2 has an unreadable sweep: %3").arg(runId).arg(m_path, why));
        return std::nullopt;
    }
    run.spec = *spec;
    run.hello = jsonDocument(q.value(8)).object();
    run.fingerprint = jsonDocument(q.value(9)).object();
    run.checklist = jsonDocument(q.value(10)).array();
    run.source = q.value(11).toString();
    const auto tags = tagsOf(runId);
    if (!tags)
        return std::nullopt;
    run.tags = *tags;
    return run;
}

std::optional<RunData> RunStore::loadRunData(qint64 runId) {
    RunData data;
    const auto run = loadRun(runId);
    if (!run)
        return std::nullopt;
    data.run = *run;
    const auto steps = stepsOf(runId);
    if (!steps)
        return std::nullopt;
    QHash<qint64, qsizetype> index;
    for (const StepResult &result : *steps) {
        index.insert(result.id, data.steps.size());
        data.steps << StepData{result, {}};
    }
    // One query for the run's samples: samples_step gives them in order.
    QSqlQuery q = prepare(QStringLiteral("SELECT %1 FROM samples WHERE step_id IN (SELECT id FROM "
                                         "steps WHERE run_id = ?) ORDER BY step_id, t_ns, id")
                              .arg(sampleColumns),
                          {runId});
    if (!exec(q, QStringLiteral("reading the samples of run %1").arg(runId)))
        return std::nullopt;
    while (q.next()) {
        const Sample sample = sampleFrom(q);
        if (const auto at = index.constFind(sample.stepId); at != index.cend())
            data.steps[*at].samples << sample;
    }
    const auto load = loadSamplesOf(runId);
    if (!load)
        return std::nullopt;
    data.loadSamples = *load;
    return data;
}

bool RunStore::deleteRun(qint64 runId) {
    QSqlQuery q = prepare(QStringLiteral("DELETE FROM runs WHERE id = ?"), {runId});
    return changed(q, QStringLiteral("deleting run %1").arg(runId), runId) && announce(runId);
}

std::optional<qint64> RunStore::beginStep(qint64 runId, const Point &point, int rep, int seq) {
    StepResult step;
    step.point = point;
    step.rep = rep;
    step.seq = seq;
    step.status = RunStatus::Running;
    step.started = QDateTime::currentDateTimeUtc();
    return insertStep(runId, step);
}

std::optional<qint64> RunStore::insertStep(qint64 runId, const StepResult &step) {
    QSqlQuery q = prepare(
        QStringLiteral("INSERT INTO steps (run_id, seq, point, point_key, rep, status, started, "
                       "finished, totals, pps, tx_pkts, elapsed_ns, cycles_per_pkt, "
                       "pps_after_warmup, cpu_share, steal_share, error) VALUES (?, ?, ?, ?, ?, "
                       "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id"),
        {runId, step.seq,
         QString::fromUtf8(QJsonDocument(step.point.toJson()).toJson(QJsonDocument::Compact)),
         step.point.key(), step.rep, toString(step.status), dateTimeText(step.started),
         dateTimeText(step.finished), jsonText(step.totalsJson()), step.pps, step.txPkts,
         step.elapsedNs, columnOf(step.cyclesPerPkt), columnOf(step.ppsAfterWarmup),
         cpuShareOf(step), stealShareOf(step), step.error});
    if (!exec(q, QStringLiteral("storing a step of run %1").arg(runId)) || !q.next())
        return std::nullopt;
    return q.value(0).toLongLong();
}

bool RunStore::finishStep(const StepResult &result) {
    QSqlQuery q =
        prepare(QStringLiteral("UPDATE steps SET status = ?, finished = ?, totals = ?, pps = ?, "
                               "tx_pkts = ?, elapsed_ns = ?, cycles_per_pkt = ?, "
                               "pps_after_warmup = ?, cpu_share = ?, steal_share = ?, error = ? "
                               "WHERE id = ? RETURNING run_id"),
                {toString(result.status),
                 dateTimeText(result.finished.isValid() ? result.finished
                                                        : QDateTime::currentDateTimeUtc()),
                 jsonText(result.totalsJson()), result.pps, result.txPkts, result.elapsedNs,
                 columnOf(result.cyclesPerPkt), columnOf(result.ppsAfterWarmup), cpuShareOf(result),
                 stealShareOf(result), result.error, result.id});
    const QString what = QStringLiteral("finishing step %1").arg(result.id);
    if (!exec(q, what))
        return false;
    if (!q.next())
        return fail(QStringLiteral("%1: no step %2 in %3").arg(what).arg(result.id).arg(m_path));
    return announce(q.value(0).toLongLong());
}

std::optional<QList<StepResult>> RunStore::stepsOf(qint64 runId) {
    QSqlQuery q = prepare(
        QStringLiteral("SELECT %1 FROM steps WHERE run_id = ? ORDER BY seq, id").arg(stepColumns),
        {runId});
    if (!exec(q, QStringLiteral("reading the steps of run %1").arg(runId)))
        return std::nullopt;
    QList<StepResult> steps;
    while (q.next())
        steps << stepFrom(q);
    return steps;
}

bool RunStore::addSample(qint64 stepId, const Sample &s) {
    // Prepared once per connection: this runs ten times a second per sweep.
    if (!m_insertSample) {
        m_insertSample = std::make_unique<QSqlQuery>(database());
        const QStringList marks(sampleColumnList().size(), QStringLiteral("?"));
        if (!m_insertSample->prepare(QStringLiteral("INSERT INTO samples (%1) VALUES (%2)")
                                         .arg(sampleColumns, marks.join(QStringLiteral(", "))))) {
            const bool ok = fail(QStringLiteral("preparing to store samples"), *m_insertSample);
            m_insertSample.reset();
            return ok;
        }
    }
    int column = 0;
    m_insertSample->bindValue(column++, stepId);
    Sample::forEachCounter(s, [&](const QString &, const auto &value, FieldNeed) {
        m_insertSample->bindValue(column++, columnOf(value));
    });
    return exec(*m_insertSample, QStringLiteral("storing a sample of step %1").arg(stepId));
}

bool RunStore::addLoadSample(qint64 runId, const LoadSample &sample) {
    QSqlQuery q = prepare(QStringLiteral("INSERT INTO load_samples (run_id, at, sample) "
                                         "VALUES (?, ?, ?)"),
                          {runId, dateTimeText(sample.at), jsonText(sample.toJson())});
    return exec(q, QStringLiteral("storing a load sample of run %1").arg(runId));
}

std::optional<QList<LoadSample>> RunStore::loadSamplesOf(qint64 runId) {
    QSqlQuery q = prepare(QStringLiteral("SELECT sample FROM load_samples WHERE run_id = ? "
                                         "ORDER BY at, id"),
                          {runId});
    if (!exec(q, QStringLiteral("reading the load samples of run %1").arg(runId)))
        return std::nullopt;
    QList<LoadSample> samples;
    while (q.next()) {
        QString why;
        const auto sample = LoadSample::fromJson(jsonDocument(q.value(0)).object(), &why);
        if (!sample) {
            fail(QStringLiteral("run %1 in %2 has an unreadable load sample: %3")
                     .arg(runId)
                     .arg(m_path, why));
            return std::nullopt;
        }
        samples << *sample;
    }
    return samples;
}

std::optional<QList<Sample>> RunStore::samplesOf(qint64 stepId) {
    QSqlQuery q =
        prepare(QStringLiteral("SELECT %1 FROM samples WHERE step_id = ? ORDER BY t_ns, id")
                    .arg(sampleColumns),
                {stepId});
    if (!exec(q, QStringLiteral("reading the samples of step %1").arg(stepId)))
        return std::nullopt;
    QList<Sample> samples;
    while (q.next())
        samples << sampleFrom(q);
    return samples;
}

std::optional<QList<Point>> RunStore::completedPoints(qint64 runId) {
    const auto run = loadRun(runId);
    if (!run)
        return std::nullopt;
    QSqlQuery q = prepare(QStringLiteral("SELECT min(point) FROM steps WHERE run_id = ? AND "
                                         "status = 'completed' GROUP BY point_key HAVING "
                                         "count(*) >= ? ORDER BY min(seq)"),
                          {runId, run->spec.reps});
    if (!exec(q, QStringLiteral("reading the completed points of run %1").arg(runId)))
        return std::nullopt;
    QList<Point> points;
    while (q.next()) {
        if (const auto p = Point::fromJson(jsonDocument(q.value(0)).array()))
            points << *p;
    }
    return points;
}

std::optional<QList<qint64>> RunStore::insertRuns(const QList<RunData> &runs) {
    QList<qint64> ids;
    const bool ok = inTransaction(QStringLiteral("importing runs"), [&] {
        for (const RunData &data : runs) {
            const auto id = insertRun(data.run);
            if (!id)
                return false;
            for (const StepData &step : data.steps) {
                const auto stepId = insertStep(*id, step.result);
                if (!stepId)
                    return false;
                for (const Sample &s : step.samples) {
                    if (!addSample(*stepId, s))
                        return false;
                }
            }
            for (const LoadSample &s : data.loadSamples) {
                if (!addLoadSample(*id, s))
                    return false;
            }
            ids << *id;
        }
        return true;
    });
    if (!ok)
        return std::nullopt;
    return ids;
}

std::optional<qint64> RunStore::insertRunData(const RunData &data) {
    const auto ids = insertRuns({data});
    if (!ids)
        return std::nullopt;
    return ids->first();
}

bool RunStore::exportRunJson(qint64 runId, const QString &file) {
    const auto data = loadRunData(runId);
    if (!data)
        return false;
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly))
        return fail(QStringLiteral("cannot write %1: %2").arg(file, out.errorString()));
    out.write(QJsonDocument(data->toJson()).toJson(QJsonDocument::Indented));
    if (!out.commit())
        return fail(QStringLiteral("cannot write %1: %2").arg(file, out.errorString()));
    return true;
}

} // namespace burstlab
