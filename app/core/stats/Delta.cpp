#include "stats/Delta.h"
#include "stats/Figure.h"
#include "stats/Holm.h"
#include "stats/NsPerPacket.h"
#include <algorithm>
#include <cmath>

namespace burstlab {

std::optional<Delta> Delta::between(const DeltaSide &reference, const DeltaSide &current,
                                    double alpha) {
    const std::optional<double> ns = Figure::deltaNs(reference.pps, current.pps);
    if (!ns)
        return std::nullopt;
    Delta d;
    d.ns = *ns;
    d.pps = current.pps - reference.pps;
    d.alpha = alpha;
    // Welch gives mean(this) - mean(reference); the seeds' delta is the other way round.
    const Welch w = Welch::test(nsPerPacket(reference.reps), nsPerPacket(current.reps), alpha);
    if (w.valid) {
        d.nsCiLow = -w.ciHigh;
        d.nsCiHigh = -w.ciLow;
        d.p = w.p;
        const double printed = Figure::printed(d.ns);
        if (printed != 0 && (printed > 0) == (-w.diff > 0))
            d.direction = printed > 0 ? 1 : -1;
    }
    if (reference.lossy || current.lossy)
        d.verdict = Verdict::Lossy;
    else if (reference.paced || current.paced)
        d.verdict = Verdict::Paced;
    else if (!w.valid)
        d.verdict = Verdict::Insufficient;
    else if (reference.disturbed || current.disturbed)
        d.verdict = Verdict::Disturbed;
    else {
        d.pHolm = d.p;
        d.tests = 1;
        d.judge();
    }
    return d;
}

void Delta::judge() {
    if (pHolm < alpha && direction != 0)
        verdict = direction > 0 ? Verdict::Better : Verdict::Worse;
    else
        verdict = Verdict::WithinNoise;
}

void Delta::correct(const QList<Delta *> &table) {
    QList<Delta *> family;
    QList<double> p;
    for (Delta *d : table) {
        if (d->tested()) {
            family << d;
            p << d->p;
        }
    }
    const QList<double> adjusted = holmAdjusted(p);
    for (qsizetype i = 0; i < family.size(); ++i) {
        family[i]->pHolm = adjusted[i];
        family[i]->tests = int(family.size());
        family[i]->judge();
    }
}

QString Delta::correctionText(const QList<const Delta *> &table) {
    const auto tested =
        std::find_if(table.begin(), table.end(), [](const Delta *d) { return d && d->tested(); });
    if (tested == table.end())
        return {};
    const Delta &d = **tested;
    return QStringLiteral("Welch's t-test, Holm-corrected over %1 delta%2, alpha %3%")
        .arg(d.tests)
        .arg(d.tests == 1 ? "" : "s")
        .arg(d.alpha * 100, 0, 'g', 3);
}

} // namespace burstlab
