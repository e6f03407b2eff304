#include "compare/CompareView.h"
#include "charts/DeltaChart.h"
#include "charts/NoChartNote.h"
#include "charts/NoPpsPanel.h"
#include "charts/PpsChart.h"
#include "compare/CompareChecklists.h"
#include "compare/CompareTableModel.h"
#include "compare/NetperfCompareModel.h"
#include "export/FigureCaption.h"
#include "profile/ProfileBarsOf.h"
#include "profile/ProfilePanel.h"
#include "results/ChartSeriesBuilder.h"
#include "stats/PointStats.h"
#include "store/RunFilter.h"
#include "store/RunStore.h"
#include "util/ChartsWithKey.h"
#include "util/CompactTable.h"
#include "util/ElidedLabel.h"
#include "util/FigureTable.h"
#include "util/RowMenu.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace burstlab {

namespace {
// The runs the picker lists, newest first.
constexpr int pickerRuns = 500;

// One run's statistics from the comparison, in the comparison's point order.
QList<PointStats> statsOfRun(const Comparison &comparison, int run) {
    QList<PointStats> stats;
    for (const std::optional<PointStats> &cell : comparison.cells.value(run)) {
        if (cell) {
            stats.append(*cell);
        }
    }
    return stats;
}

QIcon icon(QStyle::StandardPixmap pixmap) {
    return QApplication::style()->standardIcon(pixmap);
}
} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent), m_baseline(new QComboBox(this)), m_message(new ElidedLabel(this)),
      m_key(new QLabel(this)), m_top(new QHBoxLayout), m_filter(new QLineEdit(this)),
      m_picker(new QListWidget(this)), m_pps(new PpsChart(this)), m_delta(new DeltaChart(this)),
      m_noPps(new NoPpsPanel(this)), m_model(new CompareTableModel(this)),
      m_table(new QTableView(this)), m_netperfModel(new NetperfCompareModel(this)),
      m_netperfTable(figureTable(m_netperfModel, this)), m_differences(new QListWidget(this)),
      m_profileDiff(new ProfilePanel(this)), m_side(new QTabWidget(this)),
      m_bottom(new QSplitter(Qt::Horizontal, this)), m_main(new QSplitter(Qt::Horizontal, this)),
      m_checklists(new CompareChecklists(this)) {
    m_message->setText(tr("Tick two or more runs in the list to compare them."));
    m_baseline->setToolTip(tr("Deltas and verdicts are taken against this run"));
    m_baseline->setMinimumContentsLength(16);
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_filter->setPlaceholderText(tr("Filter the newest runs"));
    m_filter->setClearButtonEnabled(true);
    m_picker->setObjectName(QStringLiteral("comparePicker"));
    m_picker->setToolTip(tr("Tick the runs to compare; the baseline is chosen above"));
    m_picker->setTextElideMode(Qt::ElideRight);
    m_picker->setUniformItemSizes(true);
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    // Columns as wide as their figures, fitted as runs are compared; headers
    // name runs by id (CompareTableModel), so they are short.
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    m_table->horizontalHeader()->setStretchLastSection(true);
    CompactTable::fit(m_table, 8);
    m_differences->setWordWrap(true);
    m_differences->setToolTip(tr("What differs between the baseline and each other run: results "
                                 "measured with other settings or on other hosts are not "
                                 "comparable as-is"));

    m_top->addWidget(new QLabel(tr("Baseline:"), this));
    m_top->addWidget(m_baseline);
    m_top->addSpacing(12);
    m_top->addWidget(m_message, 1);

    auto *pickerBox = new QWidget(this);
    auto *pickerLayout = new QVBoxLayout(pickerBox);
    pickerLayout->setContentsMargins(0, 0, 0, 0);
    pickerLayout->addWidget(new QLabel(tr("Runs"), this));
    pickerLayout->addWidget(m_filter);
    pickerLayout->addWidget(m_picker, 1);

    auto *charts = new QSplitter(Qt::Horizontal, this);
    charts->setChildrenCollapsible(false);
    charts->addWidget(m_pps);
    charts->addWidget(m_delta);
    charts->addWidget(m_noPps);
    charts->addWidget(m_checklists);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 3);
    charts->setStretchFactor(2, 6);
    charts->setStretchFactor(3, 2);
    auto *profileScroll = new QScrollArea(this);
    profileScroll->setWidget(m_profileDiff);
    profileScroll->setWidgetResizable(true);
    profileScroll->setFrameShape(QFrame::NoFrame);
    m_side->setObjectName(QStringLiteral("differencesOrProfile"));
    m_side->setDocumentMode(true);
    m_side->addTab(m_differences, tr("Differences"));
    m_side->setTabToolTip(0, tr("Differences between the runs"));
    m_side->addTab(profileScroll, tr("Profile diff"));
    m_side->setTabToolTip(1, tr("Where the selected point's delta went: each function's ns/packet "
                                "in the baseline and in the run, from their profiles"));
    m_netperfTable->setObjectName(QStringLiteral("netperfCompareTable"));
    m_netperfTable->hide();
    QWidget *tables = stacked({m_netperfTable, m_table}, this);
    m_bottom->setChildrenCollapsible(false);
    m_bottom->addWidget(tables);
    m_bottom->addWidget(m_side);
    m_bottom->setStretchFactor(0, 1);
    m_bottom->setStretchFactor(1, 0);
    QWidget *chartsBox = chartsWithKey(charts, m_key, this);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->setObjectName(QStringLiteral("compareSplitter"));
    vertical->setChildrenCollapsible(false);
    vertical->addWidget(chartsBox);
    vertical->addWidget(m_bottom);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);
    m_main->setObjectName(QStringLiteral("comparePickerSplitter"));
    m_main->addWidget(pickerBox);
    m_main->addWidget(vertical);
    m_main->setCollapsible(1, false);
    m_main->setStretchFactor(0, 0);
    m_main->setStretchFactor(1, 1);
    m_main->setSizes({fontMetrics().averageCharWidth() * 26, 1000});

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_top);
    layout->addWidget(m_main, 1);

    auto *useAsBaseline = new QAction(tr("Use as &baseline"), m_picker);
    connect(useAsBaseline, &QAction::triggered, this, [this] {
        if (QListWidgetItem *item = m_picker->currentItem()) {
            item->setCheckState(Qt::Checked);
            setBaseline(item->data(Qt::UserRole).toLongLong());
        }
    });
    m_picker->addAction(useAsBaseline);
    RowMenu::install(m_picker);
    RowMenu::addCopyRows(m_table);
    RowMenu::install(m_table);

    m_delta->setReference(tr("baseline"));
    connect(m_baseline, &QComboBox::activated, this,
            [this] { setBaseline(m_baseline->currentData().toLongLong()); });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] {
        showProfileDiff();
        m_side->setCurrentIndex(1);
    });
    connect(m_picker, &QListWidget::itemChanged, this, &CompareView::onPickerChanged);
    connect(m_filter, &QLineEdit::textChanged, this, &CompareView::filterPicker);
}

