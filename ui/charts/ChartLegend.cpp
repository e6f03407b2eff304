#include "charts/ChartLegend.h"

#include <QAbstractSeries>
#include <QChart>
#include <QCoreApplication>
#include <QCursor>
#include <QFontMetricsF>
#include <QGraphicsPolygonItem>
#include <QGraphicsRectItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsSimpleTextItem>
#include <QLegend>
#include <QPen>
#include <QScatterSeries>
#include <QXYSeries>

#include <algorithm>
#include <cmath>

namespace burstlab::ChartLegend {

namespace {
const char *const inLegendProperty = "burstlabInLegend";
const char *const groupsProperty = "burstlabGroups";
const char *const hiddenProperty = "burstlabHidden";
const QString boxTag = QStringLiteral("burstlab-legend");
constexpr qreal dimmed = 0.3;

// One entry: its mark and label, and the area a click switches it in.
class Entry : public QGraphicsRectItem {
  public:
    Entry(QChart *chart, const QString &label, QGraphicsItem *parent)
        : QGraphicsRectItem(parent), m_chart(chart), m_label(label) {
        setPen(Qt::NoPen);
        setAcceptedMouseButtons(Qt::LeftButton);
        setCursor(Qt::PointingHandCursor);
        setToolTip(QCoreApplication::translate("ChartLegend", "Click to hide or show"));
    }
    const QString &label() const { return m_label; }

  protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override { event->accept(); }
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override {
        if (!rect().contains(event->pos())) {
            return;
        }
        QStringList names = hidden(m_chart);
        if (!names.removeOne(m_label)) {
            names.append(m_label);
        }
        setHidden(m_chart, names);
    }

