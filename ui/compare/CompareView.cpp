#include "compare/CompareView.h"
#include "charts/DeltaChart.h"
#include "charts/PpsChart.h"
#include "compare/CompareTableModel.h"
#include "host/HostDiff.h"
#include "results/ChartSeriesBuilder.h"
#include "stats/PointStats.h"
#include "store/RunStore.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QVBoxLayout>

namespace burstlab {

namespace {
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
} // namespace

CompareView::CompareView(QWidget *parent)
    : QWidget(parent), m_baseline(new QComboBox(this)), m_message(new QLabel(this)),
      m_pps(new PpsChart(this)), m_delta(new DeltaChart(this)),
      m_model(new CompareTableModel(this)), m_table(new QTableView(this)),
      m_warnings(new QListWidget(this)) {
    m_message->setWordWrap(true);
    m_message->setText(tr("Select two or more runs on the Runs tab and choose Compare."));
    m_baseline->setToolTip(tr("Deltas and verdicts are taken against this run"));
    m_baseline->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_table->setModel(m_model);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_warnings->setWordWrap(true);
    m_warnings->setToolTip(tr("Host differences between the baseline and each other run: "
                              "results from different hosts or tuning are not comparable as-is"));

    auto *top = new QHBoxLayout;
    top->addWidget(new QLabel(tr("Baseline:"), this));
    top->addWidget(m_baseline);
    top->addSpacing(12);
    top->addWidget(m_message, 1);

    auto *charts = new QSplitter(Qt::Horizontal, this);
    charts->addWidget(m_pps);
    charts->addWidget(m_delta);
    auto *warningBox = new QWidget(this);
    auto *warningLayout = new QVBoxLayout(warningBox);
    warningLayout->setContentsMargins(0, 0, 0, 0);
    warningLayout->addWidget(new QLabel(tr("Host differences"), this));
    warningLayout->addWidget(m_warnings, 1);
    auto *bottom = new QSplitter(Qt::Horizontal, this);
    bottom->addWidget(m_table);
    bottom->addWidget(warningBox);
    bottom->setStretchFactor(0, 3);
    bottom->setStretchFactor(1, 2);
    auto *vertical = new QSplitter(Qt::Vertical, this);
    vertical->setObjectName(QStringLiteral("compareSplitter"));
    vertical->setChildrenCollapsible(false);
    vertical->addWidget(charts);
    vertical->addWidget(bottom);
    vertical->setStretchFactor(0, 3);
    vertical->setStretchFactor(1, 2);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(vertical, 1);

    m_delta->setReference(tr("baseline"));
    connect(m_baseline, &QComboBox::activated, this,
            [this] { setBaseline(m_baseline->currentData().toLongLong()); });
}

void CompareView::setStore(RunStore *store) {
    m_store = store;
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
        m_baseline->addItem(tr("#%1 %2").arg(data.run.id).arg(Comparison::runTitle(data.run)),
                            data.run.id);
    }
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

void CompareView::showMessage(const QString &message) {
    m_message->setText(message);
}

QStringList CompareView::hostWarnings() const {
    QStringList lines;
    for (int i = 0; i < m_warnings->count(); ++i) {
        lines.append(m_warnings->item(i)->text());
    }
    return lines;
}

void CompareView::recompute() {
    if (m_runs.isEmpty()) {
        return;
    }
    const Run &base = m_runs.first().run;
    // Each run brings its own link speed and frame size (PointStats::ofRun).
    const Comparison comparison = Comparison::of(m_runs);
    m_model->setComparison(comparison);

    QList<ChartSeriesData> pps;
    QList<ChartSeriesData> deltas;
    for (int r = 0; r < comparison.runs.size(); ++r) {
        const QList<PointStats> stats = statsOfRun(comparison, r);
        const QString title = Comparison::runTitle(comparison.runs.at(r).run);
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
    m_delta->setReference(tr("run #%1 %2").arg(base.id).arg(Comparison::runTitle(base)));
    m_delta->setSeries(deltas);

    m_warnings->clear();
    const QIcon warning = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (int r = 1; r < m_runs.size(); ++r) {
        const Run &other = m_runs.at(r).run;
        const HostComparison diff =
            HostDiff::compare(base.fingerprint, base.checklist, other.fingerprint, other.checklist);
        for (const QString &line : diff.differences) {
            m_warnings->addItem(new QListWidgetItem(
                warning, tr("#%1 vs baseline #%2: %3").arg(other.id).arg(base.id).arg(line)));
        }
    }
    if (m_warnings->count() == 0) {
        m_warnings->addItem(tr("Same host fingerprint and checklist for all runs."));
    }
    showMessage(tr("%n run(s) compared against baseline #%1 %2", nullptr, int(m_runs.size()))
                    .arg(base.id)
                    .arg(Comparison::runTitle(base)));
}

} // namespace burstlab