void CompareView::setStore(RunStore *store) {
    m_store = store;
    m_runs.clear();
    reloadRuns();
}

void CompareView::reloadRuns() {
    const QSignalBlocker block(m_picker);
    m_picker->clear();
    if (!m_store || !m_store->isOpen()) {
        return;
    }
    // The newest runs, as the runs list starts: a store may hold thousands.
    RunFilter newest;
    newest.limit = pickerRuns;
    for (const RunSummary &run : m_store->listRuns(newest).value_or(QList<RunSummary>{})) {
        addPickerItem(
            run.id, run.label.isEmpty() ? run.name : run.label,
            tr("#%1 %2\n%3\n%4 · %5 · %6")
                .arg(run.id)
                .arg(run.name, run.sweep, run.device,
                     run.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                     toString(run.status)));
    }
    syncPicker();
    filterPicker(m_filter->text());
    // As wide as the runs' names, up to 40 characters: the tooltips say the rest.
    const int names = m_picker->sizeHintForColumn(0) +
                      m_picker->verticalScrollBar()->sizeHint().width() +
                      2 * m_picker->frameWidth();
    const int picker = std::clamp(names, fontMetrics().averageCharWidth() * 26,
                                  fontMetrics().averageCharWidth() * 40);
    m_main->setSizes({picker, std::max(m_main->width() - picker, 1)});
}

void CompareView::addPickerItem(qint64 runId, const QString &title, const QString &toolTip) {
    auto *item = new QListWidgetItem(tr("#%1 %2").arg(runId).arg(title), m_picker);
    item->setData(Qt::UserRole, runId);
    item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
    item->setCheckState(Qt::Unchecked);
    item->setToolTip(toolTip);
}

