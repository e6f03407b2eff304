#pragma once
#include <QMap>
#include <QString>
#include <QtGlobal>

namespace burstlab {

// Inclusive ranges of the engine's step parameters. Until an engine has sent its
// hello the panel validates against the ranges docs/protocol.md documents; the
// hello's limits (which include the port's own) replace them once known.
class ParameterLimits {
  public:
    struct Range {
        qint64 min = 0;
        qint64 max = 0;
    };

    static ParameterLimits documented();

    void set(const QString &name, Range range) { m_ranges.insert(name, range); }
    Range range(const QString &name) const { return m_ranges.value(name); }
    bool contains(const QString &name) const { return m_ranges.contains(name); }
    // Empty when value is allowed, else "burst must be in 1..512, got 0".
    QString check(const QString &name, qint64 value) const;
    // "packets per rte_eth_tx_burst() call; allowed 1..512"
    QString tooltip(const QString &name) const;

  private:
    QMap<QString, Range> m_ranges;
};

} // namespace burstlab
