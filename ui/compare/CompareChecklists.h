#pragma once
#include "model/RunData.h"

#include <QTableWidget>

namespace burstlab {

// The compared runs' host checklists side by side: one row per item, one
// column per run (baseline first), each cell the item's status in that run.
// A cell whose status or value differs from the baseline's is marked (bold,
// on the highlight of a note) and its item listed first, so a tuning that
// changed between the runs is seen beside the charts it may explain; the
// value found, the recommendation and the item's title are in the tooltip.
class CompareChecklists : public QTableWidget {
    Q_OBJECT
  public:
    explicit CompareChecklists(QWidget *parent = nullptr);

    void showRuns(const QList<RunData> &runs);
    // The items whose status or value differs from the baseline's in some run.
    QStringList differingItems() const;

  protected:
    void resizeEvent(QResizeEvent *event) override;

  private:
    // The items' titles get the width the runs' columns leave.
    void fitTitles();

    QStringList m_differing;
};

} // namespace burstlab
