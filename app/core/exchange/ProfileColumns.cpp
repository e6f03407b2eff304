#include "exchange/ProfileColumns.h"
#include "exchange/ProfileText.h"
#include "exchange/TextLayout.h"
#include "stats/ProfileDelta.h"
#include "util/SafeText.h"

#include <QJsonArray>

namespace burstlab {

namespace {

using T = TextLayout;

template <typename V> QJsonValue optional(const std::optional<V> &v) {
    return v ? QJsonValue(*v) : QJsonValue();
}

QJsonObject functionJson(const PointProfile::Function &f) {
    return {{QStringLiteral("name"), f.name},
            {QStringLiteral("module"), f.module},
            {QStringLiteral("samples"), f.samples},
            {QStringLiteral("share"), f.share},
            {QStringLiteral("share_low"), f.shareLow},
            {QStringLiteral("share_high"), f.shareHigh},
            {QStringLiteral("ns_per_pkt"), optional(f.ns)},
            {QStringLiteral("ns_per_pkt_low"), optional(f.nsLow)},
            {QStringLiteral("ns_per_pkt_high"), optional(f.nsHigh)}};
}

QJsonObject rowJson(const ProfileDelta::Row &r) {
    return {{QStringLiteral("name"), r.name},
            {QStringLiteral("module"), r.module},
            {QStringLiteral("baseline_samples"), r.reference.samples},
            {QStringLiteral("samples"), r.current.samples},
            {QStringLiteral("baseline_share"), r.reference.share},
            {QStringLiteral("share"), r.current.share},
            {QStringLiteral("share_change_points"), r.points},
            {QStringLiteral("in_baseline"), r.inReference},
            {QStringLiteral("in_run"), r.inCurrent},
            {QStringLiteral("baseline_ns_per_pkt"), optional(r.reference.ns)},
            {QStringLiteral("ns_per_pkt"), optional(r.current.ns)},
            {QStringLiteral("delta_ns"), r.ns},
            {QStringLiteral("delta_ns_printed"), r.printed},
            {QStringLiteral("p"), r.p},
            {QStringLiteral("p_holm"), r.pHolm},
            {QStringLiteral("changed"), r.changed}};
}

const QStringList profileListed{QStringLiteral("name"), QStringLiteral("share"),
                                QStringLiteral("share_low"), QStringLiteral("share_high"),
                                QStringLiteral("ns_per_pkt")};
const QStringList deltaListed{QStringLiteral("name"), QStringLiteral("baseline_ns_per_pkt"),
                              QStringLiteral("ns_per_pkt"), QStringLiteral("delta_ns_printed"),
                              QStringLiteral("changed")};

QString nsText(const std::optional<double> &ns) {
    return ns ? T::fixed2(*ns) : QStringLiteral("-");
}

} // namespace

QJsonValue ProfileColumns::point(const PointStats &s) {
    const auto profile = PointProfile::of(s);
    if (!profile)
        return {};
    QJsonArray functions;
    for (const PointProfile::Function &f : profile->functions)
        functions.append(functionJson(f));
    return QJsonObject{{QStringLiteral("event"), profile->event},
                       {QStringLiteral("hz"), profile->hz},
                       {QStringLiteral("kernel"), profile->kernel},
                       {QStringLiteral("samples"), profile->samples},
                       {QStringLiteral("lost"), profile->lost},
                       {QStringLiteral("repetitions"), profile->repetitions},
                       {QStringLiteral("ns_per_pkt"), optional(profile->ns)},
                       {QStringLiteral("functions"), functions}};
}

QJsonValue ProfileColumns::vsBaseline(const PointStats &baseline, const PointStats &s) {
    const auto before = PointProfile::of(baseline);
    const auto after = PointProfile::of(s);
    if (!before || !after)
        return {};
    // Without a figure on both sides (an imported perf table) the shares
    // alone: no ns to share out.
    const auto delta = ProfileDelta::between(*before, *after);
    const ProfileDelta d = delta ? *delta : ProfileDelta::shares(*before, *after);
    QJsonArray rows;
    for (const ProfileDelta::Row &r : d.rows) {
        QJsonObject row = rowJson(r);
        if (!delta) {
            for (const char *key : {"delta_ns", "delta_ns_printed"})
                row.insert(QLatin1String(key), QJsonValue());
        }
        rows.append(row);
    }
    const auto figure = [&](double v) { return delta ? QJsonValue(v) : QJsonValue(); };
    return QJsonObject{{QStringLiteral("baseline_ns_per_pkt"), figure(d.referenceNs)},
                       {QStringLiteral("ns_per_pkt"), figure(d.currentNs)},
                       {QStringLiteral("delta_ns"), figure(d.ns)},
                       {QStringLiteral("tests"), d.tests},
                       {QStringLiteral("rule"), ProfileDelta::ruleText()},
                       {QStringLiteral("rows"), rows}};
}

QStringList ProfileColumns::csvNames() {
    QStringList names{QStringLiteral("profile_samples")};
    for (const QString &field : profileListed)
        names << QStringLiteral("profile_") + field;
    for (const QString &field : deltaListed)
        names << QStringLiteral("profile_delta_") + field;
    return names;
}

QStringList ProfileColumns::csvFields(const QJsonObject &row) {
    const QJsonObject profile = row.value(QStringLiteral("profile")).toObject();
    const QJsonObject delta = row.value(QStringLiteral("profile_vs_baseline")).toObject();
    QStringList fields{T::cell(profile.value(QStringLiteral("samples")))};
    for (const QString &field : profileListed)
        fields << T::listCell(profile.value(QStringLiteral("functions")).toArray(), field);
    for (const QString &field : deltaListed)
        fields << T::listCell(delta.value(QStringLiteral("rows")).toArray(), field);
    return fields;
}

QStringList ProfileColumns::markdown(const Comparison &c) {
    const QStringList names = c.names();
    QStringList points{QStringLiteral("| run | point | function | share | 95% interval | ns/pkt |"),
                       QStringLiteral("|---|---|---|---|---|---|")};
    QStringList deltas{
        QStringLiteral("| run | point | Δ baseline ns | function | baseline ns | ns | saved ns "
                       "| share | changed |"),
        QStringLiteral("|---|---|---|---|---|---|---|---|---|")};
    ProfileText::eachProfile(c, [&](qsizetype r, qsizetype p, const PointProfile &profile) {
        const QString lead = QStringLiteral("| %1 | %2 | ")
                                 .arg(SafeText::markdownCell(names[r]),
                                      SafeText::markdownCell(c.points[p].describe(c.axisNames)));
        for (qsizetype f = 0; f < profile.functions.size() && f < ProfileText::kTopFunctions; ++f) {
            const PointProfile::Function &fn = profile.functions[f];
            points << lead + QStringLiteral("%1 | %2 | %3 to %4 | %5 |")
                                 .arg(SafeText::markdownCell(fn.name), T::percent1(fn.share),
                                      T::percent1(fn.shareLow), T::percent1(fn.shareHigh),
                                      nsText(fn.ns));
        }
        const auto &base = c.cells[0][p];
        const auto delta =
            r > 0 && base ? ProfileDelta::between(*base, *c.cells[r][p]) : std::nullopt;
        if (!delta)
            return;
        for (const ProfileDelta::Row &row : delta->changedAndRest())
            deltas << lead + QStringLiteral("%1 | %2 | %3 | %4 | %5 | %6 → %7 | %8 |")
                                 .arg(T::fixed2(delta->ns), SafeText::markdownCell(row.name),
                                      nsText(row.reference.ns), nsText(row.current.ns),
                                      T::fixed2(row.printed), T::percent1(row.reference.share),
                                      T::percent1(row.current.share),
                                      row.changed ? QStringLiteral("yes") : QString());
    });
    QStringList out;
    if (points.size() > 2)
        out << QString()
            << QStringLiteral("Where the ns/packet go (top %1 functions per point):")
                   .arg(ProfileText::kTopFunctions)
            << QString() << points;
    if (deltas.size() > 2)
        out << QString() << QStringLiteral("Where the delta against the baseline went:")
            << QString() << deltas << QString()
            << QStringLiteral("> ") + SafeText::markdownCell(ProfileDelta::ruleText());
    return out;
}

} // namespace burstlab
