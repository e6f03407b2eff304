#include "results/SweepResultsView.h"
#include "charts/DeltaChart.h"
#include "charts/LiveRateChart.h"
#include "charts/NoChartNote.h"
#include "charts/NoPpsPanel.h"
#include "charts/PpsChart.h"
#include "checklist/ChecklistSummary.h"
#include "export/FigureCaption.h"
#include "model/EngineIdentity.h"
#include "profile/ProfileBarsOf.h"
#include "profile/ProfilePanel.h"
#include "results/ChartSeriesBuilder.h"
#include "results/NetperfTableModel.h"
#include "results/ResultsTableModel.h"
#include "stats/LineRate.h"
#include "stats/PointStats.h"
#include "store/RunStore.h"
#include "util/ChartsWithKey.h"
#include "util/ColumnChooser.h"
#include "util/CompactHeader.h"
#include "util/CompactTable.h"
#include "util/ElidedLabel.h"
#include "util/FigureTable.h"
#include "util/RowMenu.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace burstlab {

namespace {
QSplitter *splitter(Qt::Orientation orientation, QWidget *a, QWidget *b, const QString &name) {
    auto *split = new QSplitter(orientation);
    split->setObjectName(name);
    split->setChildrenCollapsible(false);
    split->addWidget(a);
    split->addWidget(b);
    return split;
}

QString lineRateLabel(double linkMbps, int frameSize) {
    const QString speed = linkMbps >= 1000 ? SweepResultsView::tr("%1 Gbit/s").arg(linkMbps / 1000)
                                           : SweepResultsView::tr("%1 Mbit/s").arg(linkMbps);
    return SweepResultsView::tr("line rate, %1, %2 B frames").arg(speed).arg(frameSize);
}

// The newest runs are offered as baselines (a store may hold thousands); an
// older one joins them when it is asked for (setBaselineRun).
constexpr int newestBaselines = 200;
} // namespace

