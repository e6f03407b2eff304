#pragma once
#include "model/RunData.h"

#include <QTableWidget>

namespace burstlab {

// The compared runs' host checklists side by side: one row per item, one
// column per run (baseline first), each cell the item's status in that run.
// A cell whose status differs from the baseline's is marked (bold, on the
// highlight of a note) and its item listed first, so a tuning that changed
// between the runs is seen beside the charts it may explain. A cell whose
// value found differs under the same status is only in italics, listed
// next, with the baseline's value in its tooltip; the value found, the
// recommendation and the item's title are in every cell's tooltip.
class CompareChecklists : public QTableWidget {
    Q_OBJECT
  public:
    explicit CompareChecklists(QWidget *parent = nullptr);

    void showRuns(const QList<RunData> &runs);
    // The items whose status differs from the baseline's in some run (or
    // that some runs did not probe).
    QStringList differingItems() const;

  protected:
    void resizeEvent(QResizeEvent *event) override;

  private:
    // The items' titles get the width the runs' columns leave.
    void fitTitles();

    QStringList m_differing;
};

} // namespace burstlab
