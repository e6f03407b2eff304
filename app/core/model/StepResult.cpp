#include "model/StepResult.h"
#include "model/FieldJson.h"
#include "model/JsonReader.h"

namespace burstlab {

void StepResult::applyFinished(const StepFinished &finished) {
    measured = finished;
    recorded = {};
    txPkts = finished.counters.txPkts;
    elapsedNs = finished.elapsedNs;
    cyclesPerPkt = finished.cyclesPerPkt;
    pps = finished.window.pps;
    ppsAfterWarmup.reset();
}

std::optional<StepProfile> StepResult::profile() const {
    if (measured)
        return measured->profile;
    const QJsonValue imported = recorded.value(QStringLiteral("profile"));
    if (!imported.isObject())
        return std::nullopt;
    // Checked when imported (PerfTableImport); a file edited since reads as none.
    return fieldjson::read<StepProfile>(imported.toObject(), QStringLiteral("profile"), nullptr);
}

bool StepResult::statesRate() const {
    return measured || recorded.contains(QStringLiteral("pps")) ||
           !(recorded.contains(QStringLiteral("profile")) ||
             recorded.contains(QStringLiteral("netperf")));
}

std::optional<double> StepResult::nsPerPacketOf(double pps) {
    if (!(pps > 0))
        return std::nullopt;
    return 1e9 / pps;
}

QJsonObject StepResult::totalsJson() const {
    return measured ? measured->toJson() : recorded;
}

void StepResult::setTotals(const QJsonObject &totals) {
    measured = StepFinished::fromJson(totals);
    recorded = measured ? QJsonObject() : totals;
}

QJsonObject StepResult::toJson() const {
    const auto ns = nsPerPacket();
    const QJsonValue cycles = cyclesPerPkt ? QJsonValue(*cyclesPerPkt) : QJsonValue();
    QJsonObject o{{QStringLiteral("point"), point.toJson()},
                  {QStringLiteral("rep"), rep},
                  {QStringLiteral("seq"), seq},
                  {QStringLiteral("status"), burstlab::toString(status)},
                  {QStringLiteral("started"), dateTimeText(started)},
                  {QStringLiteral("finished"), dateTimeText(finished)},
                  {QStringLiteral("totals"), totalsJson()},
                  {QStringLiteral("pps"), pps},
                  {QStringLiteral("ns_per_pkt"), ns ? QJsonValue(*ns) : QJsonValue()},
                  {QStringLiteral("tx_pkts"), txPkts},
                  {QStringLiteral("elapsed_ns"), elapsedNs},
                  {QStringLiteral("cycles_per_pkt"), cycles},
                  {QStringLiteral("error"), error}};
    if (ppsAfterWarmup)
        o.insert(QStringLiteral("pps_after_warmup"), *ppsAfterWarmup);
    return o;
}

std::optional<StepResult> StepResult::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("step"));
    StepResult s;
    in.require(QStringLiteral("point"));
    const auto point = Point::fromJson(in.array(QStringLiteral("point")));
    if (point)
        s.point = *point;
    else
        in.invalid(QStringLiteral("point"), QStringLiteral("expected integers or labels"));
    s.rep = int(in.integer(QStringLiteral("rep")));
    s.seq = int(in.integer(QStringLiteral("seq")));
    s.status = readRunStatus(in, QStringLiteral("status"));
    s.started = in.dateTime(QStringLiteral("started"));
    s.finished = in.dateTime(QStringLiteral("finished"));
    s.setTotals(in.object(QStringLiteral("totals")));
    s.pps = in.number(QStringLiteral("pps"));
    // Derived from the rate (nsPerPacket): read, so that every file written
    // with it loads, and left.
    in.optionalNumber(QStringLiteral("ns_per_pkt"));
    s.txPkts = in.integer(QStringLiteral("tx_pkts"));
    s.elapsedNs = in.integer(QStringLiteral("elapsed_ns"));
    s.cyclesPerPkt = in.optionalNumber(QStringLiteral("cycles_per_pkt"));
    s.ppsAfterWarmup = in.optionalNumber(QStringLiteral("pps_after_warmup"));
    s.error = in.string(QStringLiteral("error"));
    if (!in.finish(error))
        return std::nullopt;
    return s;
}

} // namespace burstlab