SweepResultsView::SweepResultsView(QWidget *parent)
    : QWidget(parent), m_mode(new QComboBox(this)), m_baseline(new QComboBox(this)),
      m_baselineNote(new ElidedLabel(this)), m_summary(new ElidedLabel(this)),
      m_key(new QLabel(this)), m_controls(new QHBoxLayout), m_checklist(new ChecklistSummary(this)),
      m_live(new LiveRateChart(this)), m_profile(new ProfilePanel(this)),
      m_side(new QTabWidget(this)), m_pps(new PpsChart(this)), m_delta(new DeltaChart(this)),
      m_noPps(new NoPpsPanel(this)), m_model(new ResultsTableModel(this)),
      m_table(new QTableView(this)), m_netperfModel(new NetperfTableModel(this)),
      m_netperfTable(figureTable(m_netperfModel, this)), m_netperfDetails(new QLabel(this)) {
    m_mode->addItem(tr("previous point"), int(DeltaMode::VsPrevious));
    m_mode->addItem(tr("baseline run"), int(DeltaMode::VsBaseline));
    m_mode->setToolTip(tr("Deltas against the previous point of the same series (the netdev "
                          "column) or against the same point of a baseline run"));
    m_baseline->setEnabled(false);
    m_baseline->setMinimumContentsLength(16);
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);

    auto *proxy = new QSortFilterProxyModel(this);
    proxy->setSourceModel(m_model);
    proxy->setSortRole(Qt::UserRole);
    m_table->setHorizontalHeader(new CompactHeader(m_table));
    m_table->setModel(proxy);
    m_table->setSortingEnabled(true);
    m_table->sortByColumn(-1, Qt::AscendingOrder);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    // On a laptop the point, its pps, the delta with its interval and
    // verdict, ns/packet and the repetitions are in sight for eight rows, also
    // for a two-axis point. The precision, bit rates and warnings are in the
    // row's tooltip, and in the table when the user shows them (the header's
    // menu).
    CompactTable::fit(m_table, 8);
    using M = ResultsTableModel;
    const auto firstColumns = [this] {
        CompactTable::putFirst(m_table,
                               {M::PointColumn, M::PpsColumn, M::DeltaColumn, M::CiColumn,
                                M::VerdictColumn, M::NsColumn, M::RepsColumn, M::DisturbedColumn});
    };
    firstColumns();
    connect(proxy, &QAbstractItemModel::modelReset, this, firstColumns);
    ColumnChooser::install(
        m_table, QStringLiteral("results/hiddenColumns"),
        {M::CvColumn, M::PrecisionColumn, M::L2Column, M::L1Column, M::NotesColumn});
    RowMenu::addCopyRows(m_table);
    RowMenu::install(m_table);

    m_controls->addWidget(new QLabel(tr("Δ against:"), this));
    m_controls->addWidget(m_mode);
    m_controls->addWidget(m_baseline);
    m_baselineNote->setObjectName(QStringLiteral("baselineNote"));
    m_baselineNote->setVisible(false);
    m_controls->addWidget(m_baselineNote, 1);
    m_controls->addSpacing(12);
    m_controls->addWidget(m_summary, 1);

    auto *profileScroll = new QScrollArea(this);
    profileScroll->setWidget(m_profile);
    profileScroll->setWidgetResizable(true);
    profileScroll->setFrameShape(QFrame::NoFrame);
    m_side->setObjectName(QStringLiteral("liveOrProfile"));
    m_side->setDocumentMode(true);
    m_side->addTab(m_live, tr("Live rate"));
    m_side->addTab(profileScroll, tr("Profile"));
    m_side->addTab(m_checklist, tr("Checklist"));
    m_side->setTabToolTip(1, tr("Where the selected point's ns/packet go: the TX lcores' "
                                "profile over the measured windows"));
    m_side->setTabToolTip(2, tr("The run's host checklist"));
    m_side->setCurrentWidget(m_checklist);
    // The live rate, the profile and the checklist beside the charts, so the
    // table below has the whole width for the columns a reader needs first.
    auto *charts = splitter(Qt::Horizontal, m_pps, m_delta, QStringLiteral("chartsSplitter"));
    charts->addWidget(m_noPps);
    charts->addWidget(m_side);
    charts->setStretchFactor(0, 3);
    charts->setStretchFactor(1, 3);
    charts->setStretchFactor(2, 6);
    charts->setStretchFactor(3, 2);
    QWidget *chartsBox = chartsWithKey(charts, m_key, this);
    m_netperfTable->setObjectName(QStringLiteral("netperfTable"));
    // One column per figure, each as wide as its header: "not measured"
    // stays under its name.
    m_netperfTable->horizontalHeader()->setStretchLastSection(false);
    m_netperfTable->hide();
    m_netperfDetails->setObjectName(QStringLiteral("netperfDetails"));
    m_netperfDetails->setTextFormat(Qt::PlainText);
    m_netperfDetails->setWordWrap(true);
    m_netperfDetails->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_netperfDetails->hide();
    QWidget *tables = stacked({m_netperfTable, m_netperfDetails, m_table}, this);
    auto *vertical = splitter(Qt::Vertical, chartsBox, tables, QStringLiteral("resultsSplitter"));
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(m_controls);
    layout->addWidget(vertical, 1);

    connect(m_checklist, &ChecklistSummary::fullViewRequested, this,
            &SweepResultsView::checklistRequested);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this] {
        showProfile();
        m_side->setCurrentIndex(1);
    });
    connect(m_mode, &QComboBox::currentIndexChanged, this, &SweepResultsView::onModeChanged);
    connect(m_baseline, &QComboBox::currentIndexChanged, this, &SweepResultsView::onModeChanged);
}

void SweepResultsView::setStore(RunStore *store) {
    m_store = store;
    reloadBaselines();
}

void SweepResultsView::reloadBaselines() {
    const QVariant current = m_baseline->currentData();
    const QSignalBlocker block(m_baseline);
    m_baseline->clear();
    if (!m_store || !m_store->isOpen()) {
        return;
    }
    RunFilter newest;
    newest.limit = newestBaselines;
    m_baselines = m_store->listRuns(newest).value_or(QList<RunSummary>{});
    for (const RunSummary &run : m_baselines) {
        addBaseline(run.id, run.label.isEmpty() ? run.name : run.label);
    }
    int index = current.isValid() ? baselineIndex(current.toLongLong()) : -1;
    if (index < 0) {
        index = defaultBaselineIndex();
    }
    m_baseline->setCurrentIndex(std::max(index, 0));
}

