#include "compare/CompareChecklists.h"
#include "host/CheckResult.h"
#include "util/SafeText.h"

#include <QHeaderView>
#include <QMap>
#include <QScrollBar>

#include <algorithm>

namespace burstlab {

namespace {
// Plain text lines in a tip that Qt would otherwise take for HTML.
QString tipLine(const QString &line) {
    return QStringLiteral("<p>%1</p>")
        .arg(line.toHtmlEscaped().replace(u'\n', QStringLiteral("<br>")));
}

QString cellTip(const CheckResult &item, qint64 runId) {
    QStringList lines{QStringLiteral("#%1: %2").arg(runId).arg(SafeText::field(item.title))};
    lines << CompareChecklists::tr("status: %1").arg(checkStatusName(item.status));
    if (!item.current.isEmpty())
        lines << CompareChecklists::tr("found: %1").arg(SafeText::field(item.current));
    if (!item.recommended.isEmpty())
        lines << CompareChecklists::tr("recommended: %1").arg(SafeText::field(item.recommended));
    if (!item.detail.isEmpty())
        lines << SafeText::field(item.detail);
    return tipLine(lines.join(u'\n'));
}
} // namespace

CompareChecklists::CompareChecklists(QWidget *parent) : QTableWidget(parent) {
    setObjectName(QStringLiteral("compareChecklists"));
    setEditTriggers(NoEditTriggers);
    setSelectionMode(NoSelection);
    setWordWrap(false);
    setTextElideMode(Qt::ElideRight);
    verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    verticalHeader()->setDefaultAlignment(Qt::AlignLeft | Qt::AlignVCenter);
    horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    setToolTip(tr("The runs' host checklists: a status that differs from the baseline's is "
                  "marked, a value found that differs with the same status is in italics"));
}

void CompareChecklists::showRuns(const QList<RunData> &runs) {
    clear();
    m_differing.clear();
    // Items in the baseline's order, then those only other runs have.
    QStringList ids;
    QMap<QString, QString> titles;
    QList<QMap<QString, CheckResult>> byRun;
    for (const RunData &data : runs) {
        QMap<QString, CheckResult> items;
        for (const CheckResult &item : CheckResult::fromJsonArray(data.run.checklist)) {
            items.insert(item.id, item);
            if (!ids.contains(item.id)) {
                ids << item.id;
                titles.insert(item.id, SafeText::field(item.title));
            }
        }
        byRun << items;
    }
    // A status that changed (or an item probed in one run only) is a
    // difference; the value found alone often is not: "Nothing else running"
    // fails on a busy host in both runs, with another load each time.
    enum class Change { None, Value, Status };
    const auto change = [&byRun](const QString &id, int run) {
        const QMap<QString, CheckResult> &base = byRun.at(0);
        const QMap<QString, CheckResult> &other = byRun.at(run);
        if (base.contains(id) != other.contains(id))
            return Change::Status;
        if (!base.contains(id))
            return Change::None;
        if (base.value(id).status != other.value(id).status)
            return Change::Status;
        return base.value(id).current == other.value(id).current ? Change::None : Change::Value;
    };
    const auto most = [&](const QString &id) {
        Change most = Change::None;
        for (int run = 1; run < byRun.size(); ++run)
            most = std::max(most, change(id, run));
        return most;
    };
    for (const QString &id : ids) {
        if (most(id) == Change::Status)
            m_differing << id;
    }
    // Changed statuses first, in sight without scrolling; then changed values.
    std::stable_sort(ids.begin(), ids.end(),
                     [&](const QString &a, const QString &b) { return most(a) > most(b); });
    setRowCount(int(ids.size()));
    setColumnCount(int(runs.size()));
    QStringList headers;
    for (const RunData &data : runs)
        headers << QStringLiteral("#%1").arg(data.run.id);
    setHorizontalHeaderLabels(headers);
    QFont marked = font();
    marked.setBold(true);
    QFont quiet = font();
    quiet.setItalic(true);
    for (int row = 0; row < ids.size(); ++row) {
        const QString &id = ids.at(row);
        auto *title = new QTableWidgetItem(titles.value(id));
        title->setToolTip(titles.value(id));
        setVerticalHeaderItem(row, title);
        for (int run = 0; run < runs.size(); ++run) {
            auto *cell = new QTableWidgetItem(tr("not probed"));
            if (byRun.at(run).contains(id)) {
                const CheckResult &item = byRun.at(run).value(id);
                cell->setText(checkStatusName(item.status));
                cell->setToolTip(cellTip(item, runs.at(run).run.id));
            }
            const Change changed = run > 0 ? change(id, run) : Change::None;
            if (changed == Change::Status) {
                cell->setFont(marked);
                cell->setBackground(palette().color(QPalette::ToolTipBase));
                cell->setForeground(palette().color(QPalette::ToolTipText));
            } else if (changed == Change::Value) {
                cell->setFont(quiet);
                cell->setToolTip(cell->toolTip() +
                                 tipLine(tr("#%1 found: %2")
                                             .arg(runs.at(0).run.id)
                                             .arg(SafeText::field(byRun.at(0).value(id).current))));
            }
            setItem(row, run, cell);
        }
    }
    for (QString &id : m_differing)
        id = titles.value(id);
    fitTitles();
}

void CompareChecklists::resizeEvent(QResizeEvent *event) {
    QTableWidget::resizeEvent(event);
    fitTitles();
}

void CompareChecklists::fitTitles() {
    int columns = verticalScrollBar()->sizeHint().width() + 2 * frameWidth();
    for (int column = 0; column < columnCount(); ++column) {
        columns += horizontalHeader()->sectionSize(column);
    }
    verticalHeader()->setMaximumWidth(
        std::max(fontMetrics().averageCharWidth() * 12, width() - columns));
}

QStringList CompareChecklists::differingItems() const {
    return m_differing;
}

} // namespace burstlab
