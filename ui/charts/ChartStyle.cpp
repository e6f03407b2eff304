#include "charts/ChartStyle.h"
#include "charts/ChartData.h"

#include <QChart>
#include <QLegendMarker>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace burstlab::ChartStyle {

namespace {
QFont scaledFont(qreal fontScale, qreal relative, bool bold) {
    QFont font;
    font.setPointSizeF(font.pointSizeF() * fontScale * relative);
    font.setBold(bold);
    return font;
}

bool isDark(const QPalette &palette) {
    return palette.color(QPalette::Base).lightness() < 128;
}

QColor gridColor(const QPalette &palette) {
    const QColor text = palette.color(QPalette::Text);
    const QColor base = palette.color(QPalette::Base);
    return QColor::fromRgbF(0.2f * text.redF() + 0.8f * base.redF(),
                            0.2f * text.greenF() + 0.8f * base.greenF(),
                            0.2f * text.blueF() + 0.8f * base.blueF());
}
} // namespace

QChart *newChart(const QPalette &palette, const QString &title, qreal fontScale) {
    auto *chart = new QChart;
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setBackgroundBrush(palette.color(QPalette::Base));
    chart->setBackgroundRoundness(0);
    chart->setPlotAreaBackgroundVisible(false);
    chart->setTitle(title);
    chart->setTitleBrush(palette.color(QPalette::Text));
    chart->setTitleFont(scaledFont(fontScale, 1.15, true));
    chart->legend()->setLabelColor(palette.color(QPalette::Text));
    chart->legend()->setFont(scaledFont(fontScale, 1.0, false));
    chart->legend()->setAlignment(Qt::AlignBottom);
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
}

void addAxis(QChart *chart, QAbstractAxis *axis, Qt::Alignment side, const QString &title,
             const QPalette &palette, qreal fontScale) {
    axis->setTitleText(title);
    axis->setTitleBrush(palette.color(QPalette::Text));
    axis->setTitleFont(scaledFont(fontScale, 1.0, false));
    axis->setLabelsBrush(palette.color(QPalette::Text));
    axis->setLabelsFont(scaledFont(fontScale, 0.9, false));
    axis->setLinePenColor(palette.color(QPalette::Mid));
    axis->setGridLineColor(gridColor(palette));
    chart->addAxis(axis, side);
}

QAbstractAxis *parameterAxis(const QList<double> &xs) {
    if (xs.isEmpty()) {
        auto *axis = new QValueAxis;
        axis->setRange(0, 1);
        return axis;
    }
    const auto [lo, hi] = std::minmax_element(xs.begin(), xs.end());
    if (*lo > 0 && *hi / *lo >= 8) {
        auto *axis = new QLogValueAxis;
        axis->setBase(2);
        axis->setLabelFormat(QStringLiteral("%g"));
        axis->setRange(*lo / 1.25, *hi * 1.25);
        return axis;
    }
    auto *axis = new QValueAxis;
    const double margin = *hi > *lo ? (*hi - *lo) * 0.04 : 1.0;
    axis->setRange(*lo - margin, *hi + margin);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%g"));
    return axis;
}

void fitValueAxis(QAbstractAxis *axis, double low, double high, bool includeZero) {
    auto *value = qobject_cast<QValueAxis *>(axis);
    if (!value) {
        return;
    }
    if (includeZero) {
        low = std::min(low, 0.0);
        high = std::max(high, 0.0);
    }
    if (!(high > low)) {
        high = low + 1;
    }
    const double margin = (high - low) * 0.08;
    value->setRange(includeZero && low >= 0 ? 0 : low - margin, high + margin);
    value->applyNiceNumbers();
}

QColor seriesColor(const QPalette &palette, int index) {
    // Start from the desktop's highlight hue and step by the golden angle, so
    // neighbouring series stay distinct for any number of runs.
    const QColor highlight = palette.color(QPalette::Highlight);
    const int baseHue = highlight.hslHue() < 0 ? 210 : highlight.hslHue();
    const int hue = (baseHue + index * 137) % 360;
    return QColor::fromHsl(hue, 170, isDark(palette) ? 170 : 100);
}

void attach(QChart *chart, QXYSeries *series, QAbstractAxis *x, QAbstractAxis *y, bool inLegend) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    if (!inLegend) {
        for (QLegendMarker *marker : chart->legend()->markers(series)) {
            marker->setVisible(false);
        }
    }
}

void addWhiskers(QChart *chart, const QList<ChartPoint> &points, const QColor &color,
                 QAbstractAxis *x, QAbstractAxis *y) {
    QPen pen(color);
    pen.setWidthF(1.5);
    for (const ChartPoint &p : points) {
        if (!(p.high > p.low)) {
            continue;
        }
        auto *whisker = new QLineSeries;
        whisker->setPen(pen);
        whisker->append(p.x, p.low);
        whisker->append(p.x, p.high);
        attach(chart, whisker, x, y, false);
    }
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
    for (const ChartPoint &p : points) {
        line->append(p.x, p.y);
        markers->append(p.x, p.y);
    }
    attach(chart, line, x, y, true);
    attach(chart, markers, x, y, false);
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
