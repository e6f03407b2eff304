#pragma once
#include "host/CheckItem.h"
#include "host/CheckResult.h"
#include "host/ProbeContext.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// The host tuning checklist: item definitions (data) plus running them through
// the probes (code).
class Checklist {
  public:
    // The definitions compiled into the program (":/checklist.json").
    static Checklist builtIn();
    // Parses a definition document; empty optional and *error set when it is malformed
    // or names a probe that does not exist.
    static std::optional<Checklist> fromJson(const QByteArray &json, QString *error);

    const QList<CheckItem> &items() const { return m_items; }
    std::optional<CheckItem> item(const QString &id) const;

    // Probes every item that applies to the context's engine; never throws,
    // an item that cannot be probed is Unknown.
    QList<CheckResult> run(const ProbeContext &context) const;
    // Probes one item (the GUI's re-probe button).
    CheckResult run(const CheckItem &item, const ProbeContext &context) const;

  private:
    QList<CheckItem> m_items;
};

} // namespace burstlab
