#include "store/Schema.h"
#include "store/SqlDialect.h"
#include "store/StoreSession.h"

namespace burstlab {

namespace {

// Statements that take the NOT NULL (and the default) off columns, their
// values kept. Neither SQLite nor PostgreSQL is told it in words the other
// takes, but both take a new column, a copy, a drop and a rename; the
// columns move to the end of the table, which the store never reads by
// position.
QStringList nullableColumns(const QString &table, const QStringList &columns, const QString &type) {
    QStringList add, copy, drop, rename;
    for (const QString &column : columns) {
        const QString next = column + QStringLiteral("_nullable");
        add << QStringLiteral("ALTER TABLE %1 ADD COLUMN %2 %3").arg(table, next, type);
        copy << QStringLiteral("%1 = %2").arg(next, column);
        drop << QStringLiteral("ALTER TABLE %1 DROP COLUMN %2").arg(table, column);
        rename << QStringLiteral("ALTER TABLE %1 RENAME COLUMN %2 TO %3").arg(table, next, column);
    }
    return add +
           QStringList{
               QStringLiteral("UPDATE %1 SET %2").arg(table, copy.join(QStringLiteral(", ")))} +
           drop + rename;
}

} // namespace

QList<QStringList> Schema::migrations(const SqlDialect &dialect) {
    return {
        // 0 -> 1: runs, steps, samples.
        {QStringLiteral("CREATE TABLE runs ("
                        " id INTEGER PRIMARY KEY,"
                        " name TEXT NOT NULL DEFAULT '',"
                        " label TEXT NOT NULL DEFAULT '',"
                        " notes TEXT NOT NULL DEFAULT '',"
                        " created TEXT NOT NULL,"
                        " status TEXT NOT NULL,"
                        " error TEXT NOT NULL DEFAULT '',"
                        " sweep TEXT NOT NULL DEFAULT '{}',"
                        " hello TEXT NOT NULL DEFAULT '{}',"
                        " fingerprint TEXT NOT NULL DEFAULT '{}',"
                        " checklist TEXT NOT NULL DEFAULT '[]',"
                        " source TEXT NOT NULL DEFAULT 'engine')"),
         QStringLiteral("CREATE TABLE steps ("
                        " id INTEGER PRIMARY KEY,"
                        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                        " seq INTEGER NOT NULL,"
                        " point TEXT NOT NULL,"
                        " point_key TEXT NOT NULL,"
                        " rep INTEGER NOT NULL,"
                        " status TEXT NOT NULL,"
                        " started TEXT NOT NULL DEFAULT '',"
                        " finished TEXT NOT NULL DEFAULT '',"
                        " totals TEXT NOT NULL DEFAULT '{}',"
                        " pps REAL NOT NULL DEFAULT 0,"
                        " ns_per_pkt REAL NOT NULL DEFAULT 0,"
                        " tx_pkts INTEGER NOT NULL DEFAULT 0,"
                        " elapsed_ns INTEGER NOT NULL DEFAULT 0,"
                        " cycles_per_pkt REAL NOT NULL DEFAULT 0,"
                        " pps_after_warmup REAL,"
                        " error TEXT NOT NULL DEFAULT '')"),
         QStringLiteral("CREATE INDEX steps_run ON steps(run_id, seq)"),
         QStringLiteral("CREATE TABLE samples ("
                        " id INTEGER PRIMARY KEY,"
                        " step_id INTEGER NOT NULL REFERENCES steps(id) ON DELETE CASCADE,"
                        " t_ns INTEGER NOT NULL,"
                        " tx_pkts INTEGER NOT NULL,"
                        " tx_bytes INTEGER NOT NULL,"
                        " tx_calls INTEGER NOT NULL,"
                        " ring_full INTEGER NOT NULL,"
                        " retries INTEGER NOT NULL,"
                        " alloc_fail INTEGER NOT NULL,"
                        " busy_cycles INTEGER NOT NULL,"
                        " rx_pkts INTEGER NOT NULL)"),
         QStringLiteral("CREATE INDEX samples_step ON samples(step_id, t_ns)")},
        // 1 -> 2: tags, and the owner of a running run so that a second
        // instance does not take a live sweep for a crashed one.
        {QStringLiteral("CREATE TABLE tags ("
                        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                        " tag TEXT NOT NULL,"
                        " PRIMARY KEY (run_id, tag))"),
         QStringLiteral("CREATE INDEX tags_tag ON tags(tag)"),
         QStringLiteral("ALTER TABLE runs ADD COLUMN owner TEXT NOT NULL DEFAULT ''")},
        // 2 -> 3: thousands of runs. The run rows that lists and recovery read
        // lose the large documents (hello, fingerprint, checklist) to a table of
        // their own, keeping the hello's TX port, which lists show; what is
        // searched or sorted on gets an index, and the completed steps' rates
        // one that answers a run's best pps and step count without its rows.
        {QStringLiteral("CREATE TABLE run_documents ("
                        " run_id INTEGER PRIMARY KEY REFERENCES runs(id) ON DELETE CASCADE,"
                        " hello TEXT NOT NULL DEFAULT '{}',"
                        " fingerprint TEXT NOT NULL DEFAULT '{}',"
                        " checklist TEXT NOT NULL DEFAULT '[]')"),
         QStringLiteral("INSERT INTO run_documents (run_id, hello, fingerprint, checklist)"
                        " SELECT id, hello, fingerprint, checklist FROM runs"),
         QStringLiteral("ALTER TABLE runs ADD COLUMN tx_port TEXT NOT NULL DEFAULT '{}'"),
         // Run::txPort(): the first port of the hello. CASE evaluates lazily,
         // so a hello that is not JSON leaves '{}' instead of failing.
         QStringLiteral("UPDATE runs SET tx_port = CASE WHEN json_valid(hello) THEN"
                        " CASE json_type(hello, '$.ports[0]') WHEN 'object'"
                        " THEN json_extract(hello, '$.ports[0]') ELSE '{}' END ELSE '{}' END"),
         QStringLiteral("ALTER TABLE runs DROP COLUMN hello"),
         QStringLiteral("ALTER TABLE runs DROP COLUMN fingerprint"),
         QStringLiteral("ALTER TABLE runs DROP COLUMN checklist"),
         QStringLiteral("CREATE INDEX runs_created ON runs(created, id)"),
         QStringLiteral("CREATE INDEX runs_status ON runs(status, created)"),
         QStringLiteral("CREATE INDEX runs_label ON runs(label, created)"),
         QStringLiteral(
             "CREATE INDEX steps_rates ON steps(run_id, status, pps, pps_after_warmup)")},
        // 3 -> 4: what the load watch saw beside a sweep, a row per sample
        // (about one a second), each written as it comes like the engine's
        // samples; the sample itself is a JSON document (LoadSample).
        {QStringLiteral("CREATE TABLE load_samples ("
                        " id INTEGER PRIMARY KEY,"
                        " run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,"
                        " at TEXT NOT NULL,"
                        " sample TEXT NOT NULL)"),
         QStringLiteral("CREATE INDEX load_samples_run ON load_samples(run_id, at)")},
        // 4 -> 5: a sample keeps every counter of the stats line (TxCounters),
        // mbufs built included; older samples did not record it.
        {QStringLiteral("ALTER TABLE samples ADD COLUMN mbufs_built INTEGER NOT NULL DEFAULT 0")},
        // 5 -> 6: a repetition's ns/packet is derived from its rate
        // (StepResult::nsPerPacket) wherever it is shown, so it is not
        // stored: a stored copy held 0 for a rate of 0 and missed the rate
        // after the warm-up of older stores. The thread shares of the
        // totals join the rate columns, so the runs list judges each point
        // under its run's noise policy without reading the totals.
        {QStringLiteral("ALTER TABLE steps DROP COLUMN ns_per_pkt"),
         QStringLiteral("ALTER TABLE steps ADD COLUMN cpu_share REAL"),
         QStringLiteral("ALTER TABLE steps ADD COLUMN steal_share REAL"),
         // json_valid first: CASE evaluates lazily, so totals that are not
         // JSON leave the shares null instead of failing.
         QStringLiteral("UPDATE steps SET"
                        " cpu_share = CASE WHEN json_valid(totals) THEN"
                        " json_extract(totals, '$.thread.min_cpu_share') END,"
                        " steal_share = CASE WHEN json_valid(totals) THEN"
                        " json_extract(totals, '$.thread.max_steal_share') END")},
        // 6 -> 7: what only DPDK's transmit path measures is NULL where the
        // engine does not (the pktgen engine), never a 0 stored as if it had
        // been measured (FieldNeed::DpdkOnly).
        nullableColumns(QStringLiteral("samples"),
                        {QStringLiteral("tx_calls"), QStringLiteral("ring_full"),
                         QStringLiteral("retries"), QStringLiteral("alloc_fail"),
                         QStringLiteral("busy_cycles"), QStringLiteral("mbufs_built")},
                        QStringLiteral("INTEGER")) +
            nullableColumns(QStringLiteral("steps"), {QStringLiteral("cycles_per_pkt")},
                            QStringLiteral("REAL")),
        // 7 -> 8: who did what, recorded by the database (SqlDialect::
        // auditTrail): a run's creator and host, and a row per edit and
        // deletion that outlives the run (so no reference to it). The best
        // point figure of a run that is no longer running, kept with the
        // version of the formula that made it (PointStats::kBestPpsFormula),
        // so that lists of thousands of runs read one row per run.
        QStringList{
            QStringLiteral("ALTER TABLE runs ADD COLUMN created_by TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN created_host TEXT NOT NULL DEFAULT ''"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN best_pps REAL"),
            QStringLiteral("ALTER TABLE runs ADD COLUMN best_pps_formula INTEGER")} +
            dialect.auditTrail(),
    };
}

std::optional<int> Schema::versionOf(StoreSession &session) {
    const auto version =
        session.number(session.dialect().schemaVersionQuery(), QStringLiteral("schema version"));
    return version ? std::optional<int>(int(*version)) : std::nullopt;
}

bool Schema::isCurrent(StoreSession &session) {
    const auto version = versionOf(session);
    if (!version)
        return false;
    if (*version == kVersion)
        return true;
    return session.fail(QStringLiteral("the store %1 has schema version %2, not %3, and cannot be "
                                       "brought up to date read-only: a writer must open it first")
                            .arg(session.path())
                            .arg(*version)
                            .arg(kVersion));
}

bool Schema::mark(StoreSession &session) {
    const QString query = session.dialect().markQuery();
    if (query.isEmpty())
        return true;
    const auto mark = session.number(query, QStringLiteral("store mark"));
    if (!mark)
        return false;
    return *mark != 0 || session.execText(session.dialect().setMark(), QStringLiteral("marking"));
}

bool Schema::migrate(StoreSession &session) {
    const auto steps = Schema::migrations(session.dialect());
    static_assert(kVersion > 0);
    Q_ASSERT(steps.size() == kVersion);
    while (true) {
        const auto before = versionOf(session);
        if (!before)
            return false;
        if (*before > kVersion)
            return session.fail(
                QStringLiteral("the store %1 has schema version %2, newer than this "
                               "burstlab understands (%3)")
                    .arg(session.path())
                    .arg(*before)
                    .arg(kVersion));
        if (*before == kVersion)
            return true;
        // Another instance may migrate at the same moment: re-read the
        // version inside the write transaction and apply only what is due.
        const QString lock = session.dialect().schemaLock(true);
        if (!lock.isEmpty() && !session.execText(lock, QStringLiteral("migrating")))
            return false;
        const bool ok = session.inTransaction(QStringLiteral("migrating"), [&] {
            const auto version = versionOf(session);
            if (!version)
                return false;
            if (*version != *before)
                return true;
            for (const QString &statement : steps[*version]) {
                const QString sql = session.dialect().migration(statement, *version + 1);
                if (!sql.isEmpty() &&
                    !session.execText(sql,
                                      QStringLiteral("migrating to schema %1").arg(*version + 1)))
                    return false;
            }
            return session.execText(session.dialect().setSchemaVersion(*version + 1),
                                    QStringLiteral("migrating"));
        });
        // A failed migration ends the session (RunStore::open), its lock with it.
        if (!ok || (!lock.isEmpty() && !session.execText(session.dialect().schemaLock(false),
                                                         QStringLiteral("migrating"))))
            return false;
    }
}

} // namespace burstlab