int SweepResultsView::defaultBaselineIndex() const {
    if (!m_store) {
        return -1;
    }
    const QStringList axes = m_run ? m_run->spec.axisNames() : QStringList{};
    for (const RunSummary &summary : m_baselines) {
        if (summary.status != RunStatus::Completed || summary.steps == 0 ||
            (m_run && summary.id == m_run->id)) {
            continue;
        }
        const std::optional<Run> run = m_run ? m_store->loadRun(summary.id) : std::nullopt;
        if (!m_run || (run && run->spec.axisNames() == axes)) {
            return m_baseline->findData(summary.id);
        }
    }
    return -1;
}

void SweepResultsView::addBaseline(qint64 runId, const QString &title) {
    m_baseline->addItem(tr("#%1 %2").arg(runId).arg(title), runId);
}

int SweepResultsView::baselineIndex(qint64 runId) {
    const int index = m_baseline->findData(runId);
    if (index >= 0 || !m_store) {
        return index;
    }
    const std::optional<Run> run = m_store->loadRun(runId);
    if (!run) {
        return -1;
    }
    addBaseline(run->id, run->label.isEmpty() ? run->name : run->label);
    return m_baseline->count() - 1;
}

void SweepResultsView::showRun(const Run &run, const QList<StepResult> &steps) {
    if (run.id != m_liveRunId && !m_liveRunning) {
        // The last step of another run would pass for this one's.
        m_live->clear();
        m_liveRunId = 0;
    }
    if (!m_run || m_run->id != run.id || m_run->checklist != run.checklist) {
        m_checklist->showRun(run.id, CheckResult::fromJsonArray(run.checklist));
    }
    const bool another = !m_run || m_run->id != run.id;
    m_run = run;
    m_steps = steps;
    // A new run is offered the baseline that fits it, unless deltas are
    // already taken against one the user chose.
    if (another && DeltaMode(m_mode->currentData().toInt()) == DeltaMode::VsPrevious) {
        const QSignalBlocker block(m_baseline);
        if (const int index = defaultBaselineIndex(); index >= 0) {
            m_baseline->setCurrentIndex(index);
        }
    }
    recompute();
}

void SweepResultsView::clear() {
    m_run.reset();
    m_steps.clear();
    m_live->clear();
    m_checklist->clear();
    recompute();
}

void SweepResultsView::setLiveRun(qint64 runId, bool running) {
    m_liveRunId = runId;
    m_liveRunning = running;
    // The checklist as a run ends: the load watch's verdict has just joined it.
    m_side->setCurrentWidget(running ? static_cast<QWidget *>(m_live) : m_checklist);
}

void SweepResultsView::setPpsFromZero(bool fromZero) {
    m_pps->setFromZero(fromZero);
}

void SweepResultsView::setBandsShown(bool shown) {
    m_pps->setBandsShown(shown);
    m_delta->setBandsShown(shown);
    // The captions say which marks are drawn.
    recompute();
}

void SweepResultsView::addChartOption(QAction *action) {
    auto *button = new QToolButton(this);
    button->setDefaultAction(action);
    button->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_controls->insertWidget(3, button);
}

QString SweepResultsView::summaryText() const {
    return m_summary->text();
}

QString SweepResultsView::baselineNote() const {
    return m_baselineNote->isVisibleTo(this) ? m_baselineNote->text() : QString();
}

std::optional<qint64> SweepResultsView::baselineRunId() const {
    return m_baseline->currentIndex() >= 0
               ? std::optional<qint64>(m_baseline->currentData().toLongLong())
               : std::nullopt;
}

void SweepResultsView::showBaselineNote(const QList<PointStats> &stats) {
    QString note;
    if (m_model->deltaMode() == DeltaMode::VsBaseline && m_run) {
        const qint64 id = m_baseline->currentData().toLongLong();
        const bool anyDelta = std::any_of(stats.begin(), stats.end(), [](const PointStats &s) {
            return s.vsBaseline.has_value();
        });
        if (!m_baselineRun) {
            note = tr("no deltas: baseline #%1 could not be loaded").arg(id);
        } else if (m_baselineStats.isEmpty()) {
            note = tr("no deltas: baseline #%1 is %2 with no measured point")
                       .arg(id)
                       .arg(toString(m_baselineRun->status));
        } else if (!anyDelta) {
            note = tr("no deltas: baseline #%1 shares no point with this run").arg(id);
        }
    }
    m_baselineNote->setText(note);
    m_baselineNote->setToolTip(note);
    m_baselineNote->setVisible(!note.isEmpty());
}

