#include "util/CompactTable.h"

#include <QHeaderView>
#include <QScrollBar>
#include <QStyle>
#include <QTableView>

namespace burstlab::CompactTable {

void fit(QTableView *table, int rows) {
    QHeaderView *vertical = table->verticalHeader();
    const int rowHeight = table->fontMetrics().height() + 6;
    vertical->setMinimumSectionSize(rowHeight);
    vertical->setDefaultSectionSize(rowHeight);
    const int scrollBar = table->style()->pixelMetric(QStyle::PM_ScrollBarExtent);
    // The header's height is known only once a model gives it its titles
    // (two lines in compare): the minimum follows it.
    const auto apply = [table, rows, rowHeight, scrollBar] {
        const int header = table->horizontalHeader()->sizeHint().height();
        table->setMinimumHeight(header + rows * rowHeight + scrollBar + 2 * table->frameWidth());
    };
    apply();
    QObject::connect(table->horizontalHeader(), &QHeaderView::geometriesChanged, table, apply);
}

void putFirst(QTableView *table, const QList<int> &columns) {
    QHeaderView *header = table->horizontalHeader();
    // Back to the model's order first: a model reset may keep an old order.
    for (int logical = 0; logical < header->count(); ++logical) {
        header->moveSection(header->visualIndex(logical), logical);
    }
    int to = 0;
    for (int logical : columns) {
        if (logical >= 0 && logical < header->count()) {
            header->moveSection(header->visualIndex(logical), to++);
        }
    }
}

} // namespace burstlab::CompactTable
