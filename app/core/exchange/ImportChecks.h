#pragma once
#include <QString>
#include <QtGlobal>
#include <optional>

namespace burstlab {

// Checks shared by the importers: a source is read as it says, and what it
// says must make sense.
struct ImportChecks {
    // Integers beyond 2^53 lose digits in the JSON the store keeps: a rate,
    // count or time that large is a corrupt source, not a measurement.
    static constexpr qint64 maxValue = 9007199254740992LL;

    // A whole number as a source prints it ("5,614,370", "5614370", "-3"):
    // nullopt with *why for text that is no integer, a negative value, a 0
    // where zeroAllowed is false, or one over maxValue.
    static std::optional<qint64> count(const QString &text, bool zeroAllowed, QString *why);
    // "line 23: 'Result: Idle': pktgen did not report OK"; with the index of
    // the offending text in the line, "line 23, column 11: 'skb_burst=-3
    // tx:100 pps': skb_burst: -3 is negative".
    static QString atLine(qsizetype index, const QString &line, const QString &why,
                          qsizetype column = -1);
    // A kernel pktgen knob under burstlab's name for the same thing:
    // skb_burst -> burst, clone_skb -> clone, min_pkt_size -> pkt_size;
    // other names are kept.
    static QString parameterName(const QString &pktgenName);
    // How a source prints an ns figure to 2 decimals: rounded, as seed 000's
    // deltas and summaries (within 0.005 ns of the exact value), or rounded
    // or cut, as seed 002's series (within 0.01 ns).
    enum class Printed { Rounded, RoundedOrCut };
    static double tolerance(Printed printed) { return printed == Printed::Rounded ? 0.005 : 0.01; }
    // A delta printed in the source against the one its printed pps give
    // (1e9/from - 1e9/to): empty when they agree to the printed digits, else
    // what differs. Either sign is taken where the source's convention is
    // this - previous (seed 002's series) rather than previous - this.
    static QString deltaMismatch(double printed, qint64 fromPps, qint64 toPps,
                                 Printed how = Printed::Rounded, bool eitherSign = false);
    // An ns/packet printed beside pps against 1e9/pps, the same way.
    static QString nsMismatch(double printed, qint64 pps, Printed how);
};

} // namespace burstlab
