#pragma once
#include "host/ProbeContext.h"
#include "host/ProbeOutcome.h"
#include <QHash>
#include <QJsonObject>
#include <QStringList>
#include <functional>

namespace burstlab {

using ProbeFunction = std::function<ProbeOutcome(const ProbeContext &, const QJsonObject &args)>;

// Name -> probe function: the checklist data refers to probes by these names.
class ProbeRegistry {
  public:
    static const ProbeRegistry &instance();

    void add(const QString &name, ProbeFunction probe);
    bool contains(const QString &name) const { return m_probes.contains(name); }
    QStringList names() const;
    // Unknown name -> Unknown outcome saying so.
    ProbeOutcome run(const QString &name, const ProbeContext &context,
                     const QJsonObject &args) const;

  private:
    QHash<QString, ProbeFunction> m_probes;
};

} // namespace burstlab
