#pragma once
#include "charts/ChartLegend.h"

#include <QList>
#include <QRect>
#include <QSize>
#include <QStringList>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
class QPainter;
class QGraphicsScene;
QT_END_NAMESPACE

namespace burstlab {

// A widget showing one chart. Subclasses rebuild their chart from their own data,
// so the pane and every export are drawn by the same code and an export never
// depends on the on-screen size, zoom or animation state.
class ChartPane : public QWidget {
    Q_OBJECT
  public:
    explicit ChartPane(QWidget *parent = nullptr);

    // What an exported figure says under the chart: device, frame size,
    // repetitions, what the marks mean, version and date (ChartFigure).
    void setCaption(const QString &caption);
    QString caption() const { return m_caption; }
    // Fixed-size renderings for a mailing-list post or a slide, with the
    // caption; false with a reason in *error when the file cannot be written.
    bool exportPng(const QString &path, QSize size, QString *error) const;
    bool exportSvg(const QString &path, QSize size, QString *error) const;
    // Draws the chart alone into area of a figure, text enlarged by fontScale.
    void render(QPainter &painter, const QRectF &area, qreal fontScale) const;

    QString chartTitle() const;
    // The labels of the legend's entries, as drawn.
    QStringList legendLabels() const;
    // Where the entry is drawn in this widget, for a click; empty without it.
    QRect legendEntryRect(const QString &label) const;
    // The entries switched off by a click: their series are hidden, on
    // screen and in every export, until the entry is clicked again.
    QStringList hiddenSeries() const;
    // The legend entries whose series are drawn.
    QStringList shownSeries() const;
    // What each entry shows before its label: colour and shape.
    QList<ChartLegend::Swatch> legendSwatches() const;
    // The tooltips of the points drawn (the disturbed marks' too).
    QStringList pointToolTips() const;
    // The disturbed counts beside the points, as drawn in this widget.
    QList<QRect> markLabelRects() const;
    // The same, as a figure drawing the chart in an area of this size draws them.
    QList<QRect> markLabelRects(QSizeF area, qreal fontScale) const;
    // Number of data points drawn by the visible series (whiskers and guides excluded).
    virtual int dataPointCount() const = 0;

  protected:
    // A fresh chart from the current data; fontScale enlarges text for exports.
    virtual QChart *buildChart(qreal fontScale) const = 0;
    // Replaces the shown chart; call after the data changed.
    void refresh();
    // The chart on screen, for panes that extend it in place at a high rate.
    QChart *shownChart() const;
    void changeEvent(QEvent *event) override;

  private:
    // A fresh chart laid out alone in the scene at this size, for a figure.
    QChart *layOut(QGraphicsScene &scene, QSizeF size, qreal fontScale) const;

    QChartView *m_view;
    QString m_caption;
};

} // namespace burstlab
