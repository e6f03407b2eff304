#include "util/ColumnChooser.h"

#include <QHeaderView>
#include <QMenu>
#include <QSettings>
#include <QTableView>
#include <QVariant>

namespace burstlab {

ColumnChooser *ColumnChooser::install(QTableView *table, const QString &settingsKey,
                                      const QList<int> &hiddenByDefault) {
    return new ColumnChooser(table, settingsKey, hiddenByDefault);
}

ColumnChooser::ColumnChooser(QTableView *table, const QString &settingsKey,
                             const QList<int> &hidden)
    : QObject(table), m_table(table), m_key(settingsKey), m_hidden(hidden) {
    setObjectName(QStringLiteral("columnChooser"));
    const QSettings settings;
    if (settings.contains(m_key)) {
        m_hidden.clear();
        for (const QVariant &column : settings.value(m_key).toList()) {
            m_hidden.append(column.toInt());
        }
    }
    QHeaderView *header = table->horizontalHeader();
    header->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header, &QWidget::customContextMenuRequested, this, &ColumnChooser::showMenu);
    // A model reset or a sink's columns bring sections back shown.
    connect(header, &QHeaderView::sectionCountChanged, this, &ColumnChooser::apply);
    apply();
}

QList<int> ColumnChooser::hiddenColumns() const {
    QList<int> hidden;
    for (int column : m_hidden) {
        if (column < m_table->horizontalHeader()->count()) {
            hidden.append(column);
        }
    }
    return hidden;
}

void ColumnChooser::setColumnHidden(int column, bool hidden) {
    m_hidden.removeAll(column);
    if (hidden) {
        m_hidden.append(column);
    }
    QVariantList stored;
    for (int c : m_hidden) {
        stored.append(c);
    }
    QSettings().setValue(m_key, stored);
    apply();
}

void ColumnChooser::apply() {
    QHeaderView *header = m_table->horizontalHeader();
    for (int column = 0; column < header->count(); ++column) {
        header->setSectionHidden(column, m_hidden.contains(column));
    }
}

void ColumnChooser::showMenu(const QPoint &at) {
    QHeaderView *header = m_table->horizontalHeader();
    QMenu menu(header);
    menu.setToolTipsVisible(true);
    // In the order shown, the reader's first columns first.
    for (int visual = 0; visual < header->count(); ++visual) {
        const int column = header->logicalIndex(visual);
        QAction *action = menu.addAction(m_table->model()
                                             ->headerData(column, Qt::Horizontal)
                                             .toString()
                                             .replace(QLatin1Char('\n'), QLatin1Char(' ')));
        action->setCheckable(true);
        action->setChecked(!header->isSectionHidden(column));
        // The table keeps at least one column.
        action->setEnabled(header->hiddenSectionCount() < header->count() - 1 ||
                           header->isSectionHidden(column));
        connect(action, &QAction::toggled, this,
                [this, column](bool shown) { setColumnHidden(column, !shown); });
    }
    menu.exec(header->mapToGlobal(at));
}

} // namespace burstlab
