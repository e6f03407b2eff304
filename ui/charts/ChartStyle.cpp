#include "charts/ChartStyle.h"
#include "charts/ChartData.h"
#include "charts/ChartLegend.h"
#include "charts/ChartMarks.h"

#include <QAreaSeries>
#include <QChart>
#include <QCursor>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QToolTip>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace burstlab::ChartStyle {

namespace {
bool isDark(const QPalette &palette) {
    return palette.color(QPalette::Base).lightness() < 128;
}

const char *const tipsProperty = "burstlabTips";

QColor gridColor(const QPalette &palette) {
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    return QColor::fromRgbF(0.2f * text.redF() + 0.8f * base.redF(),
                            0.2f * text.greenF() + 0.8f * base.greenF(),
                            0.2f * text.blueF() + 0.8f * base.blueF());
}
} // namespace

QFont font(qreal fontScale, qreal relative, bool bold) {
    QFont result;
    // The generic family, by name: an SVG export then says "sans-serif", which
    // every renderer resolves, and Qt lays the text out with the same font
    // fontconfig gives librsvg, so text sits where Qt put it.
    result.setFamily(QStringLiteral("sans-serif"));
    result.setPointSizeF(result.pointSizeF() * fontScale * relative);
    result.setBold(bold);
    return result;
}

QChart *newChart(const QPalette &palette, const QString &title, qreal fontScale) {
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitle(title);
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->setTitleFont(font(fontScale, 1.15, true));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->legend()->setFont(font(fontScale, 1.0, false));
    // Its entries are drawn by ChartLegend, in rows.
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    // The background fills the whole chart, so nothing is drawn outside it.
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart,
                     [chart] { ChartLegend::place(chart); });
    return chart;
}

void addAxis(QChart *chart, QAbstractAxis *axis, Qt::Alignment side, const QString &title,
             const QPalette &palette, qreal fontScale) {
    axis->setTitleText(title);
    axis->setTitleBrush(palette.color(QPalette::Text));
    axis->setTitleFont(font(fontScale, 1.0, false));
    axis->setLabelsBrush(palette.color(QPalette::Text));
    axis->setLabelsFont(font(fontScale, 0.9, false));
    axis->setLinePenColor(palette.color(QPalette::Mid));
    axis->setGridLineColor(gridColor(palette));
    chart->addAxis(axis, side);
}

bool logScaleFits(QList<double> xs) {
    std::sort(xs.begin(), xs.end());
    xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
    if (xs.size() < 3 || xs.first() <= 0 || xs.last() / xs.first() < 4) {
        return false;
    }
    // Whichever scale spaces the values more evenly: 1,2,4..64 or 1..10,16,24,32
    // are burst-like and want log2; 64,128,..,1472 in steps of 64 want linear.
    QList<double> linear;
    QList<double> logarithmic;
    for (qsizetype i = 1; i < xs.size(); ++i) {
        linear.append(xs.at(i) - xs.at(i - 1));
        logarithmic.append(std::log2(xs.at(i) / xs.at(i - 1)));
    }
    const auto spread = [](const QList<double> &gaps) {
        const double mean = std::accumulate(gaps.begin(), gaps.end(), 0.0) / double(gaps.size());
        double squares = 0;
        for (double gap : gaps) {
            squares += (gap - mean) * (gap - mean);
        }
        return std::sqrt(squares / double(gaps.size())) / mean;
    };
    return spread(logarithmic) < spread(linear);
}

QAbstractAxis *parameterAxis(const QList<double> &xs) {
    if (xs.isEmpty()) {
        auto *axis = new QValueAxis;
        axis->setRange(0, 1);
        return axis;
    }
    const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
    if (logScaleFits(xs)) {
        auto *axis = new QLogValueAxis;
        axis->setBase(2);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setRange(*lo / 1.25, *hi * 1.25);
        return axis;
    }
    auto *axis = new QValueAxis;
    axis->setLabelFormat(QStringLiteral("%g"));
    if (!(*hi > *lo)) {
        // One value: it alone in the middle, between its neighbours, rather
        // than nice numbers' half steps round it.
        axis->setRange(*lo - 1, *lo + 1);
        axis->setTickCount(3);
        return axis;
    }
    const double margin = (*hi - *lo) * 0.04;
    axis->setRange(*lo - margin, *hi + margin);
    axis->applyNiceNumbers();
    return axis;
}

RateUnit rateUnit(double high) {
    const auto unit = [](double scale, const QString &symbol) {
        return RateUnit{scale, symbol, QObject::tr("rate (%1)").arg(symbol)};
    };
    if (high >= 1e6) {
        return unit(1e6, QStringLiteral("Mpps"));
    }
    if (high >= 1e3) {
        return unit(1e3, QStringLiteral("kpps"));
    }
    return unit(1, QStringLiteral("pps"));
}

void fitValueAxis(QAbstractAxis *axis, double low, double high, bool includeZero,
                  bool nonNegative) {
    auto *value = qobject_cast<QValueAxis *>(axis);
    if (!value) {
        return;
    }
    if (includeZero) {
        low = std::min(low, 0.0);
        high = std::max(high, 0.0);
    }
    if (!(high > low)) {
        // One value (a one-point run): a tenth of it either side, so the
        // ticks read apart at the label's precision.
        const double room = low != 0 ? std::abs(low) * 0.1 : 1.0;
        low -= room;
        high += room;
    }
    const double margin = (high - low) * 0.08;
    const double min = includeZero && low >= 0 ? 0 : low - margin;
    // Nice numbers round a non-negative minimum down to a multiple of the
    // tick step, which stays at or above zero.
    value->setRange(nonNegative ? std::max(min, 0.0) : min, high + margin);
    value->applyNiceNumbers();
}