  private:
    QChart *m_chart;
    QString m_label;
};

QList<Entry *> entries(const QChart *chart) {
    QList<Entry *> found;
    for (QGraphicsItem *item : chart->childItems()) {
        if (item->data(0).toString() != boxTag) {
            continue;
        }
        for (QGraphicsItem *child : item->childItems()) {
            found.append(static_cast<Entry *>(child));
        }
    }
    return found;
}

void apply(QChart *chart) {
    const QStringList names = hidden(chart);
    for (QAbstractSeries *series : chart->series()) {
        const QStringList groups = series->property(groupsProperty).toStringList();
        series->setVisible(std::none_of(groups.begin(), groups.end(), [&](const QString &group) {
            return names.contains(group);
        }));
    }
    for (Entry *entry : entries(chart)) {
        entry->setOpacity(names.contains(entry->label()) ? dimmed : 1.0);
    }
}

QGraphicsItem *newMark(const Swatch &swatch, const QRectF &area, const QColor &outline,
                       QGraphicsItem *parent) {
    if (swatch.triangle) {
        const QPolygonF triangle{QPointF(area.center().x(), area.top()), area.bottomRight(),
                                 area.bottomLeft()};
        auto *mark = new QGraphicsPolygonItem(triangle, parent);
        mark->setPen(QPen(swatch.color, 1.5));
        return mark;
    }
    auto *mark = new QGraphicsRectItem(area, parent);
    mark->setBrush(swatch.color);
    mark->setPen(QPen(outline, 0.5));
    return mark;
}
} // namespace

void enter(QAbstractSeries *series, const QStringList &groups, bool inLegend) {
    QStringList all = groups;
    if (inLegend) {
        all.append(series->name());
    }
    series->setProperty(groupsProperty, all);
    series->setProperty(inLegendProperty, inLegend);
}

QList<Swatch> swatches(const QChart *chart) {
    QList<Swatch> result;
    for (const QAbstractSeries *series : chart->series()) {
        if (!series->property(inLegendProperty).toBool()) {
            continue;
        }
        // The only scatter series with an entry: the disturbed marks.
        if (const auto *scatter = qobject_cast<const QScatterSeries *>(series)) {
            result.append({series->name(), scatter->borderColor(),
                           scatter->markerShape() == QScatterSeries::MarkerShapeTriangle});
        } else {
            result.append({series->name(), static_cast<const QXYSeries *>(series)->color()});
        }
    }
    // The marks' entry after the series', wherever their first mark came.
    std::stable_partition(result.begin(), result.end(),
                          [](const Swatch &swatch) { return !swatch.triangle; });
    return result;
}

QStringList shown(const QChart *chart) {
    QStringList result;
    for (const QAbstractSeries *series : chart->series()) {
        if (series->property(inLegendProperty).toBool() && series->isVisible()) {
            result.append(series->name());
        }
    }
    return result;
}

QStringList labels(const QChart *chart) {
    QStringList result;
    for (const QAbstractSeries *series : chart->series()) {
        if (series->property(inLegendProperty).toBool()) {
            result.append(series->name());
        }
    }
    return result;
}

QStringList hidden(const QChart *chart) {
    return chart->property(hiddenProperty).toStringList();
}

void setHidden(QChart *chart, const QStringList &names) {
    const QStringList shown = labels(chart);
    QStringList kept;
    for (const QString &name : names) {
        if (shown.contains(name)) {
            kept.append(name);
        }
    }
    chart->setProperty(hiddenProperty, kept);
    apply(chart);
}

QRectF entryRect(const QChart *chart, const QString &label) {
    for (const Entry *entry : entries(chart)) {
        if (entry->label() == label) {
            return entry->sceneBoundingRect();
        }
    }
    return {};
}

void place(QChart *chart) {
    for (QGraphicsItem *item : chart->childItems()) {
        if (item->data(0).toString() == boxTag) {
            delete item;
        }
    }
    const QLegend *legend = chart->legend();
    const QList<Swatch> listed = swatches(chart);
    const QRectF area = chart->rect();
    constexpr qreal side = 8;
    const QFontMetricsF metrics(legend->font());
    const qreal square = std::round(metrics.height() * 0.6);
    const qreal gap = metrics.height() * 0.4;
    const qreal rowHeight = metrics.height() * 1.3;
    const qreal width = area.width() - 2 * side;
    if (listed.isEmpty() || width <= 0) {
        chart->setMargins(QMargins(4, 4, 4, 4));
        return;
    }
    auto *box = new QGraphicsRectItem(chart);
    box->setData(0, boxTag);
    box->setPen(Qt::NoPen);
    QList<QList<Entry *>> rows{{}};
    QList<qreal> rowWidths{0};
    for (const Swatch &swatch : listed) {
        const qreal textRoom = width - square - gap;
        const QString text =
            metrics.elidedText(swatch.label, Qt::ElideRight, std::max<qreal>(textRoom, 0));
        const qreal entryWidth = square + gap + metrics.horizontalAdvance(text);
        if (rowWidths.last() > 0 && rowWidths.last() + 2 * gap + entryWidth > width) {
            rows.append(QList<Entry *>());
            rowWidths.append(0);
        }
        const qreal x = rowWidths.last() > 0 ? rowWidths.last() + 2 * gap : 0;
        const qreal y = (rows.size() - 1) * rowHeight;
        auto *entry = new Entry(chart, swatch.label, box);
        entry->setRect(0, 0, entryWidth, rowHeight);
        entry->setPos(x, y);
        newMark(swatch, QRectF(0, (rowHeight - square) / 2, square, square), legend->labelColor(),
                entry);
        auto *label = new QGraphicsSimpleTextItem(text, entry);
        label->setFont(legend->font());
        label->setBrush(legend->labelColor());
        label->setPos(square + gap, (rowHeight - metrics.height()) / 2);
        rows.last().append(entry);
        rowWidths.last() = x + entryWidth;
    }
    // Each row centred, as a one-row legend would be.
    for (qsizetype r = 0; r < rows.size(); ++r) {
        for (Entry *entry : rows.at(r)) {
            entry->moveBy((width - rowWidths.at(r)) / 2, 0);
        }
    }
    const qreal height = rows.size() * rowHeight;
    box->setPos(area.left() + side, area.bottom() - height - 4);
    chart->setMargins(QMargins(4, 4, 4, int(std::ceil(height)) + 6));
    apply(chart);
}

} // namespace burstlab::ChartLegend
