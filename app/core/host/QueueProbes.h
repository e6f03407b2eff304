#pragma once
#include "host/ProbeOutcome.h"
#include <QByteArray>

namespace burstlab {
class ProbeRegistry;
// tx_queue_len, bql: a kernel netdev's transmit queues as its /sys shows them;
// root_qdisc: its root qdisc, as `tc -j qdisc show dev DEV` prints it.
void addQueueProbes(ProbeRegistry &registry);
// The verdict on tc's JSON: a shaping or delaying root qdisc (tbf, htb, netem,
// ...) caps what any sender through the qdisc measures.
ProbeOutcome judgeRootQdisc(const QByteArray &tcJson);
} // namespace burstlab
