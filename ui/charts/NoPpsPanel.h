#pragma once
#include "charts/ChartFigure.h"
#include "charts/NetperfChart.h"

#include <QPair>
#include <QWidget>

namespace burstlab {

class NoChartNote;

// What stands where the pps and delta charts would be when no point has a
// pps: the note saying why and, for imported netperf tables, their own
// charts side by side, the rate and the service demand of each table.
class NoPpsPanel : public QWidget {
    Q_OBJECT
  public:
    explicit NoPpsPanel(QWidget *parent = nullptr);

    // Shows itself when the points have no pps, with the netperf charts
    // when there are bars (NetperfChart::barsOf); true then. caption: what
    // an exported netperf figure says under the charts.
    bool showFor(const QList<PointStats> &stats, const QList<NetperfBar> &bars,
                 const QString &caption);
    // What File ▸ Export chart offers: the netperf charts side by side, then
    // each; none without netperf bars.
    QList<QPair<QString, ChartFigure>> figures() const;

    NoChartNote *note() const { return m_note; }
    NetperfChart *rateChart() const { return m_rate; }
    NetperfChart *demandChart() const { return m_demand; }

  private:
    NoChartNote *m_note;
    NetperfChart *m_rate;
    NetperfChart *m_demand;
    QString m_caption;
};

} // namespace burstlab
