#pragma once
#include "charts/ChartPane.h"
#include "stats/NetperfFigures.h"
#include "stats/PointStats.h"

#include <QList>
#include <QString>

namespace burstlab {

// One imported netperf table as a bar: what it is called on the chart (the
// run, and the point of a swept run) and its figures.
struct NetperfBar {
    QString label;
    NetperfResult result;
};

// One netperf figure across tables, a horizontal bar each: the rate
// (transactions/s of a *_RR test, throughput of a *_STREAM test) or the
// service demand, the figures seed 004 compares with and without gro. The
// values are NetperfFigure::value(), the numbers the tables print, and each
// bar's label ends in the figure as netperf printed it, so the chart and
// the table beside it cannot disagree. A table whose netperf did not
// measure the figure (-1) keeps its row, labelled "not measured", with no
// bar: a zero would read as a measurement.
class NetperfChart : public ChartPane {
    Q_OBJECT
  public:
    enum class Figure {
        Rate,         // the first figure of the first bar's table, and the tables that share it
        ServiceDemand // S.dem local where any table measured it, else S.dem remote
    };

    explicit NetperfChart(Figure figure, QWidget *parent = nullptr);

    void setBars(const QList<NetperfBar> &bars);
    // The bars of points with netperf figures, labelled by labels[i] (the
    // run's name in a comparison) and the point where the run is swept.
    static QList<NetperfBar> barsOf(const QList<PointStats> &stats, const QStringList &axisNames,
                                    const QString &label);

    // The figure drawn, "transactions/s"; empty when no table has it.
    QString figureName() const { return m_name; }
    // The bars' labels, as the category axis draws them, top first: what
    // every bar shares ("TCP_RR") is in the title instead; a single bar's
    // label is its value.
    QStringList barLabels() const;
    // Bars drawn: tables with the figure measured.
    int dataPointCount() const override;

  protected:
    QChart *buildChart(qreal fontScale) const override;

  private:
    struct Row {
        QString label;
        NetperfFigure figure;
    };
    // The figure this chart draws of each bar's table, in the bars' order.
    QList<Row> rows() const;
    // "128,14336 gro=off: 5837.35", or the value alone
    static QString labelOf(const Row &row);

    Figure m_figure;
    QString m_shared; // the words every bar's label started with, said in the title
    QList<NetperfBar> m_bars; // their labels without those words
    QString m_name;
};

} // namespace burstlab
