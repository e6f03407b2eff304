#include "StoreCheck.h"
#include "CliRun.h"
#include "model/StepParameters.h"
#include "store/RunStore.h"
#include "store/StoreLocation.h"
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QSqlRecord>
#include <QStringList>
#include <QTest>
#include <QUuid>

namespace burstlab {

namespace {

// The rows of one query on a connection of its own, each row's columns
// joined by spaces; the error in place of the rows when it fails.
QStringList rowsOf(const QString &path, const QString &sql, const QVariantList &values = {}) {
    const QString name = QUuid::createUuid().toString();
    QString error;
    const auto location = StoreLocation::parse(path, &error);
    if (!location)
        return {error};
    QStringList rows;
    {
        QSqlDatabase db = location->addDatabase(name);
        if (location->isFile())
            db.setConnectOptions(QStringLiteral("QSQLITE_BUSY_TIMEOUT=5000"));
        if (!db.open()) {
            rows << db.lastError().text();
        } else {
            QSqlQuery q(db);
            q.prepare(sql);
            for (const QVariant &v : values)
                q.addBindValue(v);
            if (!q.exec())
                rows = {q.lastError().text()};
            while (q.next()) {
                QStringList columns;
                for (int i = 0; i < q.record().count(); ++i)
                    columns << q.value(i).toString();
                rows << columns.join(QLatin1Char(' '));
            }
        }
    }
    QSqlDatabase::removeDatabase(name);
    return rows;
}

} // namespace

QString StoreCheck::integrity(const QString &path) {
    QString error;
    const auto location = StoreLocation::parse(path, &error);
    if (!location)
        return error;
    // A database server keeps its own data sound: nothing to ask it.
    if (!location->isFile())
        return QStringLiteral("ok");
    return rowsOf(path, QStringLiteral("PRAGMA integrity_check")).join(QLatin1Char('\n'));
}

QStringList StoreCheck::stepStates(const QString &path, const QString &label) {
    return rowsOf(path,
                  QStringLiteral("SELECT s.status, (SELECT count(*) FROM samples WHERE step_id = "
                                 "s.id) FROM steps s JOIN runs r ON r.id = s.run_id WHERE "
                                 "r.label = ? ORDER BY s.seq, s.id"),
                  {label});
}

bool StoreCheck::waitInAStep(const QString &path, const QString &label, int boundMs) {
    return QTest::qWaitFor(
        [&] {
            const QStringList states = stepStates(path, label);
            return states.size() >= 2 && states.last().startsWith(QStringLiteral("running ")) &&
                   states.last() != QStringLiteral("running 0");
        },
        boundMs);
}

QStringList StoreCheck::duplicates(const QString &path, const QString &label) {
    return rowsOf(
        path,
        QStringLiteral(
            "SELECT 'step seq', CAST(s.seq AS TEXT) FROM steps s JOIN runs r ON r.id = s.run_id "
            "WHERE r.label = ? GROUP BY s.seq HAVING count(*) > 1 "
            "UNION ALL SELECT 'sample', m.step_id || ' ' || m.t_ns FROM samples m "
            "JOIN steps s ON s.id = m.step_id JOIN runs r ON r.id = s.run_id WHERE "
            "r.label = ? GROUP BY m.step_id, m.t_ns HAVING count(*) > 1 "
            "UNION ALL SELECT 'load sample', CAST(l.at AS TEXT) FROM load_samples l JOIN runs r ON "
            "r.id = l.run_id WHERE r.label = ? GROUP BY l.at HAVING count(*) > 1"),
        {label, label, label});
}

QStringList StoreCheck::hostSettingPerStep(const QString &path, const QString &label,
                                           const QString &setting, const QStringList &devices) {
    const qint64 id = CliRun::runLabelled(path, label).value(QStringLiteral("id")).toLongLong();
    RunStore store;
    if (!store.open(path, RunStore::Access::ReadOnlyIfNeeded))
        return {QStringLiteral("cannot open ") + path};
    const auto steps = store.stepsOf(id);
    if (!steps)
        return {QStringLiteral("no steps of run %1").arg(id)};
    QStringList values;
    for (const StepResult &step : *steps) {
        if (!step.measured)
            continue;
        const QString asked = StepParameter::text(step.measured->params.value(setting));
        QString value = asked;
        for (const QString &device : devices) {
            const QJsonObject record = step.measured->hostSettings.value_or(QJsonObject())[device]
                                           .toObject()[setting]
                                           .toObject();
            if (record[QLatin1String("asked")] != step.measured->params.value(setting) ||
                record[QLatin1String("read")] != step.measured->params.value(setting))
                value = QStringLiteral("%1: read %2 on %3")
                            .arg(asked, StepParameter::text(record[QLatin1String("read")]), device);
        }
        values << value;
    }
    return values;
}

} // namespace burstlab
