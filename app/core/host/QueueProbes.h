#pragma once

namespace burstlab {
class ProbeRegistry;
// tx_queue_len, bql: a kernel netdev's transmit queues as its /sys shows them.
void addQueueProbes(ProbeRegistry &registry);
} // namespace burstlab
