#include "results/ChartSeriesBuilder.h"
#include "stats/Figure.h"
#include "util/SafeText.h"

#include <QCoreApplication>
#include <QLocale>
#include <QMap>
#include <cmath>
#include <functional>
#include <optional>

namespace burstlab::ChartSeriesBuilder {

namespace {
// A run title cut to what a legend shows whole.
QString shortTitle(const QString &title) {
    constexpr int maxLength = 24;
    const QString shown = SafeText::field(title);
    return shown.size() <= maxLength ? shown : shown.left(maxLength - 1) + QStringLiteral("…");
}

// The legend text: "clone=4 · patch2" with two axes, the value first so a long
// run title never hides what tells the series apart; the run's title alone
// for a one-axis sweep.
QString seriesKey(const Point &point, const QStringList &axisNames, const QString &runTitle) {
    if (point.values.size() < 2) {
        return SafeText::field(runTitle);
    }
    QStringList parts;
    for (int i = 1; i < point.values.size(); ++i) {
        const QString name =
            i < axisNames.size() ? axisNames.at(i) : QStringLiteral("axis%1").arg(i);
        parts.append(QStringLiteral("%1=%2").arg(name, point.values.at(i).toString()));
    }
    const QString key = SafeText::field(parts.join(QLatin1Char(' ')));
    return runTitle.isEmpty() ? key : QStringLiteral("%1 · %2").arg(key, shortTitle(runTitle));
}

QString tr(const char *text) {
    return QCoreApplication::translate("ChartSeriesBuilder", text);
}

QString number(double value) {
    return QLocale().toString(value, 'f', 0);
}

QString nsText(double ns) {
    return QLocale().toString(ns, 'f', 2);
}

// "burst=8 clone=64" (a label axis: "patch=patch2").
QString pointName(const Point &point, const QStringList &axisNames) {
    QStringList parts;
    for (int i = 0; i < point.values.size(); ++i) {
        const QString name =
            i < axisNames.size() ? axisNames.at(i) : QStringLiteral("axis%1").arg(i);
        parts.append(QStringLiteral("%1=%2").arg(name, point.values.at(i).toString()));
    }
    return SafeText::field(parts.join(QLatin1Char(' ')));
}

// What a point's tooltip says about the point itself, on both charts: the
// core's figures, in words.
QStringList pointLines(const PointStats &s) {
    QStringList lines;
    if (s.ppsFigure) {
        const std::optional<double> ns = s.nsFigure();
        const QString figures =
            QStringLiteral("%1 pps · %2 ns/packet")
                .arg(number(double(*s.ppsFigure)), ns ? nsText(*ns) : QStringLiteral("-"));
        lines.append(s.ppsSummary.n == 1
                         ? tr("%1, one repetition").arg(figures)
                         : tr("%1, median of %2 repetitions").arg(figures).arg(s.ppsSummary.n));
    }
    for (const PointStats::DeviceFigure &d : s.devices) {
        const std::optional<double> ns = d.pps ? Figure::ns(*d.pps) : std::nullopt;
        lines.append(tr("%1: %2 pps · %3 ns/packet")
                         .arg(SafeText::field(d.device),
                              d.pps ? number(double(*d.pps)) : QStringLiteral("-"),
                              ns ? nsText(*ns) : QStringLiteral("-")));
    }
    if (std::isfinite(s.ppsSummary.ciLow)) {
        lines.append(tr("95% CI of the mean: %1 to %2 pps")
                         .arg(number(s.ppsSummary.ciLow), number(s.ppsSummary.ciHigh)));
    } else {
        lines.append(tr("95% CI of the mean: none (fewer than 2 repetitions)"));
    }
    if (std::isfinite(s.ppsSummary.min)) {
        lines.append(tr("repetitions: lowest %1, highest %2 pps")
                         .arg(number(s.ppsSummary.min), number(s.ppsSummary.max)));
    }
    if (const QString invalid = s.invalidText(); !invalid.isEmpty()) {
        lines.append(invalid);
    }
    if (const QString disturbed = s.disturbance.text(); !disturbed.isEmpty()) {
        lines.append(disturbed);
    } else if (s.disturbance.measured > 0) {
        lines.append(tr("disturbed: none of %1").arg(s.disturbance.repetitions));
    }
    if (s.sink) {
        const QString note = s.sink->note();
        lines.append(
            tr("sink: %1").arg(note.isEmpty() ? tr("nothing lost, dropped or foreign") : note));
        if (s.sink->latency)
            lines.append(tr("latency: %1").arg(s.sink->latency->text()));
    }
    return lines;
}

// The delta's own lines, above the point's.
QStringList deltaLines(const Delta &d, DeltaMode mode) {
    const QString against =
        mode == DeltaMode::VsPrevious ? tr("the previous point") : tr("the baseline");
    QStringList lines{
        tr("Δ %1 ns/packet against %2 (%3 pps)")
            .arg(nsText(d.ns), against,
                 (d.pps > 0 ? QStringLiteral("+") : QString()) + QLocale().toString(d.pps))};
    if (d.hasInterval()) {
        lines.append(tr("95% CI of Δ (Welch): %1 to %2 ns/packet")
                         .arg(nsText(d.nsCiLow), nsText(d.nsCiHigh)));
    } else {
        lines.append(tr("95% CI of Δ: none (too few repetitions)"));
    }
    lines.append(tr("verdict: %1").arg(QString::fromLatin1(toString(d.verdict))));
    return lines;
}

using PointMaker = std::function<std::optional<ChartPoint>(const PointStats &, double x)>;

QList<ChartSeriesData> group(const QList<PointStats> &stats, const QStringList &axisNames,
                             const QString &seriesName, const PointMaker &make) {
    QList<ChartSeriesData> series;
    QMap<QString, qsizetype> indexByKey;
    for (int i = 0; i < stats.size(); ++i) {
        std::optional<ChartPoint> point = make(stats.at(i), xOf(stats.at(i), i));
        if (!point) {
            continue;
        }
        point->tip = QStringList{pointName(stats.at(i).point, axisNames), point->tip}.join(u'\n');
        const QString key = seriesKey(stats.at(i).point, axisNames, seriesName);
        if (!indexByKey.contains(key)) {
            indexByKey.insert(key, series.size());
            series.append({key, {}});
        }
        series[indexByKey.value(key)].points.append(*point);
    }
    return series;
}

// The ringed mark of a point the disturbed way: "2/5" disturbed
// repetitions, "loss 0.41%" when lossy, or both.
QString markOf(const PointStats &s) {
    QStringList parts;
    if (const QString disturbed = s.disturbance.count(); !disturbed.isEmpty()) {
        parts << disturbed;
    }
    if (s.lossy()) {
        parts << QStringLiteral("loss ") + s.sink->lossPercent();
    }
    return parts.join(QLatin1Char(' '));
}

double finiteOr(double value, double fallback) {
    return std::isfinite(value) ? value : fallback;
}
} // namespace

double xOf(const PointStats &stats, int index) {
    const QList<AxisValue> &values = stats.point.values;
    if (!values.isEmpty() && values.first().isNumber()) {
        return double(values.first().number());
    }
    return index + 1;
}

QList<ChartSeriesData> pps(const QList<PointStats> &stats, const QStringList &axisNames,
                           const QString &seriesName) {
    return group(stats, axisNames, seriesName,
                 [](const PointStats &s, double x) -> std::optional<ChartPoint> {
                     if (!s.ppsFigure) {
                         return std::nullopt;
                     }
                     // The point's figure, whiskers over its valid repetitions.
                     const double y = double(*s.ppsFigure);
                     return ChartPoint{x,
                                       y,
                                       finiteOr(s.ppsSummary.min, y),
                                       finiteOr(s.ppsSummary.max, y),
                                       markOf(s),
                                       pointLines(s).join(u'\n'),
                                       s.lossy()};
                 });
}

QList<ChartSeriesData> deltas(const QList<PointStats> &stats, const QStringList &axisNames,
                              const QString &seriesName, DeltaMode mode) {
    return group(stats, axisNames, seriesName,
                 [mode](const PointStats &s, double x) -> std::optional<ChartPoint> {
                     const std::optional<Delta> &d =
                         mode == DeltaMode::VsPrevious ? s.vsPrevious : s.vsBaseline;
                     if (!d) {
                         return std::nullopt;
                     }
                     return ChartPoint{x,
                                       d->ns,
                                       finiteOr(d->nsCiLow, d->ns),
                                       finiteOr(d->nsCiHigh, d->ns),
                                       {},
                                       (deltaLines(*d, mode) + pointLines(s)).join(u'\n')};
                 });
}

} // namespace burstlab::ChartSeriesBuilder
