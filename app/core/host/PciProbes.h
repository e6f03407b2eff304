#pragma once

namespace burstlab {
class ProbeRegistry;
// pci_binding (IOMMU and vfio) and numa_locality of the port and the lcores.
void addPciProbes(ProbeRegistry &registry);
} // namespace burstlab
