#include "util/CompactHeader.h"

#include <QStyle>
#include <QStyleOptionHeader>

namespace burstlab {

CompactHeader::CompactHeader(QWidget *parent) : QHeaderView(Qt::Horizontal, parent) {
    setSectionsClickable(true);
    setHighlightSections(true);
}

QSize CompactHeader::sectionSizeFromContents(int logicalIndex) const {
    QSize size = QHeaderView::sectionSizeFromContents(logicalIndex);
    if (isSortIndicatorShown() && logicalIndex != sortIndicatorSection()) {
        // What QHeaderView adds for the arrow: the section's height and a margin.
        QStyleOptionHeader option;
        initStyleOption(&option);
        size.rwidth() -=
            size.height() + style()->pixelMetric(QStyle::PM_HeaderMargin, &option, this);
    }
    return size;
}

void CompactHeader::initStyleOptionForIndex(QStyleOptionHeader *option, int logicalIndex) const {
    QHeaderView::initStyleOptionForIndex(option, logicalIndex);
    if (option->sortIndicator == QStyleOptionHeader::SortUp) {
        option->sortIndicator = QStyleOptionHeader::SortDown;
    } else if (option->sortIndicator == QStyleOptionHeader::SortDown) {
        option->sortIndicator = QStyleOptionHeader::SortUp;
    }
}

} // namespace burstlab
