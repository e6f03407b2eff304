// Compiled once per instruction set (CMakeLists.txt): VC_REGISTERS registers
// of VC_BYTES, two of the set left for the arithmetic.
#include "VectorWork.h"

namespace burstlab::vectorcheck {

using V = uint64_t __attribute__((vector_size(VC_BYTES)));

Outcome VC_FUNCTION(uint64_t seed, unsigned rounds, unsigned yieldEvery) {
    return run<V, VC_REGISTERS, VC_BYTES / 8>(seed, rounds, yieldEvery);
}

} // namespace burstlab::vectorcheck
