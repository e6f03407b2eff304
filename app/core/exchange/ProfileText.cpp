#include "exchange/ProfileText.h"
#include "exchange/TextLayout.h"
#include "stats/ProfileDelta.h"
#include "util/SafeText.h"

namespace burstlab {

namespace {

using T = TextLayout;
constexpr int kNameWidth = 30;

// A function's name is read from its end (the class and the function),
// so a long one loses its start: "…TxWorker::sendLoop<false>".
QString nameCell(const QString &name) {
    QString text = SafeText::field(name);
    if (text.size() > kNameWidth)
        text = QStringLiteral("…") + text.right(kNameWidth - 1);
    return T::padRight(text, kNameWidth);
}

QString nsCell(const std::optional<double> &ns, int width = 8) {
    return T::padLeft(ns ? T::fixed2(*ns) : QStringLiteral("-"), width);
}

} // namespace

QStringList ProfileText::run(const QList<PointStats> &stats, const QStringList &labels) {
    QStringList lines;
    for (qsizetype i = 0; i < stats.size(); ++i) {
        const auto profile = PointProfile::of(stats[i]);
        if (!profile)
            continue;
        if (lines.isEmpty())
            lines << QStringLiteral("Where the ns/packet go (profiles of the TX lcores over the "
                                    "measured windows; share of the samples, its 95% interval):");
        lines << QStringLiteral(" %1: %2").arg(labels.value(i), profile->sourceText());
        int shown = 0;
        for (const PointProfile::Function &f : profile->functions) {
            if (shown++ == kTopFunctions)
                break;
            lines << QStringLiteral("   %1 %2 ns/pkt %3 [%4, %5]")
                         .arg(nameCell(f.name), nsCell(f.ns, 6),
                              T::padLeft(T::percent1(f.share), 6), T::percent1(f.shareLow),
                              T::percent1(f.shareHigh));
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
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &cell = c.cells[r][p];
            const auto profile = cell ? PointProfile::of(*cell) : std::nullopt;
            if (!profile)
                continue;
            const QString root = frame(names[r]) + QLatin1Char(';') +
                                 frame(c.points[p].describe(c.axisNames)) + QLatin1Char(';');
            for (const ProfileStack &s : profile->stacks)
                out += root + SafeText::field(s.stack) + QLatin1Char(' ') +
                       QString::number(s.samples) + QLatin1Char('\n');
        }
    }
    return out;
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
    QStringList lines;
    for (qsizetype r = 1; r < c.runs.size(); ++r) {
        QStringList runLines;
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &base = c.cells[0][p];
            const auto &cell = c.cells[r][p];
            if (!base || !cell || !cell->vsBaseline)
                continue;
            const auto before = PointProfile::of(*base);
            const auto after = PointProfile::of(*cell);
            const auto delta =
                before && after ? ProfileDelta::between(*before, *after) : std::nullopt;
            if (!delta)
                continue;
            runLines << QStringLiteral(" %1: %2 ns/pkt = %3 - %4")
                            .arg(labels.value(p), T::fixed2(cell->vsBaseline->ns),
                                 T::fixed2(delta->referenceNs), T::fixed2(delta->currentNs));
            for (const ProfileDelta::Row &row : delta->changedAndRest()) {
                QString line = QStringLiteral("   %1%2%3%4")
                                   .arg(nameCell(row.name), nsCell(row.reference.ns),
                                        nsCell(row.current.ns), nsCell(row.printed));
                if (row.changed)
                    line +=
                        QStringLiteral("  %1->%2")
                            .arg(T::percent1(row.reference.share), T::percent1(row.current.share));
                runLines << line;
            }
        }
        if (runLines.isEmpty())
            continue;
        lines << QString()
              << QStringLiteral("Where the ns/pkt went, %1 vs %2 (profiles of the TX lcores; "
                                "function, ns/pkt in each, saved, share if changed):")
                     .arg(names[r], names[0])
              << runLines;
    }
    if (!lines.isEmpty())
        lines << QStringLiteral("Profiles: ") + ProfileDelta::ruleText();
    return lines;
}

} // namespace burstlab
