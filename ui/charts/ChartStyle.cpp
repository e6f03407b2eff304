#include "charts/ChartStyle.h"
#include "charts/ChartData.h"

#include <QAreaSeries>
#include <QChart>
#include <QFontMetricsF>
#include <QGraphicsLayout>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPen>
#include <QScatterSeries>
#include <QValueAxis>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace burstlab::ChartStyle {

namespace {
bool isDark(const QPalette &palette) {
    return palette.color(QPalette::Base).lightness() < 128;
}

const char *const inLegendProperty = "burstlabInLegend";

// The legend under the plot, in as many rows as its entries need. Qt's own
// legend keeps one row and cuts every entry short, so "clone=0 · 2d-burst"
// and "clone=64 · 2d-burst" would both read "clone=..."; this one is drawn
// from the series attached to the legend and wraps, and the chart's bottom
// margin keeps its rows' room. Redrawn at every resize.
void placeLegend(QChart *chart) {
    const QString tag = QStringLiteral("burstlab-legend");
    for (QGraphicsItem *item : chart->childItems()) {
        if (item->data(0).toString() == tag) {
            delete item;
        }
    }
    const QLegend *legend = chart->legend();
    struct Entry {
        QString label;
        QColor color;
    };
    QList<Entry> entries;
    for (const QAbstractSeries *series : chart->series()) {
        if (series->property(inLegendProperty).toBool()) {
            // A ring's colour is its border's.
            const auto *scatter = qobject_cast<const QScatterSeries *>(series);
            entries.append({series->name(), scatter
                                                ? scatter->borderColor()
                                                : static_cast<const QXYSeries *>(series)->color()});
        }
    }
    const QRectF area = chart->rect();
    constexpr qreal side = 8;
    const QFontMetricsF metrics(legend->font());
    const qreal square = std::round(metrics.height() * 0.6);
    const qreal gap = metrics.height() * 0.4;
    const qreal rowHeight = metrics.height() * 1.3;
    const qreal width = area.width() - 2 * side;
    if (entries.isEmpty() || width <= 0) {
        chart->setMargins(QMargins(4, 4, 4, 4));
        return;
    }
    auto *box = new QGraphicsRectItem(chart);
    box->setData(0, tag);
    box->setPen(Qt::NoPen);
    QList<QList<QGraphicsItem *>> rows{{}};
    QList<qreal> rowWidths{0};
    for (const Entry &entry : entries) {
        const qreal textRoom = width - square - gap;
        const QString text =
            metrics.elidedText(entry.label, Qt::ElideRight, std::max<qreal>(textRoom, 0));
        const qreal entryWidth = square + gap + metrics.horizontalAdvance(text);
        if (rowWidths.last() > 0 && rowWidths.last() + 2 * gap + entryWidth > width) {
            rows.append(QList<QGraphicsItem *>());
            rowWidths.append(0);
        }
        const qreal x = rowWidths.last() > 0 ? rowWidths.last() + 2 * gap : 0;
        const qreal y = (rows.size() - 1) * rowHeight;
        auto *mark = new QGraphicsRectItem(x, y + (rowHeight - square) / 2, square, square, box);
        mark->setBrush(entry.color);
        mark->setPen(QPen(legend->labelColor(), 0.5));
        auto *label = new QGraphicsSimpleTextItem(text, box);
        label->setFont(legend->font());
        label->setBrush(legend->labelColor());
        label->setPos(x + square + gap, y + (rowHeight - metrics.height()) / 2);
        rows.last() << mark << label;
        rowWidths.last() = x + entryWidth;
    }
    // Each row centred, as a one-row legend would be.
    for (qsizetype r = 0; r < rows.size(); ++r) {
        for (QGraphicsItem *item : rows.at(r)) {
            item->moveBy((width - rowWidths.at(r)) / 2, 0);
        }
    }
    const qreal height = rows.size() * rowHeight;
    box->setPos(area.left() + side, area.bottom() - height - 4);
    chart->setMargins(QMargins(4, 4, 4, int(std::ceil(height)) + 6));
}

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
    // Its entries are drawn by placeLegend, in rows.
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    // The background fills the whole chart, so nothing is drawn outside it.
    chart->layout()->setContentsMargins(0, 0, 0, 0);
    QObject::connect(chart, &QGraphicsWidget::geometryChanged, chart,
                     [chart] { placeLegend(chart); });
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
    const double margin = *hi > *lo ? (*hi - *lo) * 0.04 : 1.0;
    axis->setRange(*lo - margin, *hi + margin);
    axis->applyNiceNumbers();
    axis->setLabelFormat(QStringLiteral("%g"));
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
        high = low + 1;
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

void attach(QChart *chart, QXYSeries *series, QAbstractAxis *x, QAbstractAxis *y, bool inLegend) {
    chart->addSeries(series);
    series->attachAxis(x);
    series->attachAxis(y);
    series->setProperty(inLegendProperty, inLegend);
}

QStringList legendLabels(const QChart *chart) {
    QStringList labels;
    for (const QAbstractSeries *series : chart->series()) {
        if (series->property(inLegendProperty).toBool()) {
            labels.append(series->name());
        }
    }
    return labels;
}

void addWhiskers(QChart *chart, const QList<ChartPoint> &points, const QColor &color,
                 QAbstractAxis *x, QAbstractAxis *y) {
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
        attach(chart, whisker, x, y, false);
    }
}