QString SweepResultsView::keyText() const {
    return m_key->text();
}

QList<QPair<QString, ChartFigure>> SweepResultsView::figures() const {
    if (!m_noPps->isHidden()) // empty axes titled pps would be a figure of nothing
        return m_noPps->figures();
    return {{tr("pps and delta side by side"), ChartFigure({m_pps, m_delta}, m_figureCaption)},
            {tr("pps"), ChartFigure({m_pps}, m_pps->caption())},
            {tr("delta"), ChartFigure({m_delta}, m_delta->caption())},
            {tr("live rate"), ChartFigure({m_live}, m_live->caption())}};
}

FigurePanel SweepResultsView::profileFigurePanel() const {
    return m_profile->figurePanel(tr("the profile of %1").arg(m_profilePoint));
}

void SweepResultsView::showProfile() {
    const QModelIndex current = m_table->currentIndex();
    const auto *proxy = static_cast<const QSortFilterProxyModel *>(m_table->model());
    const int row = current.isValid() ? proxy->mapToSource(current).row() : -1;
    if (!m_run || row < 0 || row >= m_model->stats().size()) {
        m_profilePoint.clear();
        m_profile->setBars(ProfileBarsOf::point(Run{}, nullptr, QString()));
        return;
    }
    m_profilePoint = m_model->data(m_model->index(row, ResultsTableModel::PointColumn)).toString();
    m_profile->setBars(ProfileBarsOf::point(*m_run, &m_model->stats()[row], m_profilePoint));
}

bool SweepResultsView::showNetperf(const QList<PointStats> &stats) {
    m_netperfModel->setStats(stats, m_run ? m_run->spec.axisNames() : QStringList{});
    const bool netperf = !m_netperfModel->isEmpty();
    m_netperfDetails->setText(m_netperfModel->details().join(QLatin1Char('\n')));
    const QList<NetperfBar> bars =
        m_run ? NetperfChart::barsOf(stats, m_run->spec.axisNames(), m_run->title())
              : QList<NetperfBar>{};
    const bool noChart = m_noPps->showFor(
        stats, bars, m_run ? FigureCaption::of({*m_run}, FigureCaption::Marks::Netperf) : QString());
    m_pps->setVisible(!noChart);
    m_delta->setVisible(!noChart);
    m_netperfTable->setVisible(netperf);
    m_netperfDetails->setVisible(netperf);
    // Rows of "no pps" say nothing the note and the netperf table do not.
    m_table->setVisible(!(noChart && netperf));
    return noChart;
}

NoChartNote *SweepResultsView::noChartNote() const {
    return m_noPps->note();
}

std::optional<qint64> SweepResultsView::runId() const {
    return m_run ? std::optional<qint64>(m_run->id) : std::nullopt;
}

bool SweepResultsView::shows(const Run &run, const QList<StepResult> &steps) const {
    return m_run && *m_run == run && m_steps == steps;
}

void SweepResultsView::setDeltaMode(DeltaMode mode) {
    m_mode->setCurrentIndex(m_mode->findData(int(mode)));
}

bool SweepResultsView::setBaselineRun(qint64 runId) {
    const int index = baselineIndex(runId);
    if (index < 0) {
        return false;
    }
    m_baseline->setCurrentIndex(index);
    setDeltaMode(DeltaMode::VsBaseline);
    return true;
}

void SweepResultsView::onModeChanged() {
    const auto mode = DeltaMode(m_mode->currentData().toInt());
    m_baseline->setEnabled(mode == DeltaMode::VsBaseline);
    m_baselineRun.reset();
    m_baselineStats.clear();
    if (mode == DeltaMode::VsBaseline && m_store && m_baseline->currentIndex() >= 0) {
        const qint64 id = m_baseline->currentData().toLongLong();
        m_baselineRun = m_store->loadRun(id);
        if (m_baselineRun)
            m_baselineStats =
                PointStats::of(*m_baselineRun, m_store->stepsOf(id).value_or(QList<StepResult>{}));
    }
    m_model->setDeltaMode(mode);
    recompute();
}

