#pragma once
#include "model/SweepSpec.h"
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
    // A poster prints an ns figure to 2 decimals, rounded (seed 000's
    // deltas) or cut (seed 000's "2.10" for 2.109, seed 002's series): the
    // printed figure agrees with the exact one when it is either, so it
    // has the exact one's sign; a wrong sign never agrees.
    static bool printedAgrees(double printed, double exact);
    // A delta printed in the source against the one its printed pps give,
    // (1/fromPps*10^9)-(1/toPps*10^9): empty when they agree, else what
    // differs. The source's convention picks the order: seed 000 prints
    // previous - this (from = previous), seed 002 this - previous (from =
    // this).
    static QString deltaMismatch(double printed, qint64 fromPps, qint64 toPps);
    // A line of a posted mail without its quote markers ("> > ", ">>").
    static QString unquoted(const QString &line);
    // A posted table's spec: one repetition per point and nothing of how
    // it was measured (no duration, warm-up, order or seed).
    static void asPosted(SweepSpec &spec);
    // An ns/packet printed beside pps against 1e9/pps, the same way.
    static QString nsMismatch(double printed, qint64 pps);
};

} // namespace burstlab
