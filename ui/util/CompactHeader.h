#pragma once
#include <QHeaderView>

namespace burstlab {

// A sortable table's header whose sections are as wide as their titles and
// figures: only the section the table is sorted by keeps room for the sort
// arrow. Qt gives every section of a sortable table that room, which on a
// laptop pushes the last columns a reader needs out of sight. Its arrow
// points the way the values go down the column (up for ascending, down for
// descending), where Qt draws the opposite.
class CompactHeader : public QHeaderView {
    Q_OBJECT
  public:
    explicit CompactHeader(QWidget *parent = nullptr);

  protected:
    QSize sectionSizeFromContents(int logicalIndex) const override;
    void initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const override;
};

} // namespace burstlab