void SweepResultsView::recompute() {
    if (!m_run) {
        showBaselineNote({});
        m_model->setStats({}, {});
        m_pps->clear();
        m_delta->clear();
        showNetperf({});
        m_summary->clear();
        m_key->clear();
        showProfile();
        return;
    }
    const Run &run = *m_run;
    const StatsOptions options = StatsOptions{}.forRun(run);
    const QList<PointStats> stats = PointStats::of(run, m_steps, {}, m_baselineStats);
    const QStringList axes = run.spec.axisNames();
    const QString axisTitle = axes.isEmpty() ? tr("point") : axes.first();
    // The header above names the run: a second axis' series are told apart
    // by their value alone, so the charts' keys fit one line on a laptop.
    const QString name = run.title();
    const QString seriesName = axes.size() > 1 ? QString() : name;
    const DeltaMode mode = m_model->deltaMode();

    m_model->setStats(stats, axes, SinkFigures::clockText(run.hello));
    showBaselineNote(stats);
    m_pps->setParameterName(axisTitle);
    m_pps->setSeries(ChartSeriesBuilder::pps(stats, axes, seriesName));
    // Both charts on one x scale: the deltas lack the first point of each series.
    m_delta->setXDomain(m_pps->xValues());
    if (options.linkMbps && options.frameSize) {
        m_pps->setLineRate(LineRate::pps(*options.linkMbps, *options.frameSize),
                           lineRateLabel(*options.linkMbps, *options.frameSize));
    } else {
        m_pps->setLineRate(0, QString());
    }
    m_delta->setParameterName(axisTitle);
    m_delta->setReference(mode == DeltaMode::VsPrevious || !m_baselineRun ? tr("previous point")
                                                                          : m_baselineRun->title());
    m_delta->setSeries(ChartSeriesBuilder::deltas(stats, axes, seriesName, mode));
    const QString reference = mode == DeltaMode::VsPrevious || !m_baselineRun
                                  ? tr("the previous point")
                                  : m_baselineRun->title();
    const bool intervals = m_pps->bandsShown();
    const bool disturbed = m_pps->hasMarks();
    m_pps->setCaption(
        FigureCaption::of({run}, FigureCaption::Marks::Pps, {}, intervals, disturbed));
    m_delta->setCaption(
        FigureCaption::of({run}, FigureCaption::Marks::Delta, reference, intervals));
    m_live->setCaption(FigureCaption::of({run}, FigureCaption::Marks::LiveRate));
    m_figureCaption = FigureCaption::of({run}, FigureCaption::Marks::PpsAndDelta, reference,
                                        intervals, disturbed);
    m_key->setText(FigureCaption::key(FigureCaption::Marks::PpsAndDelta, intervals, disturbed));
    if (showNetperf(stats))
        m_key->setText(m_noPps->figures().isEmpty()
                           ? QString()
                           : FigureCaption::key(FigureCaption::Marks::Netperf));
    const QString lineRate = options.linkMbps
                                 ? tr("line rate %1").arg(LineRate::speedText(*options.linkMbps))
                                 : tr("line rate not checked: %1").arg(options.linkUnknownReason);
    // DPDK, the default, leaves the room to the sweep (its version is in the
    // caption's host part); pktgen's and the kernel's versions are said here.
    const EngineIdentity engine = EngineIdentity::of(run.hello, run.spec.engine.kind);
    const QString engineText =
        engine.kind == EngineKind::Pktgen ? engine.text() + QStringLiteral(" · ") : QString();
    // A run still measuring (here or by the CLI, followed in the store), cut
    // short or failed says so first: its points are not all there.
    const QString state = run.status == RunStatus::Running
                              ? tr(" · running: %n point(s) so far", nullptr, int(stats.size()))
                          : run.status == RunStatus::Completed
                              ? QString()
                              : QStringLiteral(" · ") + toString(run.status);
    m_summary->setText(
        tr("Run #%1 %2%3 · %4 · %5%6 · %7")
            .arg(run.id)
            .arg(name, state, run.device(), engineText, run.spec.describe(), lineRate));
    showProfile();
}

} // namespace burstlab
