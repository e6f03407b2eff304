#include "host/NetdevProbes.h"
#include "host/Ethtool.h"
#include "host/EthtoolJudge.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"

namespace burstlab {

namespace {

// Runs an ethtool query on the context's netdev; Unknown with the reason when there is
// no netdev or the driver refuses, else `judge` turns the reply into an outcome.
template <typename Query, typename Judge>
ProbeOutcome withEthtool(const ProbeContext &context, Query query, Judge judge) {
    if (context.netdev.isEmpty())
        return ProbeOutcome::unknown(probe::noNetdevReason(context));
    Ethtool ethtool(context.netdev, context.netns);
    const auto reply = (ethtool.*query)();
    if (!reply)
        return ProbeOutcome::unknown(ethtool.error());
    return judge(*reply);
}

ProbeOutcome probePause(const ProbeContext &context, const QJsonObject &) {
    return withEthtool(context, &Ethtool::pause, &EthtoolJudge::pause);
}

ProbeOutcome probeRing(const ProbeContext &context, const QJsonObject &args) {
    const unsigned minTx = unsigned(args.value(QLatin1String("min_tx")).toInt(1000));
    return withEthtool(context, &Ethtool::ring,
                       [minTx](const Ethtool::Ring &r) { return EthtoolJudge::ring(r, minTx); });
}

ProbeOutcome probeCoalesce(const ProbeContext &context, const QJsonObject &) {
    return withEthtool(context, &Ethtool::coalesce, &EthtoolJudge::coalesce);
}

ProbeOutcome probeOffloads(const ProbeContext &context, const QJsonObject &) {
    return withEthtool(context, &Ethtool::offloads, &EthtoolJudge::offloads);
}

ProbeOutcome probeDriverBuiltin(const ProbeContext &context, const QJsonObject &) {
    const HostFs fs(context.root);
    return withEthtool(context, &Ethtool::driverInfo, [&fs](const Ethtool::DriverInfo &info) {
        // Module names use '_' where driver names may use '-'.
        QString module = info.driver;
        module.replace(u'-', u'_');
        const QString modules = fs.read(QStringLiteral("/proc/modules")).value_or(QString());
        bool loadable = fs.exists(QStringLiteral("/sys/module/%1/initstate").arg(module));
        for (const QString &line : modules.split(u'\n', Qt::SkipEmptyParts))
            loadable = loadable || line.section(u' ', 0, 0) == module;
        ProbeOutcome outcome = ProbeOutcome::judged(
            loadable ? CheckStatus::Warn : CheckStatus::Pass,
            QStringLiteral("%1 %2").arg(info.driver, loadable ? QStringLiteral("module")
                                                              : QStringLiteral("built in")),
            info.busInfo.isEmpty() ? QString() : QStringLiteral("bus ") + info.busInfo);
        outcome.values = {{QLatin1String("driver"), info.driver}};
        return outcome;
    });
}

} // namespace

void addNetdevProbes(ProbeRegistry &registry) {
    registry.add(QStringLiteral("ethtool_pause"), probePause);
    registry.add(QStringLiteral("ethtool_ring"), probeRing);
    registry.add(QStringLiteral("ethtool_coalesce"), probeCoalesce);
    registry.add(QStringLiteral("driver_builtin"), probeDriverBuiltin);
    registry.add(QStringLiteral("ethtool_offloads"), probeOffloads);
}

} // namespace burstlab
