#include "stats/SinkFigures.h"
#include <algorithm>

namespace burstlab {

namespace {

qint64 medianOf(QList<qint64> values) {
    std::sort(values.begin(), values.end());
    const qsizetype n = values.size();
    return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

} // namespace

QString LatencySummary::text() const {
    return QStringLiteral("p50 %1 ns, p99 %2 ns, max %3 ns").arg(p50).arg(p99).arg(max);
}

double SinkFigures::lossShare() const {
    return sent > 0 ? double(lost) / double(sent) : 0.0;
}

QString SinkFigures::percent(double share) {
    return QString::number(share * 100, 'f', 2) + u'%';
}

QString SinkFigures::lossyThreshold() {
    return QString::number(kLossyShare * 100, 'g', 3) + u'%';
}

QString SinkFigures::warning() const {
    if (!lossy())
        return {};
    return QStringLiteral("lossy: %1 of %2 packets lost (%3, above %4)")
        .arg(lost)
        .arg(sent)
        .arg(lossPercent(), lossyThreshold());
}

QString SinkFigures::note() const {
    QStringList parts;
    if (lost > 0)
        parts << QStringLiteral("lost %1 (%2)").arg(lost).arg(lossPercent());
    const QList<std::pair<QString, qint64>> counts{{QStringLiteral("dropped at the sink"), dropped},
                                                   {QStringLiteral("foreign"), foreign},
                                                   {QStringLiteral("late"), late},
                                                   {QStringLiteral("duplicates"), duplicates},
                                                   {QStringLiteral("reordered"), reordered},
                                                   {QStringLiteral("counted beyond sent"), surplus}};
    for (const auto &[name, count] : counts) {
        if (count > 0)
            parts << QStringLiteral("%1 %2").arg(name).arg(count);
    }
    return parts.join(QStringLiteral(", "));
}

std::optional<SinkFigures> SinkFigures::of(const QList<StepResult> &steps,
                                           const Disturbance &disturbance) {
    SinkFigures f;
    QList<qint64> medians;
    for (qsizetype i = 0; i < steps.size(); ++i) {
        const StepResult &step = steps[i];
        // The repetitions the point's pps counts (Disturbance::countedPps).
        const RepetitionNoise noise = disturbance.perStep.value(i);
        const bool left = noise.replaced || (noise.disturbed && disturbance.excluded);
        if (step.status != RunStatus::Completed || left || !step.measured || !step.measured->rxPkts)
            continue;
        const StepFinished &m = *step.measured;
        ++f.repetitions;
        f.sent += m.counters.txPkts;
        f.received += *m.rxPkts;
        f.lost += m.rxLost.value_or(0);
        f.dropped += m.rxDropped.value_or(0);
        f.foreign += m.rxForeign.value_or(0);
        f.late += m.rxLate.value_or(0);
        f.duplicates += m.rxDuplicates.value_or(0);
        f.reordered += m.rxReordered.value_or(0);
        f.surplus += std::max<qint64>(
            0, *m.rxPkts + m.rxDropped.value_or(0) - m.counters.txPkts);
        if (!m.latencyNs || m.latencyNs->samples == 0)
            continue;
        const LatencyFigures &l = *m.latencyNs;
        LatencySummary s = f.latency.value_or(LatencySummary{0, l.min, 0, l.p99, l.max});
        s.samples += l.samples;
        s.min = std::min(s.min, l.min);
        s.p99 = std::max(s.p99, l.p99);
        s.max = std::max(s.max, l.max);
        f.latency = s;
        medians << l.median;
    }
    if (f.repetitions == 0)
        return std::nullopt;
    if (f.latency)
        f.latency->p50 = medianOf(medians);
    return f;
}

QString SinkFigures::clockText(const QJsonObject &hello) {
    const double hz = hello.value(QStringLiteral("tsc_hz")).toDouble();
    if (hz <= 0)
        return {};
    return QStringLiteral("one-way on this host; TSC %1 MHz (%2 ns a tick), read once per TX "
                          "burst and once per receive poll; p50 and p99 within 3.1% (histogram "
                          "buckets), min and max exact")
        .arg(hz / 1e6, 0, 'f', 2)
        .arg(1e9 / hz, 0, 'f', 2);
}

} // namespace burstlab
