#include "compare/Comparison.h"
#include "compare/RunMatch.h"
#include "host/HostDiff.h"
#include <cmath>

namespace burstlab {

QString Comparison::runTitle(const Run &run) {
    return run.title();
}

QString Comparison::runName(const Run &run) {
    const QString title = runTitle(run);
    if (run.id <= 0)
        return title;
    return title == QStringLiteral("run %1").arg(run.id)
               ? QStringLiteral("#%1").arg(run.id)
               : QStringLiteral("#%1 %2").arg(run.id).arg(title);
}

QString Comparison::tag(qsizetype run) const {
    const qint64 id = runs[run].run.id;
    return id > 0 ? QStringLiteral("#%1").arg(id) : QStringLiteral("[%1]").arg(run + 1);
}

QStringList Comparison::names() const {
    QStringList out;
    for (const RunData &r : runs) {
        QString name = runName(r.run);
        for (int n = 2; out.contains(name); ++n)
            name = QStringLiteral("%1 (%2)").arg(runName(r.run)).arg(n);
        out << name;
    }
    return out;
}

std::optional<Comparison::Change> Comparison::largestChange() const {
    std::optional<Change> best;
    double largest = -1;
    for (qsizetype r = 1; r < cells.size(); ++r) {
        for (qsizetype p = 0; p < cells[r].size(); ++p) {
            const auto &cell = cells[r][p];
            if (!cell || !cell->vsBaseline)
                continue;
            const Verdict verdict = cell->vsBaseline->verdict;
            if ((verdict == Verdict::Better || verdict == Verdict::Worse) &&
                std::fabs(cell->vsBaseline->ns) > largest) {
                largest = std::fabs(cell->vsBaseline->ns);
                best = Change{r, p};
            }
        }
    }
    return best;
}

namespace {

// The deltas against the baseline of every cell: const or not, as the cells.
template <typename Cells, typename D> void collectDeltas(Cells &cells, QList<D *> &out) {
    for (auto &row : cells) {
        for (auto &cell : row) {
            if (cell && cell->vsBaseline)
                out << &*cell->vsBaseline;
        }
    }
}

} // namespace

QString Comparison::correctionText() const {
    QList<const Delta *> family;
    collectDeltas(cells, family);
    return Delta::correctionText(family);
}

Comparison Comparison::of(const QList<RunData> &runs, const StatsOptions &options, int width) {
    Comparison c;
    c.runs = runs;
    if (runs.isEmpty())
        return c;
    // Points meet by the value of every parameter any run sweeps (compare/RunMatch).
    const RunMatch match = RunMatch::of(runs, width);
    c.axisNames = match.axisNames;
    c.settingDifferences = match.settingDifferences;
    c.unmatched = match.unmatched;
    QList<QList<PointStats>> perRun;
    for (qsizetype i = 0; i < runs.size(); ++i) {
        // The baseline's statistics under its own options, as show prints them.
        const RunData &placed = match.placed[i];
        perRun << PointStats::of(placed.run, placed.results(), options,
                                 i == 0 ? QList<PointStats>{} : perRun.first());
        for (const PointStats &s : perRun.last()) {
            if (!c.points.contains(s.point))
                c.points << s.point;
        }
    }
    for (const QList<PointStats> &stats : perRun) {
        QList<std::optional<PointStats>> row;
        for (const Point &p : c.points) {
            const auto at = std::find_if(stats.begin(), stats.end(),
                                         [&](const PointStats &s) { return s.point == p; });
            row << (at == stats.end() ? std::nullopt : std::optional<PointStats>(*at));
        }
        c.cells << row;
    }
    QList<Delta *> family;
    collectDeltas(c.cells, family);
    Delta::correct(family);
    // A line cut to fit has no room for labels: the run list names them.
    const auto name = [width](const Run &run) {
        return width > 0 ? run.shortTitle() : runName(run);
    };
    const Run &base = runs.first().run;
    const HostSide baseSide{name(base), base.fingerprint, base.checklist};
    // Each line names both runs; the headings are alike in length, so one
    // width fits every line of the pair.
    const QString differ = QStringLiteral("hosts differ: ");
    const QString changed = QStringLiteral("between runs: ");
    const QString unknown = QStringLiteral("hosts: ");
    const int room = width > 0 ? std::max(width - int(differ.size()), 1) : 0;
    for (qsizetype i = 1; i < runs.size(); ++i) {
        const Run &run = runs[i].run;
        const HostComparison diff =
            HostDiff::compare(baseSide, {name(run), run.fingerprint, run.checklist}, room);
        for (const QString &line : diff.differences)
            c.hostDifferences << differ + line;
        for (const QString &line : diff.unknown)
            c.hostDifferences << unknown + line;
        for (const QString &line : diff.transient)
            c.transientDifferences << changed + line;
    }
    return c;
}

QList<Comparison> Comparison::ofPairs(const QList<RunData> &runs, const StatsOptions &options,
                                      int width) {
    QList<Comparison> pairs;
    QList<Delta *> family;
    for (qsizetype i = 0; i + 1 < runs.size(); i += 2)
        pairs << of({runs[i], runs[i + 1]}, options, width);
    // After the list stops growing: the pointers stay valid.
    for (Comparison &pair : pairs)
        collectDeltas(pair.cells, family);
    Delta::correct(family);
    return pairs;
}

} // namespace burstlab
