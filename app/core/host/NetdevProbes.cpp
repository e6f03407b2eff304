#include "host/NetdevProbes.h"
#include "host/Ethtool.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"

namespace burstlab {

namespace {

QString onOff(bool on) {
    return on ? QStringLiteral("on") : QStringLiteral("off");
}

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
    return withEthtool(context, &Ethtool::pause, [](const Ethtool::Pause &p) {
        // Pause frames from the peer throttle the sender: rx/tx on is a wrong measurement.
        const CheckStatus status = p.rx || p.tx ? CheckStatus::Fail
                                   : p.autoneg  ? CheckStatus::Warn
                                                : CheckStatus::Pass;
        ProbeOutcome outcome =
            ProbeOutcome::judged(status, QStringLiteral("autoneg %1, rx %2, tx %3")
                                             .arg(onOff(p.autoneg), onOff(p.rx), onOff(p.tx)));
        outcome.values = {{QLatin1String("autoneg"), p.autoneg},
                          {QLatin1String("rx"), p.rx},
                          {QLatin1String("tx"), p.tx}};
        return outcome;
    });
}

ProbeOutcome probeRing(const ProbeContext &context, const QJsonObject &args) {
    const unsigned minTx = unsigned(args.value(QLatin1String("min_tx")).toInt(1000));
    return withEthtool(context, &Ethtool::ring, [minTx](const Ethtool::Ring &r) {
        // A NIC whose maximum is below the recommendation is as good as it gets at its maximum.
        const bool enough = r.txPending >= minTx || (r.txMax > 0 && r.txPending == r.txMax);
        ProbeOutcome outcome =
            ProbeOutcome::judged(enough ? CheckStatus::Pass : CheckStatus::Warn,
                                 QStringLiteral("tx %1 (max %2)").arg(r.txPending).arg(r.txMax),
                                 QStringLiteral("rx %1 (max %2)").arg(r.rxPending).arg(r.rxMax));
        outcome.values = {{QLatin1String("tx_ring"), double(r.txPending)},
                          {QLatin1String("tx_ring_max"), double(r.txMax)},
                          {QLatin1String("rx_ring"), double(r.rxPending)}};
        return outcome;
    });
}

ProbeOutcome probeCoalesce(const ProbeContext &context, const QJsonObject &) {
    return withEthtool(context, &Ethtool::coalesce, [](const Ethtool::Coalesce &c) {
        // Adaptive coalescing retunes itself during a run, so repetitions stop being comparable.
        const bool adaptive = c.adaptiveRx || c.adaptiveTx;
        ProbeOutcome outcome = ProbeOutcome::judged(
            adaptive ? CheckStatus::Warn : CheckStatus::Pass,
            QStringLiteral("rx-usecs %1, tx-usecs %2, adaptive-rx %3, adaptive-tx %4")
                .arg(c.rxUsecs)
                .arg(c.txUsecs)
                .arg(onOff(c.adaptiveRx), onOff(c.adaptiveTx)),
            QStringLiteral("rx-frames %1, tx-frames %2").arg(c.rxFrames).arg(c.txFrames));
        outcome.values = {{QLatin1String("rx_usecs"), double(c.rxUsecs)},
                          {QLatin1String("tx_usecs"), double(c.txUsecs)},
                          {QLatin1String("adaptive"), adaptive}};
        return outcome;
    });
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
}

} // namespace burstlab
