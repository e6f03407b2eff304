#include "charts/NoPpsPanel.h"
#include "charts/NoChartNote.h"

#include <QHBoxLayout>
#include <QVBoxLayout>

namespace burstlab {

NoPpsPanel::NoPpsPanel(QWidget *parent)
    : QWidget(parent), m_note(new NoChartNote(this)),
      m_rate(new NetperfChart(NetperfChart::Figure::Rate, this)),
      m_demand(new NetperfChart(NetperfChart::Figure::ServiceDemand, this)) {
    setObjectName(QStringLiteral("noPpsPanel"));
    m_rate->setObjectName(QStringLiteral("netperfRateChart"));
    m_demand->setObjectName(QStringLiteral("netperfDemandChart"));
    auto *charts = new QHBoxLayout;
    charts->setContentsMargins(0, 0, 0, 0);
    charts->addWidget(m_rate, 1);
    charts->addWidget(m_demand, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_note);
    layout->addLayout(charts, 1);
    hide();
}

bool NoPpsPanel::showFor(const QList<PointStats> &stats, const QList<NetperfBar> &bars,
                         const QString &caption) {
    const bool none = m_note->showFor(stats, !bars.isEmpty());
    m_rate->setBars(none ? bars : QList<NetperfBar>{});
    m_demand->setBars(none ? bars : QList<NetperfBar>{});
    m_caption = caption;
    m_rate->setCaption(caption);
    m_demand->setCaption(caption);
    m_rate->setVisible(m_rate->dataPointCount() > 0);
    m_demand->setVisible(m_demand->dataPointCount() > 0);
    // The note says why in a line above the netperf charts; alone, it fills
    // the place.
    const bool charts = m_rate->isVisibleTo(this);
    m_note->setSizePolicy(QSizePolicy::Preferred,
                          charts ? QSizePolicy::Maximum : QSizePolicy::Expanding);
    m_note->setMargin(charts ? 2 : 12);
    setVisible(none);
    return none;
}

QList<QPair<QString, ChartFigure>> NoPpsPanel::figures() const {
    QList<const ChartPane *> shown;
    for (const NetperfChart *chart : {m_rate, m_demand}) {
        if (chart->isVisibleTo(this))
            shown << chart;
    }
    if (shown.isEmpty())
        return {};
    QList<QPair<QString, ChartFigure>> figures;
    if (shown.size() > 1)
        figures.append({tr("netperf rate and service demand side by side"),
                        ChartFigure(shown, m_caption)});
    for (const ChartPane *chart : shown)
        figures.append({tr("netperf %1").arg(static_cast<const NetperfChart *>(chart)->figureName()),
                        ChartFigure({chart}, m_caption)});
    return figures;
}

} // namespace burstlab
