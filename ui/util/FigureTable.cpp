#include "util/FigureTable.h"
#include "util/RowMenu.h"
#include "util/SafeText.h"

#include <QHeaderView>
#include <QTableView>
#include <QVBoxLayout>

namespace burstlab {

QTableView *figureTable(QAbstractItemModel *model, QWidget *parent) {
    auto *table = new QTableView(parent);
    table->setModel(model);
    table->setAlternatingRowColors(true);
    table->setSelectionBehavior(QAbstractItemView::SelectRows);
    table->verticalHeader()->hide();
    table->verticalHeader()->setDefaultSectionSize(table->fontMetrics().height() + 6);
    table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table->horizontalHeader()->setStretchLastSection(true);
    RowMenu::addCopyRows(table);
    RowMenu::install(table);
    return table;
}

QWidget *stacked(const QList<QWidget *> &widgets, QWidget *parent) {
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    for (QWidget *widget : widgets)
        layout->addWidget(widget);
    return box;
}

QString plainTip(const QString &lines) {
    return QStringLiteral("<p style='white-space:pre-wrap'>%1</p>")
        .arg(SafeText::lines(lines).toHtmlEscaped());
}

} // namespace burstlab
