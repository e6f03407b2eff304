#include "stats/ProfileDelta.h"
#include "stats/Figure.h"
#include "stats/Holm.h"

#include <QMap>
#include <algorithm>
#include <cmath>
#include <numeric>

namespace burstlab {

namespace {

// Rounds each value to Figure's precision so that their sum is the printed
// total: the hundredths the rounding lost or gained go to the rows whose
// remainders were largest.
void roundToTotal(QList<ProfileDelta::Row> &rows, double total) {
    constexpr double scale = 100;
    qint64 target = std::llround(Figure::printed(total) * scale), sum = 0;
    QList<double> remainder;
    for (ProfileDelta::Row &r : rows) {
        const double exact = r.ns * scale;
        const qint64 down = qint64(std::floor(exact));
        r.printed = double(down);
        remainder << exact - double(down);
        sum += down;
    }
    QList<qsizetype> order(rows.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](qsizetype a, qsizetype b) { return remainder[a] > remainder[b]; });
    for (qsizetype i = 0; sum < target && !order.isEmpty(); i = (i + 1) % order.size(), ++sum)
        rows[order[i]].printed += 1;
    for (qsizetype i = order.size() - 1; sum > target && !order.isEmpty();
         i = (i + order.size() - 1) % order.size(), --sum)
        rows[order[i]].printed -= 1;
    for (ProfileDelta::Row &r : rows)
        r.printed /= scale;
}

} // namespace

double twoProportionP(qint64 k1, qint64 n1, qint64 k2, qint64 n2) {
    if (n1 <= 0 || n2 <= 0)
        return 1;
    const double p1 = double(k1) / double(n1), p2 = double(k2) / double(n2);
    const double pooled = double(k1 + k2) / double(n1 + n2);
    const double se = std::sqrt(pooled * (1 - pooled) * (1.0 / double(n1) + 1.0 / double(n2)));
    if (se == 0)
        return 1;
    return std::erfc(std::abs(p1 - p2) / se / std::sqrt(2.0));
}

ProfileDelta ProfileDelta::shares(const PointProfile &reference, const PointProfile &current) {
    ProfileDelta d;
    QMap<std::pair<QString, QString>, Row> rows;
    const auto side = [&](const PointProfile &p, bool isReference) {
        for (const PointProfile::Function &f : p.functions) {
            Row &r = rows[{f.name == PointProfile::kOther ? QString() : f.name, f.module}];
            r.name = f.name;
            r.module = f.module;
            (isReference ? r.reference : r.current) = f;
            (isReference ? r.inReference : r.inCurrent) = true;
        }
    };
    side(reference, true);
    side(current, false);
    // Samples a side did not count (a table without its total) test nothing.
    const bool testable = reference.intervals && current.intervals;
    QList<double> p;
    for (Row &r : rows) {
        r.points = (r.current.share - r.reference.share) * 100;
        if (testable && r.name != PointProfile::kOther) {
            r.p = twoProportionP(r.reference.samples, reference.samples, r.current.samples,
                                 current.samples);
            p << r.p;
        }
        d.rows << r;
    }
    const QList<double> adjusted = holmAdjusted(p);
    qsizetype tested = 0;
    for (Row &r : d.rows) {
        if (!testable || r.name == PointProfile::kOther)
            continue;
        r.pHolm = adjusted[tested++];
        r.changed = r.pHolm < kAlpha;
    }
    d.tests = int(tested);
    std::stable_sort(d.rows.begin(), d.rows.end(), [](const Row &a, const Row &b) {
        if ((a.name == PointProfile::kOther) != (b.name == PointProfile::kOther))
            return b.name == PointProfile::kOther;
        if (a.reference.share != b.reference.share)
            return a.reference.share > b.reference.share;
        return a.current.share > b.current.share;
    });
    return d;
}

std::optional<ProfileDelta> ProfileDelta::between(const PointProfile &reference,
                                                  const PointProfile &current) {
    if (!reference.ns || !current.ns)
        return std::nullopt;
    ProfileDelta d = shares(reference, current);
    d.referenceNs = *reference.ns;
    d.currentNs = *current.ns;
    d.ns = d.referenceNs - d.currentNs;
    for (Row &r : d.rows)
        r.ns = r.reference.ns.value_or(0) - r.current.ns.value_or(0);
    std::stable_sort(d.rows.begin(), d.rows.end(), [](const Row &a, const Row &b) {
        if ((a.name == PointProfile::kOther) != (b.name == PointProfile::kOther))
            return b.name == PointProfile::kOther;
        return std::abs(a.ns) > std::abs(b.ns);
    });
    roundToTotal(d.rows, d.ns);
    return d;
}

std::optional<ProfileDelta> ProfileDelta::between(const PointStats &reference,
                                                  const PointStats &current) {
    const auto before = PointProfile::of(reference);
    const auto after = PointProfile::of(current);
    return before && after ? between(*before, *after) : std::nullopt;
}

QList<ProfileDelta::Row> ProfileDelta::changedAndRest(int top) const {
    QList<Row> out;
    Row rest;
    int restCount = 0, others = 0;
    for (const Row &r : rows) {
        if (r.changed || (r.name != PointProfile::kOther && others++ < top)) {
            out << r;
            continue;
        }
        rest.ns += r.ns;
        rest.printed += r.printed;
        rest.reference.ns = rest.reference.ns.value_or(0) + r.reference.ns.value_or(0);
        rest.current.ns = rest.current.ns.value_or(0) + r.current.ns.value_or(0);
        rest.reference.samples += r.reference.samples;
        rest.current.samples += r.current.samples;
        rest.reference.share += r.reference.share;
        rest.current.share += r.current.share;
        ++restCount;
    }
    if (restCount > 0) {
        rest.name = QStringLiteral("rest: %1 function%2, unchanged")
                        .arg(restCount)
                        .arg(restCount == 1 ? "" : "s");
        out << rest;
    }
    return out;
}

QString ProfileDelta::ruleText() {
    return QStringLiteral(
        "A function's ns/packet is its share of the samples times the point's ns/packet, so "
        "each side's rows add up to its figure and the rows to the delta (rounded by largest "
        "remainder so the printed rows add up to the printed delta). Changed: its share moved "
        "beyond sampling noise, a two-proportion z-test Holm-corrected over the point's "
        "functions at alpha 5%.");
}

} // namespace burstlab
