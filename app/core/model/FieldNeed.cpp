#include "model/FieldNeed.h"

namespace burstlab {

FieldNeed dpdkOnlyNeed(EngineKind kind) {
    return kind == EngineKind::Dpdk ? FieldNeed::Required : FieldNeed::Optional;
}

} // namespace burstlab
