#include "charts/NoChartNote.h"

#include <algorithm>

namespace burstlab {

NoChartNote::NoChartNote(QWidget *parent) : QLabel(parent) {
    setObjectName(QStringLiteral("noChartNote"));
    setAlignment(Qt::AlignCenter);
    setWordWrap(true);
    setTextFormat(Qt::PlainText);
    setMargin(12);
    setFrameShape(QFrame::StyledPanel);
    hide();
}

bool NoChartNote::showFor(const QList<PointStats> &stats, bool netperf) {
    const bool anyPps = std::any_of(stats.begin(), stats.end(),
                                    [](const PointStats &s) { return s.ppsFigure.has_value(); });
    QString reason;
    for (const PointStats &s : stats) {
        if (reason.isEmpty())
            reason = s.noRateReason();
    }
    const bool none = !anyPps && !reason.isEmpty();
    setText(none ? tr("No pps or delta chart: %1.%2")
                       .arg(reason, netperf ? tr(" The netperf figures are charted here and tabled below.")
                                            : QString())
                 : QString());
    setVisible(none);
    return none;
}

} // namespace burstlab
