#pragma once
#include "model/EngineKind.h"

namespace burstlab {

// Whether an engine message must carry a field. What a version-2 engine has
// always sent is required (a figure read with a silent default is how a wrong
// number gets stored); fields added since are optional, so an engine of the
// same protocol version without them still serves a sweep.
//
// DpdkOnly marks what only DPDK's transmit path measures: tx_burst calls, a
// TX ring that fills, retries, failed allocations, mbufs, a busy loop and
// its cycles. The kernel's pktgen has none of them and its engine leaves
// them out, so the model holds them as optionals: empty is not measured
// (NULL in the store, absent or "-" in every output), never 0.
enum class FieldNeed { Required, Optional, DpdkOnly };

// What a DpdkOnly field is in a message of an engine of this kind: required
// from the DPDK engine, optional from the pktgen engine. The one place that
// says which engine measures them (docs/protocol.md, "The pktgen engine").
FieldNeed dpdkOnlyNeed(EngineKind kind);

} // namespace burstlab
