#include "charts/ChartMarks.h"
#include "charts/ChartLegend.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QPen>
#include <QScatterSeries>

#include <algorithm>
#include <optional>

namespace burstlab::ChartMarks {

namespace {
const char *const dotsProperty = "burstlabDots";
// Above the series items Qt Charts draws over the chart's own children.
constexpr qreal kLabelZ = 100;

// The counts of one chart, placed together whenever the plot moves or a
// series is hidden or shown.
class Labels : public QObject {
  public:
    explicit Labels(QChart *chart) : QObject(chart), m_chart(chart) {
        setObjectName(QStringLiteral("burstlabMarkLabels"));
        connect(chart, &QChart::plotAreaChanged, this, &Labels::place);
    }

    // The count of the triangle series' index-th point.
    void add(QScatterSeries *triangles, int index, QGraphicsRectItem *label) {
        if (!m_series.contains(triangles)) {
            m_series.append(triangles);
            connect(triangles, &QAbstractSeries::visibleChanged, this, &Labels::place);
        }
        m_labels.append({triangles, index, label});
    }

    QList<QRectF> shownRects() const {
        QList<QRectF> rects;
        for (const Label &label : m_labels) {
            if (label.item->isVisible()) {
                rects.append(label.item->sceneBoundingRect());
            }
        }
        return rects;
    }

    // Each count at the first place beside its point that overlaps no count
    // placed before it, no dot (its plate would hide it) and no other
    // triangle (it would read as that point's); none: left out.
    void place() {
        QList<QRectF> dots;
        for (QAbstractSeries *series : m_chart->series()) {
            auto *scatter = qobject_cast<QScatterSeries *>(series);
            if (scatter && scatter->property(dotsProperty).toBool()) {
                dots.append(markerRects(scatter));
            }
        }
        QList<QList<QRectF>> triangles;
        for (QScatterSeries *series : m_series) {
            triangles.append(markerRects(series));
        }
        QList<QRectF> placed;
        const QRectF room = m_chart->plotArea();
        for (const Label &label : m_labels) {
            if (!label.series->isVisible()) {
                label.item->hide();
                continue;
            }
            const QPointF at = m_chart->mapToPosition(label.series->at(label.index), label.series);
            const QSizeF size = label.item->boundingRect().size();
            const qreal d = label.series->markerSize() / 2;
            const QList<QPointF> corners{at + QPointF(d, -d - size.height()),
                                         at + QPointF(-d - size.width(), -d - size.height()),
                                         at + QPointF(d, d),
                                         at + QPointF(-d - size.width(), d),
                                         at + QPointF(-size.width() / 2, -2 * d - size.height()),
                                         at + QPointF(-size.width() / 2, 2 * d)};
            // The triangles but the count's own, which it sits beside.
            QList<QRectF> others;
            for (qsizetype t = 0; t < triangles.size(); ++t) {
                for (qsizetype i = 0; i < triangles.at(t).size(); ++i) {
                    if (m_series.at(t) != label.series || i != label.index) {
                        others.append(triangles.at(t).at(i));
                    }
                }
            }
            std::optional<QRectF> chosen;
            for (const QPointF &corner : corners) {
                const QRectF rect(corner, size);
                // A pixel of air, so two counts never touch.
                const QRectF padded = rect.adjusted(-1, -1, 1, 1);
                const auto hits = [&padded](const QRectF &other) {
                    return padded.intersects(other);
                };
                if (room.contains(rect) && std::none_of(placed.begin(), placed.end(), hits) &&
                    std::none_of(others.begin(), others.end(), hits) &&
                    std::none_of(dots.begin(), dots.end(), hits)) {
                    chosen = rect;
                    break;
                }
            }
            label.item->setVisible(chosen.has_value());
            if (chosen) {
                label.item->setPos(chosen->topLeft());
                placed.append(*chosen);
            }
        }
    }

  private:
    struct Label {
        QScatterSeries *series;
        int index;
        QGraphicsRectItem *item;
    };

    // Where the series' markers are drawn; none while it is hidden.
    QList<QRectF> markerRects(QScatterSeries *series) const {
        QList<QRectF> rects;
        if (!series->isVisible()) {
            return rects;
        }
        const qreal r = series->markerSize() / 2;
        for (const QPointF &p : series->points()) {
            rects.append(
                QRectF(m_chart->mapToPosition(p, series) - QPointF(r, r), QSizeF(2 * r, 2 * r)));
        }
        return rects;
    }

    QChart *m_chart;
    QList<QScatterSeries *> m_series;
    QList<Label> m_labels;
};

Labels *labelsOf(const QChart *chart) {
    return chart->findChild<Labels *>(QStringLiteral("burstlabMarkLabels"),
                                      Qt::FindDirectChildrenOnly);
}
} // namespace

QColor color(const QPalette &palette) {
    return palette.color(QPalette::Text);
}

void add(QChart *chart, const QList<ChartPoint> &points, const QString &group,
         const QPalette &palette, qreal fontScale, QAbstractAxis *x, QAbstractAxis *y) {
    // The legend names loss only when a lossy point's mark is drawn.
    const bool loss =
        std::any_of(points.begin(), points.end(), [](const ChartPoint &p) { return p.lossy; });
    // Short: the key under the charts says what n/m counts.
    const QString legend =
        loss ? QObject::tr("disturbed (n/m), loss above 0.1%") : QObject::tr("disturbed (n/m)");
    const QColor neutral = color(palette);
    auto *triangles = new QScatterSeries;
    triangles->setName(legend);
    triangles->setMarkerShape(QScatterSeries::MarkerShapeTriangle);
    triangles->setColor(Qt::transparent);
    triangles->setBorderColor(neutral);
    triangles->setPen(QPen(neutral, 1.5 * fontScale));
    triangles->setMarkerSize(18.0 * fontScale);
    QStringList tips;
    for (const ChartPoint &p : points) {
        if (!p.mark.isEmpty()) {
            triangles->append(p.x, p.y);
            tips.append(p.tip);
        }
    }
    if (tips.isEmpty()) {
        delete triangles;
        return;
    }
    const bool first = !ChartLegend::labels(chart).contains(legend);
    ChartStyle::attach(chart, triangles, x, y, first, {group, legend});
    // Over the point's dot, so hovering the triangle says what the dot would.
    ChartStyle::showTips(triangles, tips);
    Labels *labels = labelsOf(chart);
    if (!labels) {
        labels = new Labels(chart);
    }
    int index = 0;
    for (const ChartPoint &p : points) {
        if (p.mark.isEmpty()) {
            continue;
        }
        // On a plate of the background's colour, above the series (Qt Charts
        // draws them over the chart's own children), so a line or whisker
        // does not run through its digits; the placement keeps it off the
        // dots and triangles.
        auto *plate = new QGraphicsRectItem(chart);
        plate->setZValue(kLabelZ);
        plate->setBrush(palette.color(QPalette::Base));
        plate->setPen(Qt::NoPen);
        auto *text = new QGraphicsSimpleTextItem(p.mark, plate);
        text->setFont(ChartStyle::font(fontScale, 0.85, false));
        text->setBrush(neutral);
        plate->setRect(text->boundingRect());
        labels->add(triangles, index++, plate);
    }
    labels->place();
}

void avoid(QScatterSeries *dots) {
    dots->setProperty(dotsProperty, true);
}

QList<QRectF> labelRects(const QChart *chart) {
    const Labels *labels = labelsOf(chart);
    return labels ? labels->shownRects() : QList<QRectF>{};
}

} // namespace burstlab::ChartMarks