QList<ChartPoint> clipToAxis(const QList<ChartPoint> &points, const QAbstractAxis *y) {
    const auto *value = qobject_cast<const QValueAxis *>(y);
    if (!value) {
        return points;
    }
    QList<ChartPoint> clipped = points;
    for (ChartPoint &p : clipped) {
        p.low = std::clamp(p.low, value->min(), value->max());
        p.high = std::clamp(p.high, value->min(), value->max());
    }
    return clipped;
}

QColor seriesColor(const QPalette &palette, int index) {
    // Start from the desktop's highlight hue and step by the golden angle, so
    // neighbouring series stay distinct for any number of runs.
    const QColor highlight = palette.color(QPalette::Highlight);
    const int baseHue = highlight.hslHue() < 0 ? 210 : highlight.hslHue();
    const int hue = (baseHue + index * 137) % 360;
    return QColor::fromHsl(hue, 170, isDark(palette) ? 170 : 100);
}

void attach(QChart *chart, QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y,
            bool inLegend, const QStringList &groups) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    ChartLegend::enter(series, groups, inLegend);
}

void showTips(QScatterSeries *series, const QStringList &tips) {
    series->setProperty(tipsProperty, tips);
    QObject::connect(
        series, &QScatterSeries::hovered, series, [series](const QPointF &point, bool entered) {
            const QStringList tips = series->property(tipsProperty).toStringList();
            QChart *chart = series->chart();
            if (!entered || !chart) {
                QToolTip::hideText();
                return;
            }
            // The hovered point comes back from the marker's position: the
            // nearest point on screen is it.
            const QPointF at = chart->mapToPosition(point, series);
            qsizetype nearest = -1;
            qreal distance = 0;
            for (qsizetype i = 0; i < series->count() && i < tips.size(); ++i) {
                const QPointF d = chart->mapToPosition(series->at(int(i)), series) - at;
                const qreal squared = QPointF::dotProduct(d, d);
                if (nearest < 0 || squared < distance) {
                    nearest = i;
                    distance = squared;
                }
            }
            if (nearest >= 0 && !tips.at(nearest).isEmpty()) {
                QToolTip::showText(QCursor::pos(), tips.at(nearest));
            }
        });
}

QStringList tips(const QChart *chart) {
    QStringList result;
    for (const QAbstractSeries *series : chart->series()) {
        if (series->isVisible()) {
            result.append(series->property(tipsProperty).toStringList());
        }
    }
    return result;
}

void addWhiskers(QChart *chart, const QList<ChartPoint> &points, const QString &group,
                 const QColor &color, QAbstractAxis *x, QAbstractAxis *y) {
    QColor faint = color;
    faint.setAlphaF(0.45f);
    QPen pen(faint);
    pen.setWidthF(1.5);
    for (const ChartPoint &p : clipToAxis(points, y)) {
        if (!(p.high > p.low)) {
            continue;
        }
        auto *whisker = new QLineSeries;
        whisker->setPen(pen);
        whisker->append(p.x, p.low);
        whisker->append(p.x, p.high);
        attach(chart, whisker, x, y, false, {group});
    }
}

void addBand(QChart *chart, const QList<ChartPoint> &points, const QString &group,
             const QColor &color, QAbstractAxis *x, QAbstractAxis *y) {
    auto *upper = new QLineSeries;
    auto *lower = new QLineSeries;
    for (const ChartPoint &p : clipToAxis(points, y)) {
        upper->append(p.x, p.high);
        lower->append(p.x, p.low);
    }
    auto *band = new QAreaSeries(upper, lower);
    QColor fill = color;
    fill.setAlphaF(0.12f);
    band->setBrush(fill);
    band->setPen(Qt::NoPen);
    // Out of the legend: the band's meaning is in the key under the charts,
    // and one entry per series keeps the legend short enough to read.
    attach(chart, band, x, y, false, {group});
}

void addDataLine(QChart *chart, const QString &name, const QList<ChartPoint> &points,
                 const QColor &color, qreal fontScale, QAbstractAxis *x, QAbstractAxis *y) {
    auto *line = new QLineSeries;
    line->setName(name);
    line->setPen(QPen(color, 2.0 * fontScale));
    auto *markers = new QScatterSeries;
    markers->setColor(color);
    markers->setBorderColor(color);
    markers->setMarkerSize(7.0 * fontScale);
    QStringList tips;
    for (const ChartPoint &p : points) {
        line->append(p.x, p.y);
        markers->append(p.x, p.y);
        tips.append(p.tip);
    }
    attach(chart, line, x, y, true);
    attach(chart, markers, x, y, false, {name});
    showTips(markers, tips);
    ChartMarks::avoid(markers);
}

void addGuide(QChart *chart, const QList<double> &xs, double value, const QPen &pen,
              const QString &name, QAbstractAxis *x, QAbstractAxis *y) {
    if (xs.isEmpty()) {
        return;
    }
    auto *guide = new QLineSeries;
    guide->setName(name);
    guide->setPen(pen);
    const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
    guide->append(*lo, value);
    guide->append(*hi, value);
    attach(chart, guide, x, y, !name.isEmpty());
}

} // namespace burstlab::ChartStyle
