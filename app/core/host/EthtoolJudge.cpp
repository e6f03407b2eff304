#include "host/EthtoolJudge.h"

namespace burstlab {

namespace {
QString onOff(bool on) {
    return on ? QStringLiteral("on") : QStringLiteral("off");
}
} // namespace

ProbeOutcome EthtoolJudge::pause(const Ethtool::Pause &p) {
    // Pause frames from the peer throttle the sender: rx/tx on is a wrong measurement.
    const CheckStatus status = p.rx || p.tx ? CheckStatus::Fail
                               : p.autoneg  ? CheckStatus::Warn
                                            : CheckStatus::Pass;
    ProbeOutcome outcome = ProbeOutcome::judged(
        status,
        QStringLiteral("autoneg %1, rx %2, tx %3").arg(onOff(p.autoneg), onOff(p.rx), onOff(p.tx)));
    // flow_control in the words of the step parameter that sets it (and of
    // the engine's read-back), so a trial of the fix starts from it.
    outcome.values = {{QLatin1String("autoneg"), p.autoneg},
                      {QLatin1String("rx"), p.rx},
                      {QLatin1String("tx"), p.tx},
                      {QLatin1String("flow_control"), p.rx && p.tx ? QStringLiteral("on")
                                                      : p.rx       ? QStringLiteral("rx")
                                                      : p.tx       ? QStringLiteral("tx")
                                                                   : QStringLiteral("off")}};
    return outcome;
}

ProbeOutcome EthtoolJudge::ring(const Ethtool::Ring &r, unsigned minTx) {
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
}

ProbeOutcome EthtoolJudge::coalesce(const Ethtool::Coalesce &c) {
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
}

ProbeOutcome EthtoolJudge::offloads(const Ethtool::Offloads &o) {
    const auto onOff = [](bool on) { return on ? QStringLiteral("on") : QStringLiteral("off"); };
    const QString current = QStringLiteral("sg %1, tso %2, gso %3, gro %4")
                                .arg(onOff(o.sg), onOff(o.tso), onOff(o.gso), onOff(o.gro));
    ProbeOutcome outcome = ProbeOutcome::judged(CheckStatus::Pass, current);
    // Each setting also under its step parameter's name and words.
    outcome.values = {{QLatin1String("offloads"), current},
                      {QLatin1String("gro"), onOff(o.gro)},
                      {QLatin1String("gso"), onOff(o.gso)},
                      {QLatin1String("tso"), onOff(o.tso)}};
    return outcome;
}

} // namespace burstlab
