#include "stats/PointProfile.h"
#include "stats/PointStats.h"

#include <QMap>
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {
constexpr double kZ95 = 1.959963984540054;

PointProfile::Function functionOf(const QString &name, const QString &module, qint64 samples) {
    PointProfile::Function f;
    f.name = name;
    f.module = module;
    f.samples = samples;
    return f;
}

// Each function's share of the profile's samples, its interval and the ns
// they account for.
void shareOut(PointProfile &profile) {
    for (PointProfile::Function &f : profile.functions) {
        if (!profile.printedShares)
            f.share = profile.samples > 0 ? double(f.samples) / double(profile.samples) : 0;
        if (profile.intervals)
            std::tie(f.shareLow, f.shareHigh) = wilsonInterval(f.samples, profile.samples);
        else
            f.shareLow = f.shareHigh = f.share;
        if (profile.ns) {
            f.ns = f.share * *profile.ns;
            f.nsLow = f.shareLow * *profile.ns;
            f.nsHigh = f.shareHigh * *profile.ns;
        }
    }
}
} // namespace

std::pair<double, double> wilsonInterval(qint64 k, qint64 n) {
    if (n <= 0)
        return {0, 1};
    const double p = double(k) / double(n), z2 = kZ95 * kZ95, nn = double(n);
    const double centre = (p + z2 / (2 * nn)) / (1 + z2 / nn);
    const double half = kZ95 * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

std::optional<PointProfile> PointProfile::of(const PointStats &point) {
    PointProfile out;
    using Key = std::pair<QString, QString>;
    QMap<Key, qint64> functions;
    QMap<Key, double> percents;
    QMap<QString, qint64> stacks;
    bool untotalled = false; // a printed table without the total of its samples
    for (const StepResult &step : point.disturbance.counted) {
        const auto p = step.profile();
        if (!p)
            continue;
        out.event = p->event;
        out.hz = p->hz;
        out.kernel = p->kernel;
        out.samples += p->samples;
        out.lost += p->lost;
        ++out.repetitions;
        for (const ProfileFunction &f : p->functions) {
            functions[{f.name, f.module}] += f.samples;
            if (f.percent) {
                percents[{f.name, f.module}] += *f.percent;
                out.printedShares = true;
                untotalled = untotalled || p->samples <= 0;
            }
        }
        for (const ProfileStack &s : p->stacks)
            stacks[s.stack] += s.samples;
    }
    if (out.repetitions == 0)
        return std::nullopt;
    out.ns = point.nsFigure();
    out.intervals = !untotalled;
    // In percent of every repetition together, so that what the table
    // printed adds up as printed ("4.8%" rest, not 4.7999).
    const double whole = 100.0 * out.repetitions;
    qint64 named = 0;
    double printed = 0;
    for (auto it = functions.begin(); it != functions.end(); ++it) {
        Function f = functionOf(it.key().first, it.key().second, it.value());
        f.share = percents.value(it.key()) / whole;
        out.functions.append(f);
        named += it.value();
        printed += percents.value(it.key());
    }
    const auto bySize = [&](const Function &a, const Function &b) {
        return out.printedShares ? a.share > b.share : a.samples > b.samples;
    };
    std::stable_sort(out.functions.begin(), out.functions.end(), bySize);
    if (out.printedShares && printed < whole) {
        Function other = functionOf(kOther, QString(), std::max<qint64>(0, out.samples - named));
        other.share = (whole - printed) / whole;
        out.functions.append(other);
    } else if (!out.printedShares && out.samples > named) {
        out.functions.append(functionOf(kOther, QString(), out.samples - named));
    }
    shareOut(out);
    for (auto it = stacks.begin(); it != stacks.end(); ++it)
        out.stacks.append({it.key(), it.value()});
    std::stable_sort(
        out.stacks.begin(), out.stacks.end(),
        [](const ProfileStack &a, const ProfileStack &b) { return a.samples > b.samples; });
    return out;
}

PointProfile::Function PointProfile::function(const QString &name) const {
    for (const Function &f : functions) {
        if (f.name == name)
            return f;
    }
    Function none;
    none.name = name;
    none.ns = ns ? std::optional<double>(0) : std::nullopt;
    return none;
}

PointProfile PointProfile::top(int n) const {
    PointProfile out = *this;
    out.functions.clear();
    qint64 shown = 0;
    double shownShare = 0;
    for (const Function &f : functions) {
        if (f.name == kOther || out.functions.size() == n)
            break;
        out.functions.append(f);
        shown += f.samples;
        shownShare += f.share;
    }
    // Printed shares may come without samples: the rest is what they leave.
    if (printedShares && shownShare < 1) {
        Function other = functionOf(kOther, QString(), std::max<qint64>(samples - shown, 0));
        other.share = 1 - shownShare;
        out.functions.append(other);
    } else if (!printedShares && samples > shown) {
        out.functions.append(functionOf(kOther, QString(), samples - shown));
    }
    shareOut(out);
    return out;
}

QList<ProfileStack> PointProfile::stacksThrough(const QString &name) const {
    QList<ProfileStack> out;
    for (const ProfileStack &s : stacks) {
        if (s.stack.split(QLatin1Char(';')).contains(name))
            out.append(s);
    }
    return out;
}

QString PointProfile::sourceText() const {
    if (printedShares)
        return QStringLiteral("%1, shares as printed; %2")
            .arg(event.isEmpty() ? QStringLiteral("event not stated") : event,
                 intervals ? QStringLiteral("%1 samples").arg(samples)
                           : QStringLiteral("no sample total: no intervals"));
    return QStringLiteral("%1 %2 samples at %3 Hz over %4 repetition%5, %6")
        .arg(samples)
        .arg(event)
        .arg(hz)
        .arg(repetitions)
        .arg(repetitions == 1 ? "" : "s")
        .arg(kernel ? QStringLiteral("user and kernel code") : QStringLiteral("user code only"));
}

} // namespace burstlab
