#include "exchange/ProfileText.h"
#include "exchange/TextLayout.h"
#include "stats/ProfileDelta.h"
#include "util/SafeText.h"

#include <cmath>

namespace burstlab {

namespace {

using T = TextLayout;
constexpr int kNameWidth = 30;

// A function's name is read from its end (the class and the function),
// so a long one loses its start: "…TxWorker::sendLoop<false>".
QString nameCell(const QString &name, qsizetype width = kNameWidth) {
    QString text = SafeText::field(name);
    if (text.size() > width)
        text = QStringLiteral("…") + text.right(width - 1);
    return T::padRight(text, width);
}

QString nsCell(const std::optional<double> &ns, qsizetype width = 8) {
    return T::padLeft(ns ? T::fixed2(*ns) : QStringLiteral("-"), width);
}

// The ns/pkt columns of a comparison's rows: 8 wide, wider where a point's
// figure needs it (a kernel pktgen point at burst 1 costs some 20,000
// ns/pkt), so a column never runs into the next; the name column gives up
// what they take, so a row stays within 72 columns.
qsizetype nsWidth(const QList<ProfileDelta::Row> &rows) {
    qsizetype widest = 7;
    for (const ProfileDelta::Row &row : rows) {
        for (const std::optional<double> &ns :
             {row.reference.ns, row.current.ns, std::optional<double>(row.printed)})
            widest = std::max(widest, ns ? T::fixed2(*ns).size() : 1);
    }
    return widest + 1;
}

// A change in percentage points as printed, signed: "-25.7", "+24.0", "0.0".
QString pointsText(double points) {
    const double printed = std::round(points * 10) / 10;
    if (printed == 0)
        return QStringLiteral("0.0");
    return (printed > 0 ? QStringLiteral("+") : QString()) + QString::number(printed, 'f', 1);
}

// Where neither side has a figure (an imported perf table states no pps),
// the two profiles as one table: each function's share in each and the
// change in points, or the one side that has it; "*" where it moved beyond
// sampling noise (only where both sides counted their samples).
QStringList sharesTable(const ProfileDelta &d) {
    QStringList lines{QStringLiteral("   %1%2%3%4")
                          .arg(T::padRight(QStringLiteral("function"), kNameWidth),
                               T::padLeft(QStringLiteral("before"), 8),
                               T::padLeft(QStringLiteral("after"), 8),
                               T::padLeft(QStringLiteral("change"), 9))};
    const auto share = [](bool in, double value) {
        return T::padLeft(in ? T::percent1(value) : QStringLiteral("-"), 8);
    };
    for (const ProfileDelta::Row &row : d.rows) {
        QString line = QStringLiteral("   ") + nameCell(row.name) +
                       share(row.inReference, row.reference.share) +
                       share(row.inCurrent, row.current.share);
        if (row.inReference && row.inCurrent)
            line += T::padLeft(pointsText(row.points), 9);
        else
            line +=
                row.inReference ? QStringLiteral("  only before") : QStringLiteral("  only after");
        lines << line + (row.changed ? QStringLiteral(" *") : QString());
    }
    return lines;
}

// " before: ...", " after: ...", and the point when there is one.
QStringList sharesLines(const QString &point, const PointProfile &before,
                        const PointProfile &after) {
    const QString at = point.isEmpty() ? QString() : QStringLiteral(" at %1").arg(point);
    return {QStringLiteral(" before%1: %2").arg(at, SafeText::field(before.sourceText())),
            QStringLiteral(" after%1: %2").arg(at, SafeText::field(after.sourceText()))};
}

QString sharesRule() {
    return QStringLiteral(
        "without a pps on both sides there is no ns/packet to share out, so the shares alone: "
        "an imported table's as it printed them, the rest up to 100% as [other]; * its share "
        "moved beyond sampling noise (a two-proportion z-test Holm-corrected at alpha 5%), "
        "tested only where both profiles counted their samples.");
}

} // namespace

QStringList ProfileText::run(const QList<PointStats> &stats, const QStringList &labels) {
    QStringList lines;
    for (qsizetype i = 0; i < stats.size(); ++i) {
        const auto profile = PointProfile::of(stats[i]);
        if (!profile)
            continue;
        if (lines.isEmpty() && profile->printedShares)
            lines << QStringLiteral("Where the samples go (imported perf tables; share as "
                                    "printed, its 95% interval where the table states its "
                                    "total; ns/pkt only with a pps):");
        else if (lines.isEmpty())
            lines << QStringLiteral(
                "Where the ns/packet go (profiles of the sending threads over the "
                "measured windows; share of the samples, its 95% interval):");
        lines << QStringLiteral(" %1: %2").arg(labels.value(i),
                                               SafeText::field(profile->sourceText()));
        int shown = 0;
        for (const PointProfile::Function &f : profile->functions) {
            if (shown++ == kTopFunctions)
                break;
            QString line =
                QStringLiteral("   %1 %2 ns/pkt %3")
                    .arg(nameCell(f.name), nsCell(f.ns, 6), T::padLeft(T::percent1(f.share), 6));
            if (profile->intervals)
                line += QStringLiteral(" [%1, %2]")
                            .arg(T::percent1(f.shareLow), T::percent1(f.shareHigh));
            lines << line;
        }
    }
    return lines;
}

QString ProfileText::folded(const Comparison &c) {
    const QStringList names = c.names();
    // A frame's text may hold anything but the separators of the format.
    const auto frame = [](const QString &text) {
        return SafeText::field(text).replace(QLatin1Char(';'), QLatin1Char(','));
    };
    QString out;
    eachProfile(c, [&](qsizetype r, qsizetype p, const PointProfile &profile) {
        const QString root = frame(names[r]) + QLatin1Char(';') +
                             frame(c.points[p].describe(c.axisNames)) + QLatin1Char(';');
        for (const ProfileStack &s : profile.stacks)
            out += root + SafeText::field(s.stack) + QLatin1Char(' ') + QString::number(s.samples) +
                   QLatin1Char('\n');
    });
    return out;
}

void ProfileText::eachProfile(
    const Comparison &c,
    const std::function<void(qsizetype run, qsizetype point, const PointProfile &)> &f) {
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &cell = c.cells[r][p];
            if (const auto profile = cell ? PointProfile::of(*cell) : std::nullopt)
                f(r, p, *profile);
        }
    }
}

