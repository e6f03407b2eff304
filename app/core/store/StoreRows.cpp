#include "store/StoreRows.h"
#include "model/JsonReader.h"

namespace burstlab::storerows {

namespace {

void fromColumn(qint64 &value, const QVariant &column) {
    value = column.toLongLong();
}

void fromColumn(std::optional<qint64> &value, const QVariant &column) {
    value = column.isNull() ? std::nullopt : std::optional<qint64>(column.toLongLong());
}

} // namespace

const QString runColumns =
    QStringLiteral("r.id, r.name, r.label, r.notes, r.created, r.status, r.error, r.sweep, "
                   "coalesce(d.hello, '{}'), coalesce(d.fingerprint, '{}'), "
                   "coalesce(d.checklist, '[]'), r.source, r.created_by, r.created_host");
const QString rateColumns =
    QStringLiteral("point, rep, status, pps, pps_after_warmup, seq, cpu_share, steal_share");
const QString stepColumns = rateColumns + QStringLiteral(", id, run_id, started, finished, "
                                                         "totals, tx_pkts, elapsed_ns, "
                                                         "cycles_per_pkt, error");
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

QVariant columnOf(qint64 value) {
    return value;
}

QVariant columnOf(const std::optional<qint64> &value) {
    return value ? QVariant(*value) : QVariant();
}

QVariant columnOf(const std::optional<double> &value) {
    return value ? QVariant(*value) : QVariant();
}

Sample sampleFrom(const QSqlQuery &q) {
    Sample s;
    s.stepId = q.value(0).toLongLong();
    int column = 1;
    Sample::forEachCounter(
        s, [&](const QString &, auto &value, FieldNeed) { fromColumn(value, q.value(column++)); });
    return s;
}

StepResult rateFrom(const QSqlQuery &q, QHash<QString, Point> *points) {
    StepResult s;
    const QString pointText = q.value(0).toString();
    if (points && points->contains(pointText)) {
        s.point = points->value(pointText);
    } else {
        s.point = Point::fromJson(jsonDocument(pointText).array()).value_or(Point{});
        if (points)
            points->insert(pointText, s.point);
    }
    s.rep = q.value(1).toInt();
    s.status = runStatusFromString(q.value(2).toString()).value_or(RunStatus::Failed);
    s.pps = q.value(3).toDouble();
    if (!q.value(4).isNull())
        s.ppsAfterWarmup = q.value(4).toDouble();
    s.seq = q.value(5).toInt();
    if (!q.value(6).isNull()) {
        // Of the finished message, the thread shares the noise policy judges;
        // stepFrom replaces it with the whole message.
        StepThreadFigures thread;
        thread.minCpuShare = q.value(6).toDouble();
        if (!q.value(7).isNull())
            thread.maxStealShare = q.value(7).toDouble();
        s.measured = StepFinished{};
        s.measured->thread = thread;
    }
    return s;
}

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

} // namespace burstlab::storerows
