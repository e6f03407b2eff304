#include "results/ChartSeriesBuilder.h"
#include "util/SafeText.h"

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

using PointMaker = std::function<std::optional<ChartPoint>(const PointStats &, double x)>;

QList<ChartSeriesData> group(const QList<PointStats> &stats, const QStringList &axisNames,
                             const QString &seriesName, const PointMaker &make) {
    QList<ChartSeriesData> series;
    QMap<QString, qsizetype> indexByKey;
    for (int i = 0; i < stats.size(); ++i) {
        const std::optional<ChartPoint> point = make(stats.at(i), xOf(stats.at(i), i));
        if (!point) {
            continue;
        }
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
                     return ChartPoint{x, y, finiteOr(s.ppsSummary.min, y),
                                       finiteOr(s.ppsSummary.max, y), markOf(s)};
                 });
}

QList<ChartSeriesData> deltas(const QList<PointStats> &stats, const QStringList &axisNames,
                              const QString &seriesName, DeltaMode mode) {
    return group(
        stats, axisNames, seriesName,
        [mode](const PointStats &s, double x) -> std::optional<ChartPoint> {
            const std::optional<Delta> &d =
                mode == DeltaMode::VsPrevious ? s.vsPrevious : s.vsBaseline;
            if (!d) {
                return std::nullopt;
            }
            return ChartPoint{x, d->ns, finiteOr(d->nsCiLow, d->ns), finiteOr(d->nsCiHigh, d->ns)};
        });
}

} // namespace burstlab::ChartSeriesBuilder