QString ProfileText::unavailable(const Run &run) {
    const QJsonObject profiling = run.hello.value(QLatin1String("profiling")).toObject();
    if (profiling.isEmpty() || profiling.value(QLatin1String("available")).toBool())
        return {};
    return QStringLiteral("no profiles: the engine cannot profile here: ") +
           SafeText::field(profiling.value(QLatin1String("reason")).toString());
}

QStringList ProfileText::comparison(const Comparison &c, const QStringList &names,
                                    const QStringList &labels) {
    QStringList lines, shares;
    for (qsizetype r = 1; r < c.runs.size(); ++r) {
        QStringList runLines, runShares;
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &base = c.cells[0][p];
            const auto &cell = c.cells[r][p];
            const auto before = base ? PointProfile::of(*base) : std::nullopt;
            const auto after = cell ? PointProfile::of(*cell) : std::nullopt;
            if (!before || !after)
                continue;
            if (!before->ns || !after->ns) {
                runShares << sharesLines(labels.value(p), *before, *after)
                          << sharesTable(ProfileDelta::shares(*before, *after));
                continue;
            }
            const auto delta =
                cell->vsBaseline ? ProfileDelta::between(*before, *after) : std::nullopt;
            if (!delta)
                continue;
            runLines << QStringLiteral(" %1: %2 ns/pkt = %3 - %4")
                            .arg(labels.value(p), T::fixed2(cell->vsBaseline->ns),
                                 T::fixed2(delta->referenceNs), T::fixed2(delta->currentNs));
            const QList<ProfileDelta::Row> rows = delta->changedAndRest();
            const qsizetype width = nsWidth(rows);
            const qsizetype nameWidth = kNameWidth - 3 * (width - 8);
            for (const ProfileDelta::Row &row : rows) {
                QString line =
                    QStringLiteral("   %1%2%3%4")
                        .arg(nameCell(row.name, nameWidth), nsCell(row.reference.ns, width),
                             nsCell(row.current.ns, width), nsCell(row.printed, width));
                if (row.changed)
                    line +=
                        QStringLiteral("  %1->%2")
                            .arg(T::percent1(row.reference.share), T::percent1(row.current.share));
                runLines << line;
            }
        }
        if (!runShares.isEmpty())
            shares << QString()
                   << QStringLiteral("Where the samples went, %1 vs %2 (share of the samples in "
                                     "each profile, change in points after - before):")
                          .arg(names[r], names[0])
                   << runShares;
        if (runLines.isEmpty())
            continue;
        lines << QString()
              << QStringLiteral("Where the ns/pkt went, %1 vs %2 (profiles of the senders; "
                                "function, ns/pkt in each, saved, share if changed):")
                     .arg(names[r], names[0])
              << runLines;
    }
    if (!lines.isEmpty())
        lines << QStringLiteral("Profiles: ") + ProfileDelta::ruleText();
    if (!shares.isEmpty())
        shares << QStringLiteral("Shares: ") + sharesRule();
    return lines + shares;
}

} // namespace burstlab
