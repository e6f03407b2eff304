#include "profile/ProfileBarsOf.h"
#include "exchange/ProfileText.h"
#include "exchange/TextLayout.h"
#include "stats/PointProfile.h"
#include "stats/ProfileDelta.h"
#include "util/SafeText.h"

#include <QCoreApplication>

#include <algorithm>

namespace burstlab {

namespace {

using T = TextLayout;

QString tr(const char *text) {
    return QCoreApplication::translate("ProfileBars", text);
}

QString nsText(const std::optional<double> &ns) {
    return ns ? T::fixed2(*ns) : QStringLiteral("-");
}

// Why a run's point has no profile, in one line.
QString missingReason(const Run &run) {
    if (const QString engine = ProfileText::unavailable(run); !engine.isEmpty())
        return engine;
    if (run.isImported())
        return tr("no profile: an imported run has none");
    if (run.spec.engine.kind == EngineKind::Pktgen)
        return tr("no profile: the kernel pktgen engine records none");
    if (run.parameterValue(QStringLiteral("profile_hz")).toInteger(-1) == 0)
        return tr("no profile: the run was made with profile_hz=0");
    return tr("no profile: no counted repetition of this point has one");
}

// The function's name and module, then the call chains through it in the
// profile, most samples first.
QString functionTip(const QString &name, const QString &module, const QString &figures,
                    const PointProfile &profile) {
    QStringList lines{module.isEmpty() ? SafeText::field(name)
                                       : QStringLiteral("%1 (%2)").arg(SafeText::field(name),
                                                                       SafeText::field(module)),
                      figures};
    const QList<ProfileStack> chains = profile.stacksThrough(name);
    if (!chains.isEmpty())
        lines << tr("Call chains through it, outermost frame first (samples):");
    for (qsizetype i = 0; i < chains.size() && i < ProfileBarsOf::kChains; ++i)
        lines << QStringLiteral("%1  %2")
                     .arg(chains[i].samples, 6)
                     .arg(SafeText::field(chains[i].stack));
    if (chains.size() > ProfileBarsOf::kChains)
        lines << tr("… and %1 more").arg(chains.size() - ProfileBarsOf::kChains);
    return lines.join(QLatin1Char('\n'));
}

} // namespace

ProfileBars ProfileBarsOf::point(const Run &run, const PointStats *stats, const QString &label) {
    ProfileBars bars;
    if (!stats) {
        bars.note = tr("Select a point in the table to see where its ns/packet go.");
        return bars;
    }
    bars.title = SafeText::field(label);
    const std::optional<PointProfile> profile = PointProfile::of(*stats);
    if (!profile) {
        bars.note = missingReason(run);
        return bars;
    }
    if (profile->ns)
        bars.title += QStringLiteral(": %1 ns/pkt").arg(T::fixed2(*profile->ns));
    bars.title += QStringLiteral(" · ") + SafeText::field(profile->sourceText());
    bars.headers = {tr("function"), tr("share"), tr("95% interval")};
    if (profile->ns)
        bars.headers << tr("ns/pkt");
    for (const PointProfile::Function &f : profile->top(kTopFunctions).functions) {
        ProfileBars::Row row;
        row.name = SafeText::field(f.name);
        const QString interval =
            QStringLiteral("[%1, %2]").arg(T::percent1(f.shareLow), T::percent1(f.shareHigh));
        row.cells = {T::percent1(f.share), interval};
        if (profile->ns)
            row.cells << nsText(f.ns);
        row.value = f.share;
        row.interval = true;
        row.low = f.shareLow;
        row.high = f.shareHigh;
        const bool other = f.name == PointProfile::kOther;
        row.tone = other ? ProfileBars::Tone::Muted : ProfileBars::Tone::Plain;
        const QString figures =
            tr("%1 of %2 samples, 95% interval %3%4")
                .arg(T::percent1(f.share))
                .arg(profile->samples)
                .arg(interval, f.ns ? tr(", %1 ns/pkt").arg(nsText(f.ns)) : QString());
        row.toolTip = other ? tr("[other]: the functions below these, together\n") + figures
                            : functionTip(f.name, f.module, figures, *profile);
        bars.rows << row;
    }
    // The whisker shows the interval where its figures do not fit.
    bars.optionalCell = 1;
    bars.toolTip = tr("A function's ns/pkt is its share of the samples times the point's ns/pkt. "
                      "Hover a function for its call chains.");
    if (!profile->ns)
        bars.note = tr("Shares only: this point has no ns/packet figure, so no function's "
                       "ns/packet is given.");
    return bars;
}

ProfileBars ProfileBarsOf::delta(const Comparison &c, int run, int point) {
    ProfileBars bars;
    const QStringList names = c.names();
    if (run < 1 || run >= c.runs.size() || point < 0 || point >= c.points.size()) {
        bars.note = tr("Select a point in the table to see where its delta went.");
        return bars;
    }
    const QString label = SafeText::field(c.points[point].describe(c.axisNames));
    const QString runs =
        QStringLiteral("%1 - %2").arg(SafeText::field(names[0]), SafeText::field(names[run]));
    bars.title = QStringLiteral("%1 (%2)").arg(label, runs);
    const std::optional<PointStats> &base = c.cells[0][point];
    const std::optional<PointStats> &cell = c.cells[run][point];
    if (!base || !cell || !cell->vsBaseline) {
        bars.note = tr("no delta at this point: a run has no completed step here");
        return bars;
    }
    const std::optional<PointProfile> before = PointProfile::of(*base);
    const std::optional<PointProfile> after = PointProfile::of(*cell);
    if (!before || !after) {
        const int missing = before ? run : 0;
        bars.note = QStringLiteral("%1: %2").arg(SafeText::field(names[missing]),
                                                 missingReason(c.runs[missing].run));
        return bars;
    }
    const std::optional<ProfileDelta> delta = ProfileDelta::between(*before, *after);
    if (!delta) {
        bars.note = tr("Shares only: a side has no ns/packet figure, so the delta cannot be "
                       "shared out among the functions.");
        return bars;
    }
    bars.title = QStringLiteral("%1: %2 ns/pkt = %3 - %4 (%5)")
                     .arg(label, T::fixed2(cell->vsBaseline->ns), T::fixed2(delta->referenceNs),
                          T::fixed2(delta->currentNs), runs);
    bars.headers = {tr("function"), c.runs[0].run.shortTitle(), c.runs[run].run.shortTitle(),
                    tr("saved"), tr("share if changed")};
    bars.diverging = true;
    const auto isFunction = [&](const ProfileDelta::Row &row) {
        return std::any_of(delta->rows.begin(), delta->rows.end(),
                           [&](const ProfileDelta::Row &r) { return r.name == row.name; });
    };
    for (const ProfileDelta::Row &r : delta->changedAndRest(kTopUnchanged)) {
        ProfileBars::Row row;
        row.name = SafeText::field(r.name);
        const QString shares = r.changed
                                   ? QStringLiteral("%1 → %2").arg(T::percent1(r.reference.share),
                                                                   T::percent1(r.current.share))
                                   : QString();
        row.cells = {nsText(r.reference.ns), nsText(r.current.ns), T::fixed2(r.printed), shares};
        row.value = r.printed;
        const bool rest = !isFunction(r) || r.name == PointProfile::kOther;
        row.tone = rest        ? ProfileBars::Tone::Muted
                   : r.changed ? ProfileBars::Tone::Strong
                               : ProfileBars::Tone::Plain;
        const QString figures =
            tr("%1 → %2 of the samples (p %3, Holm-corrected %4): %5")
                .arg(T::percent1(r.reference.share), T::percent1(r.current.share))
                .arg(r.p, 0, 'g', 3)
                .arg(r.pHolm, 0, 'g', 3)
                .arg(r.changed ? tr("changed") : tr("unchanged"));
        row.toolTip = !isFunction(r) ? tr("The functions not listed, whose shares did not change "
                                          "beyond sampling noise, together")
                                     : functionTip(r.name, r.module, figures,
                                                   r.current.samples > 0 ? *after : *before);
        bars.rows << row;
    }
    bars.barHeader = tr("← added · saved →");
    // The bold name marks a changed function where its shares do not fit.
    bars.optionalCell = 3;
    bars.toolTip = tr("Right of the line: the ns/pkt %1 saves against %2; left: the ns/pkt it "
                      "adds. Bold: the function's share changed beyond sampling noise.\n")
                       .arg(c.runs[run].run.shortTitle(), c.runs[0].run.shortTitle()) +
                   ProfileDelta::ruleText();
    return bars;
}

} // namespace burstlab
