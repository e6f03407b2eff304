#include "sweep/ParameterLimits.h"
#include "model/StepParameters.h"

#include <QCoreApplication>

namespace burstlab {

namespace {
QString meaning(const QString &name) {
    static const QMap<QString, const char *> texts{
        {QStringLiteral("burst"),
         QT_TRANSLATE_NOOP("ParameterLimits", "packets per rte_eth_tx_burst() call (one "
                                              "doorbell); 1 = no bulking")},
        {QStringLiteral("clone"),
         QT_TRANSLATE_NOOP("ParameterLimits", "times one prebuilt mbuf is sent before a "
                                              "fresh one is built; 0 = fresh every packet")},
        {QStringLiteral("pkt_size"),
         QT_TRANSLATE_NOOP("ParameterLimits", "frame size in bytes, without FCS")},
        {QStringLiteral("queues"),
         QT_TRANSLATE_NOOP("ParameterLimits", "TX queues, one TX lcore each")},
        {QStringLiteral("tx_desc"),
         QT_TRANSLATE_NOOP("ParameterLimits", "TX ring descriptors per queue")},
        {QStringLiteral("rate_pps"),
         QT_TRANSLATE_NOOP("ParameterLimits", "target rate in packets per second; 0 = unlimited")},
        {QStringLiteral("flows"),
         QT_TRANSLATE_NOOP("ParameterLimits", "UDP flows varied over fresh packets")},
        {QStringLiteral("duration_ms"),
         QT_TRANSLATE_NOOP("ParameterLimits", "length of one step in milliseconds")},
    };
    return QCoreApplication::translate("ParameterLimits", texts.value(name, ""));
}
} // namespace

ParameterLimits ParameterLimits::documented() {
    ParameterLimits limits;
    for (const StepParameter &p : StepParameters::all()) {
        if (p.type == ParameterType::Integer) {
            limits.set(p.name, {p.min, p.max});
        }
    }
    return limits;
}

QString ParameterLimits::check(const QString &name, qint64 value) const {
    if (!m_ranges.contains(name)) {
        return {};
    }
    const Range r = m_ranges.value(name);
    if (value >= r.min && value <= r.max) {
        return {};
    }
    return QCoreApplication::translate("ParameterLimits", "%1 must be in %2..%3, got %4")
        .arg(name)
        .arg(r.min)
        .arg(r.max)
        .arg(value);
}

QString ParameterLimits::tooltip(const QString &name) const {
    const Range r = m_ranges.value(name);
    return QCoreApplication::translate("ParameterLimits", "%1: %2; allowed %3..%4")
        .arg(name, meaning(name))
        .arg(r.min)
        .arg(r.max);
}

} // namespace burstlab
