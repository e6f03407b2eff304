#pragma once
#include <QColor>
#include <QFont>
#include <QList>
#include <QPalette>
#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QAbstractAxis;
class QAbstractSeries;
class QChart;
class QScatterSeries;
class QPen;
QT_END_NAMESPACE

namespace burstlab {

struct ChartPoint;

// Every chart takes its colours and fonts from the application palette, so the
// charts follow a light or dark desktop and nothing is hard-coded per chart.
namespace ChartStyle {
// The charts' font: the generic sans-serif family at the desktop's size times
// fontScale (exports) times relative (titles, tick labels).
QFont font(qreal fontScale, qreal relative, bool bold);
QChart *newChart(const QPalette &palette, const QString &title, qreal fontScale);
void addAxis(QChart *chart, QAbstractAxis *axis, Qt::Alignment side, const QString &title,
             const QPalette &palette, qreal fontScale);
// A log2 axis for burst-like values (1,2,4..64; 1..10,16,24,32: spaced more
// evenly in log2 than linearly, over a range of 4x or more), else linear.
bool logScaleFits(QList<double> xs);
QAbstractAxis *parameterAxis(const QList<double> &xs);
// Rates of a DPDK port span kpps to tens of Mpps: the unit that keeps the
// axis numbers short for values up to high.
struct RateUnit {
    double scale;
    QString symbol; // "Mpps"
    QString title;  // "rate (Mpps)"
};
RateUnit rateUnit(double high);
// Value axis range with a margin, including zero when asked (deltas); a
// nonNegative axis (a rate) never runs below zero, margin or not.
void fitValueAxis(QAbstractAxis *axis, double low, double high, bool includeZero,
                  bool nonNegative = false);
// The points with their whiskers or intervals cut at the value axis's range:
// a wide one ends at the plot's edge instead of widening the axis.
QList<ChartPoint> clipToAxis(const QList<ChartPoint> &points, const QAbstractAxis *y);
QColor seriesColor(const QPalette &palette, int index);
// Adds the series on the axes; inLegend: it has an entry in the chart's
// legend; groups: the entries that hide it too (ChartLegend).
void attach(QChart *chart, QAbstractSeries *series, QAbstractAxis *x, QAbstractAxis *y,
            bool inLegend, const QStringList &groups = {});
// Hovering the series' i-th point shows tips[i] as a tooltip.
void showTips(QScatterSeries *series, const QStringList &tips);
// The tooltips of the points drawn.
QStringList tips(const QChart *chart);
// Vertical whisker segments through low..high for each point, outside the
// legend, fainter than the series' line and cut at the value axis's range:
// call after the axis range is set.
// group: the series' name, whose legend entry hides them.
void addWhiskers(QChart *chart, const QList<ChartPoint> &points, const QString &group,
                 const QColor &color, QAbstractAxis *x, QAbstractAxis *y);
// A filled band through low..high of the points (an interval), outside the
// legend, faint so that other series' lines read through it and cut at the
// value axis's range: call after the axis range is set.
void addBand(QChart *chart, const QList<ChartPoint> &points, const QString &group,
             const QColor &color, QAbstractAxis *x, QAbstractAxis *y);
// The series' line with a dot on every point, each with its tooltip; the
// line alone is in the legend.
void addDataLine(QChart *chart, const QString &name, const QList<ChartPoint> &points,
                 const QColor &color, qreal fontScale, QAbstractAxis *x, QAbstractAxis *y);
// A horizontal guide (zero, a line-rate ceiling) across the x values; a named
// guide appears in the legend.
void addGuide(QChart *chart, const QList<double> &xs, double value, const QPen &pen,
              const QString &name, QAbstractAxis *x, QAbstractAxis *y);
} // namespace ChartStyle

} // namespace burstlab