void CompareView::syncPicker() {
    QList<qint64> missing = runIds();
    const QSignalBlocker block(m_picker);
    for (int i = 0; i < m_picker->count(); ++i) {
        QListWidgetItem *item = m_picker->item(i);
        const bool compared = missing.removeAll(item->data(Qt::UserRole).toLongLong()) > 0;
        item->setCheckState(compared ? Qt::Checked : Qt::Unchecked);
    }
    // A compared run older than those listed (from the Runs tab or --compare) is listed too.
    for (const RunData &data : m_runs) {
        if (missing.contains(data.run.id)) {
            addPickerItem(
                data.run.id, data.run.title(),
                tr("#%1 %2\n%3").arg(data.run.id).arg(data.run.name, data.run.spec.describe()));
            m_picker->item(m_picker->count() - 1)->setCheckState(Qt::Checked);
        }
    }
}

void CompareView::filterPicker(const QString &text) {
    for (int i = 0; i < m_picker->count(); ++i) {
        QListWidgetItem *item = m_picker->item(i);
        item->setHidden(!text.isEmpty() && !item->text().contains(text, Qt::CaseInsensitive) &&
                        !item->toolTip().contains(text, Qt::CaseInsensitive));
    }
}

void CompareView::onPickerChanged(QListWidgetItem *item) {
    // The compared runs keep their order (baseline first); a newly ticked run goes last.
    QList<qint64> ids = runIds();
    const qint64 id = item->data(Qt::UserRole).toLongLong();
    if (item->checkState() == Qt::Checked && !ids.contains(id)) {
        ids.append(id);
    } else if (item->checkState() == Qt::Unchecked) {
        ids.removeAll(id);
    }
    if (ids.size() < 2) {
        // Nothing to compare yet: remember the ticks, keep the last comparison off screen.
        QList<RunData> kept;
        for (qint64 keptId : ids) {
            if (const std::optional<Run> run = m_store ? m_store->loadRun(keptId) : std::nullopt) {
                kept.append(RunData{*run, {}});
            }
        }
        m_runs = kept;
        m_model->setComparison({});
        m_pps->clear();
        m_delta->clear();
        m_differences->clear();
        m_hostWarnings.clear();
        showProfileDiff();
        const QSignalBlocker block(m_baseline);
        m_baseline->clear();
        showMessage(tr("Tick at least two runs to compare them."));
        return;
    }
    compareRuns(ids);
}

QList<qint64> CompareView::runIds() const {
    QList<qint64> ids;
    for (const RunData &data : m_runs) {
        ids.append(data.run.id);
    }
    return ids;
}

bool CompareView::compareRuns(const QList<qint64> &ids) {
    if (!m_store || !m_store->isOpen()) {
        showMessage(tr("No store is open: open one with File ▸ Open store."));
        return false;
    }
    if (ids.size() < 2) {
        showMessage(tr("Select at least two runs to compare."));
        return false;
    }
    QList<RunData> runs;
    for (qint64 id : ids) {
        // Steps without their samples: a comparison needs only the totals.
        const std::optional<Run> run = m_store->loadRun(id);
        const std::optional<QList<StepResult>> steps = m_store->stepsOf(id);
        if (!run || !steps) {
            showMessage(tr("Could not load run #%1: %2").arg(id).arg(m_store->lastError()));
            return false;
        }
        RunData data{*run, {}};
        for (const StepResult &step : *steps) {
            data.steps.append(StepData{step, {}});
        }
        runs.append(data);
    }
    m_runs = runs;
    const QSignalBlocker block(m_baseline);
    m_baseline->clear();
    for (const RunData &data : m_runs) {
        m_baseline->addItem(tr("#%1 %2").arg(data.run.id).arg(data.run.title()), data.run.id);
    }
    syncPicker();
    recompute();
    return true;
}

bool CompareView::setBaseline(qint64 runId) {
    const auto it = std::find_if(m_runs.begin(), m_runs.end(),
                                 [runId](const RunData &d) { return d.run.id == runId; });
    if (it == m_runs.end()) {
        return false;
    }
    RunData baseline = *it;
    m_runs.erase(it);
    m_runs.prepend(baseline);
    m_baseline->setCurrentIndex(m_baseline->findData(runId));
    recompute();
    return true;
}

void CompareView::setPpsFromZero(bool fromZero) {
    m_pps->setFromZero(fromZero);
}

void CompareView::setBandsShown(bool shown) {
    m_pps->setBandsShown(shown);
    m_delta->setBandsShown(shown);
    // The captions say which marks are drawn.
    recompute();
}

void CompareView::addChartOption(QAction *action) {
    auto *button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_top->insertWidget(2, button);
}

void CompareView::showMessage(const QString &message) {
    m_message->setText(message);
}

QString CompareView::message() const {
    return m_message->text();
}

QString CompareView::keyText() const {
    return m_key->text();
}

