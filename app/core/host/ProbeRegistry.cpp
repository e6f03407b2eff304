#include "host/ProbeRegistry.h"
#include "host/CpuProbes.h"
#include "host/KernelProbes.h"
#include "host/NetdevProbes.h"
#include "host/PciProbes.h"
#include "host/ProcessProbes.h"
#include "host/QueueProbes.h"
#include <algorithm>

namespace burstlab {

const ProbeRegistry &ProbeRegistry::instance() {
    static const ProbeRegistry registry = [] {
        ProbeRegistry r;
        addProcessProbes(r);
        addCpuProbes(r);
        addKernelProbes(r);
        addNetdevProbes(r);
        addQueueProbes(r);
        addPciProbes(r);
        return r;
    }();
    return registry;
}

void ProbeRegistry::add(const QString &name, ProbeFunction probe) {
    m_probes.insert(name, std::move(probe));
}

QStringList ProbeRegistry::names() const {
    QStringList list = m_probes.keys();
    std::sort(list.begin(), list.end());
    return list;
}

ProbeOutcome ProbeRegistry::run(const QString &name, const ProbeContext &context,
                                const QJsonObject &args) const {
    const auto it = m_probes.constFind(name);
    if (it == m_probes.constEnd())
        return ProbeOutcome::unknown(QStringLiteral("no probe named '%1' in this build").arg(name));
    return it.value()(context, args);
}

} // namespace burstlab
