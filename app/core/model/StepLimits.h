#pragma once
#include "model/StepParameters.h"
#include <QJsonObject>
#include <QJsonValue>
#include <QMap>
#include <QString>
#include <optional>

namespace burstlab {

// An inclusive range of a step parameter (for a port range, of each end).
struct ParameterLimit {
    qint64 min = 0;
    qint64 max = 0;
    bool contains(qint64 v) const { return v >= min && v <= max; }
    bool operator==(const ParameterLimit &other) const = default;
};

// What an engine accepts: the parameter table's ranges and defaults
// (documented(kind), before an engine has said hello), or an engine's own from
// its hello, which narrow some to its port and lcores and may lack what an
// older engine does not know.
class StepLimits {
  public:
    static StepLimits documented(EngineKind kind);
    // The hello's limits and defaults; the table still says each one's type.
    static StepLimits fromHello(const QMap<QString, ParameterLimit> &limits,
                                const QJsonObject &defaults);

    bool knows(const QString &name) const;
    std::optional<ParameterLimit> range(const QString &name) const;
    // The engine's default, or undefined when it has none.
    QJsonValue defaultValue(const QString &name) const;
    // Empty when the engine takes NAME=VALUE, else words naming the
    // parameter and what it may be: "burst must be in 1..512, got 0",
    // "vlan is not a step parameter of this engine".
    QString check(const QString &name, const QJsonValue &value) const;
    // What NAME may be by these limits: "1..512", "LO-HI within 0..65535",
    // "true or false".
    QString allowed(const QString &name) const;
    // A field's help: "burst (packets): packets per ... ; allowed 1..512".
    QString tooltip(const QString &name) const;

  private:
    QMap<QString, ParameterLimit> m_ranges;
    QJsonObject m_defaults;
    QStringList m_known;
    bool m_fromEngine = false;
};

} // namespace burstlab