QList<QPair<QString, ChartFigure>> CompareView::figures() const {
    if (!m_noPps->isHidden()) // empty axes titled pps would be a figure of nothing
        return m_noPps->figures();
    return {{tr("pps and delta side by side"), ChartFigure({m_pps, m_delta}, m_figureCaption)},
            {tr("pps"), ChartFigure({m_pps}, m_pps->caption())},
            {tr("delta"), ChartFigure({m_delta}, m_delta->caption())}};
}

FigurePanel CompareView::profileFigurePanel() const {
    return m_profileDiff->figurePanel(tr("the profile diff of %1").arg(m_profilePoint));
}

void CompareView::showProfileDiff() {
    const Comparison &comparison = m_model->comparison();
    const QModelIndex current = m_table->currentIndex();
    const int point = current.isValid() ? current.row() : -1;
    m_profilePoint = point >= 0 && point < comparison.points.size()
                         ? comparison.points[point].describe(comparison.axisNames)
                         : QString();
    const int run = current.isValid() ? std::max(1, m_model->runOf(current.column())) : 1;
    m_profileDiff->setBars(ProfileBarsOf::delta(comparison, run, point));
}

NoChartNote *CompareView::noChartNote() const {
    return m_noPps->note();
}

QStringList CompareView::differences() const {
    QStringList lines;
    for (int i = 0; i < m_differences->count(); ++i) {
        lines.append(m_differences->item(i)->text());
    }
    return lines;
}

QStringList CompareView::hostWarnings() const {
    return m_hostWarnings;
}

void CompareView::recompute() {
    if (m_runs.size() < 2) {
        return;
    }
    const Run &base = m_runs.first().run;
    // Each run brings its own link speed and frame size (PointStats::ofRun).
    const Comparison comparison = Comparison::of(m_runs);
    m_model->setComparison(comparison);
    fitColumns();

    QList<ChartSeriesData> pps;
    QList<ChartSeriesData> deltas;
    for (int r = 0; r < comparison.runs.size(); ++r) {
        const QList<PointStats> stats = statsOfRun(comparison, r);
        const QString title = comparison.runs.at(r).run.title();
        QList<ChartSeriesData> runPps = ChartSeriesBuilder::pps(stats, comparison.axisNames, title);
        QList<ChartSeriesData> runDeltas =
            ChartSeriesBuilder::deltas(stats, comparison.axisNames, title, DeltaMode::VsBaseline);
        for (ChartSeriesData &series : runPps) {
            series.colorIndex = int(pps.size());
            pps.append(series);
        }
        // The baseline has no deltas against itself; the others keep their pps colour.
        for (ChartSeriesData &series : runDeltas) {
            for (const ChartSeriesData &same : runPps) {
                if (same.name == series.name) {
                    series.colorIndex = same.colorIndex;
                }
            }
            if (r > 0) {
                deltas.append(series);
            }
        }
    }
    const QString axis =
        comparison.axisNames.isEmpty() ? tr("point") : comparison.axisNames.first();
    m_pps->setParameterName(axis);
    m_pps->setSeries(pps);
    m_delta->setParameterName(axis);
    // Both charts on one x scale: the deltas lack the first point of each series.
    m_delta->setXDomain(m_pps->xValues());
    m_delta->setReference(base.title());
    m_delta->setSeries(deltas);
    QList<Run> runs;
    for (const RunData &data : m_runs) {
        runs.append(data.run);
    }
    const bool intervals = m_pps->bandsShown();
    const bool disturbed = m_pps->hasMarks();
    m_pps->setCaption(FigureCaption::of(runs, FigureCaption::Marks::Pps, {}, intervals, disturbed));
    m_delta->setCaption(
        FigureCaption::of(runs, FigureCaption::Marks::Delta, base.title(), intervals));
    m_figureCaption = FigureCaption::of(runs, FigureCaption::Marks::PpsAndDelta, base.title(),
                                        intervals, disturbed);
    m_key->setText(FigureCaption::key(FigureCaption::Marks::PpsAndDelta, intervals, disturbed));
    if (showNetperf(comparison))
        m_key->setText(m_noPps->figures().isEmpty()
                           ? QString()
                           : FigureCaption::key(FigureCaption::Marks::Netperf));

    listDifferences(comparison);
    m_checklists->showRuns(m_runs);
    showProfileDiff();
    const int others = int(m_runs.size()) - 1;
    if (comparison.unmatched.size() == others) {
        showMessage(
            tr("No point in common: %1").arg(comparison.unmatched.join(QStringLiteral("; "))));
    } else {
        QString message =
            tr("%n run(s) compared against baseline #%1 %2", nullptr, int(m_runs.size()))
                .arg(base.id)
                .arg(base.title());
        if (!comparison.unmatched.isEmpty()) {
            message += tr(" · %n run(s) share no point with it: see Differences", nullptr,
                          int(comparison.unmatched.size()));
        }
        showMessage(message);
    }
}