void addBand(QChart *chart, const QList<ChartPoint> &points, const QColor &color, QAbstractAxis *x,
             QAbstractAxis *y) {
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
    // Out of the legend: the band's meaning is in the figure's caption, and
    // one entry per series keeps the legend short enough to read.
    chart->addSeries(band);
    band->attachAxis(x);
    band->attachAxis(y);
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

void addMarks(QChart *chart, const QList<ChartPoint> &points, qreal fontScale, QAbstractAxis *x,
              QAbstractAxis *y) {
    const QColor alarm(220, 50, 47);
    // A lossy point's mark reads "loss 0.41%" (ChartSeriesBuilder); the
    // legend names it only when one is drawn.
    const bool loss = std::any_of(points.begin(), points.end(), [](const ChartPoint &p) {
        return p.mark.contains(QStringLiteral("loss "));
    });
    const QString legend = loss ? QObject::tr("disturbed repetitions (of all), loss above 0.1%")
                                : QObject::tr("disturbed repetitions (of all)");
    auto *rings = new QScatterSeries;
    rings->setName(legend);
    rings->setColor(Qt::transparent);
    rings->setBorderColor(alarm);
    rings->setPen(QPen(alarm, 2.0 * fontScale));
    rings->setMarkerSize(15.0 * fontScale);
    QList<QGraphicsSimpleTextItem *> labels;
    for (const ChartPoint &p : points) {
        if (p.mark.isEmpty()) {
            continue;
        }
        rings->append(p.x, p.y);
        auto *label = new QGraphicsSimpleTextItem(p.mark, chart);
        label->setFont(font(fontScale, 0.85, false));
        label->setBrush(alarm);
        labels.append(label);
    }
    if (labels.isEmpty()) {
        delete rings;
        return;
    }
    const QStringList shown = legendLabels(chart);
    attach(chart, rings, x, y, !shown.contains(legend));
    // Placed where the plot puts the points, whenever the plot area moves.
    const auto place = [chart, rings, labels, fontScale] {
        for (qsizetype i = 0; i < labels.size(); ++i) {
            const QPointF at = chart->mapToPosition(rings->at(int(i)), rings);
            labels.at(i)->setPos(
                at +
                QPointF(6 * fontScale, -labels.at(i)->boundingRect().height() - 4 * fontScale));
        }
    };
    QObject::connect(chart, &QChart::plotAreaChanged, rings, place);
    place();
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
