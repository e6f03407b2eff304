#include "exchange/ImportChecks.h"
#include "exchange/TextLayout.h"
#include "stats/Figure.h"
#include <QRegularExpression>
#include <cmath>

namespace burstlab {

std::optional<qint64> ImportChecks::count(const QString &text, bool zeroAllowed, QString *why) {
    static const QRegularExpression integer(QStringLiteral("^([-+]?)(\\d{1,3}(?:,\\d{3})+|\\d+)$"));
    const auto m = integer.match(text.trimmed());
    if (text.trimmed().isEmpty()) {
        *why = QStringLiteral("no number");
        return std::nullopt;
    }
    if (!m.hasMatch()) {
        *why = QStringLiteral("'%1' is not a whole number").arg(text);
        return std::nullopt;
    }
    const QString digits = m.captured(2).remove(QLatin1Char(','));
    bool ok = false;
    const qint64 value = digits.toLongLong(&ok);
    if (!ok || value > maxValue) {
        *why = QStringLiteral("%1 is out of range (over %2)").arg(text).arg(maxValue);
        return std::nullopt;
    }
    if (m.captured(1) == QLatin1String("-") && value != 0) {
        *why = QStringLiteral("%1 is negative").arg(text);
        return std::nullopt;
    }
    if (value == 0 && !zeroAllowed) {
        *why = QStringLiteral("%1 is zero").arg(text);
        return std::nullopt;
    }
    return value;
}

QString ImportChecks::parameterName(const QString &pktgenName) {
    if (pktgenName == QLatin1String("skb_burst"))
        return QStringLiteral("burst");
    if (pktgenName == QLatin1String("clone_skb"))
        return QStringLiteral("clone");
    if (pktgenName == QLatin1String("min_pkt_size"))
        return QStringLiteral("pkt_size");
    return pktgenName;
}

QString ImportChecks::atLine(qsizetype index, const QString &line, const QString &why,
                             qsizetype column) {
    const QString where = column < 0
                              ? QStringLiteral("line %1").arg(index + 1)
                              : QStringLiteral("line %1, column %2").arg(index + 1).arg(column + 1);
    return QStringLiteral("%1: '%2': %3").arg(where, line.trimmed(), why);
}

bool ImportChecks::printedAgrees(double printed, double exact) {
    // 1e-9 absorbs the binary error of a decimal such as 2.10.
    const double cut = std::trunc(exact * 100) / 100;
    return std::fabs(printed - exact) <= 0.005 + 1e-9 || std::fabs(printed - cut) <= 1e-9;
}

QString ImportChecks::nsMismatch(double printed, qint64 pps) {
    const auto recomputed = Figure::ns(pps);
    if (!recomputed || printedAgrees(printed, *recomputed))
        return {};
    return QStringLiteral("printed %1 ns/packet, but 1e9/%2 = %3 ns")
        .arg(TextLayout::fixed2(printed))
        .arg(pps)
        .arg(TextLayout::fixed2(*recomputed));
}

QString ImportChecks::deltaMismatch(double printed, qint64 fromPps, qint64 toPps) {
    const auto recomputed = Figure::deltaNs(fromPps, toPps);
    if (!recomputed || printedAgrees(printed, *recomputed))
        return {};
    return QStringLiteral("printed %1 ns, but (1/%2*10^9)-(1/%3*10^9) = %4 ns")
        .arg(TextLayout::fixed2(printed))
        .arg(fromPps)
        .arg(toPps)
        .arg(TextLayout::fixed2(*recomputed));
}

QString ImportChecks::unquoted(const QString &line) {
    static const QRegularExpression quoting(QStringLiteral("^(\\s*>)+ ?"));
    return QString(line).remove(quoting);
}

void ImportChecks::asPosted(SweepSpec &spec) {
    spec.reps = 1;
    spec.durationMs = 0;
    spec.warmupMs = 0;
    spec.randomize = false;
}

} // namespace burstlab