bool CompareView::showNetperf(const Comparison &comparison) {
    m_netperfModel->setComparison(comparison);
    const bool netperf = !m_netperfModel->isEmpty();
    QList<PointStats> cells;
    QList<NetperfBar> bars;
    QList<Run> runs;
    for (int r = 0; r < comparison.runs.size(); ++r) {
        const QList<PointStats> stats = statsOfRun(comparison, r);
        const Run &run = comparison.runs.at(r).run;
        cells << stats;
        // By label, as the figure's caption names the runs: a store's id
        // means nothing to a reader of the exported figure.
        bars << NetperfChart::barsOf(stats, comparison.axisNames, run.title());
        runs << run;
    }
    const bool noChart =
        m_noPps->showFor(cells, bars, FigureCaption::of(runs, FigureCaption::Marks::Netperf));
    m_pps->setVisible(!noChart);
    m_delta->setVisible(!noChart);
    m_netperfTable->setVisible(netperf);
    m_netperfTable->setColumnHidden(NetperfCompareModel::PointColumn, !m_netperfModel->hasPoints());
    // Rows of "no pps" say nothing the note and the netperf table do not;
    // nor has a profile diff: the differences (a stated gro off) matter.
    m_table->setVisible(!(noChart && netperf));
    if (noChart)
        m_side->setCurrentIndex(0);
    return noChart;
}

void CompareView::fitColumns() {
    // Each run's pps, delta and verdict first; the bit rates, which the pps
    // give at the frame size, after them.
    using M = CompareTableModel;
    QList<int> first{0, M::columnOf(0, M::PpsField)};
    for (int run = 1; run < m_runs.size(); ++run) {
        first << M::columnOf(run, M::PpsField) << M::columnOf(run, M::DeltaField)
              << M::columnOf(run, M::VerdictField);
    }
    CompactTable::putFirst(m_table, first);
    m_table->resizeColumnsToContents();
}

void CompareView::listDifferences(const Comparison &comparison) {
    m_differences->clear();
    m_hostWarnings = comparison.hostDifferences;
    for (const QString &line : comparison.unmatched) {
        m_differences->addItem(new QListWidgetItem(icon(QStyle::SP_MessageBoxCritical), line));
    }
    for (const QString &line : comparison.settingDifferences) {
        m_differences->addItem(
            new QListWidgetItem(icon(QStyle::SP_MessageBoxWarning), tr("Setting: %1").arg(line)));
    }
    for (const QString &line : m_netperfModel->parameterDifferences())
        m_differences->addItem(new QListWidgetItem(icon(QStyle::SP_MessageBoxWarning), line));
    for (const QString &line : comparison.hostDifferences)
        m_differences->addItem(new QListWidgetItem(icon(QStyle::SP_MessageBoxWarning), line));
    for (const QString &line : comparison.transientDifferences)
        m_differences->addItem(new QListWidgetItem(icon(QStyle::SP_MessageBoxInformation), line));
    if (m_differences->count() == 0) {
        m_differences->addItem(tr("Same settings, host fingerprint and checklist for all runs."));
    }
    fitDifferences();
}

void CompareView::fitDifferences() {
    // As wide as its longest line (it wraps beyond 60 characters): the table
    // keeps the rest.
    int widest = m_side->tabBar()->sizeHint().width();
    const int icon = m_differences->style()->pixelMetric(QStyle::PM_SmallIconSize) + 8;
    for (int i = 0; i < m_differences->count(); ++i) {
        widest = std::max(widest, icon + m_differences->fontMetrics().horizontalAdvance(
                                             m_differences->item(i)->text()));
    }
    const int total = m_bottom->width() - m_bottom->handleWidth();
    // Growth goes to the table (its stretch), so the side's width is fixed
    // here, whatever the bottom's width is now.
    const int side = std::min({widest + m_differences->verticalScrollBar()->sizeHint().width() +
                                   2 * m_differences->frameWidth() + 8,
                               m_differences->fontMetrics().averageCharWidth() * 60, total / 2});
    m_bottom->setSizes({total - side, side});
}

void CompareView::showEvent(QShowEvent *event) {
    // Sizes are known once shown and laid out: a comparison made on a hidden
    // tab is fitted then.
    QWidget::showEvent(event);
    QTimer::singleShot(0, this, &CompareView::fitDifferences);
}

} // namespace burstlab
