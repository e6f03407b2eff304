#include "export/FigureCaption.h"
#include "exchange/RunSetup.h"
#include "model/EngineIdentity.h"
#include "util/Version.h"

#include <QCoreApplication>
#include <QSet>

namespace burstlab::FigureCaption {

namespace {
QString tr(const char *text) {
    return QCoreApplication::translate("FigureCaption", text);
}

// An imported run names where it came from before any device its source
// recorded: burstlab did not measure it.
QString device(const Run &run) {
    if (run.isImported()) {
        const QString from = run.spec.importOrigin ? run.spec.importOrigin->describe() : run.source;
        return run.device().isEmpty() ? tr("imported from %1").arg(from)
                                      : tr("imported from %1 (%2)").arg(from, run.device());
    }
    if (!run.device().isEmpty()) {
        return run.device();
    }
    return run.spec.engine.txDevice();
}

// "net_null0 (net_null), 60 B frames, 3 repetitions x 200 ms per point, clone=64";
// a pktgen run names its engine after the device: the host part names DPDK's.
QString setup(const Run &run) {
    const EngineIdentity engine = EngineIdentity::of(run.hello, run.spec.engine.kind);
    QStringList parts{device(run)};
    if (engine.kind == EngineKind::Pktgen) {
        parts.append(engine.text());
    }
    if (const auto frame = run.frameSize())
        parts.append(tr("%1 B frames").arg(*frame));
    // "3..10" until precise: the first round's 3 would undercount. A source
    // that states no step length has none to print.
    parts.append(run.spec.durationMs > 0 ? tr("%1 repetitions x %2 ms per point")
                                               .arg(run.spec.repsText())
                                               .arg(run.spec.durationMs)
                                         : tr("%1 repetitions per point").arg(run.spec.repsText()));
    QStringList fixed = run.spec.fixedChanges();
    fixed.removeIf(
        [](const QString &change) { return change.startsWith(QStringLiteral("pkt_size=")); });
    parts.append(fixed);
    return parts.join(QStringLiteral(", "));
}

// The runs that share a setup named together, in the order drawn:
// "baseline vs patch1: net_null0 ..." or, where setups differ, each group's
// "a vs b: ...; c: ...".
QString runsPart(const QList<Run> &runs) {
    QStringList setups;
    QList<QStringList> titles;
    for (const Run &run : runs) {
        const QString s = setup(run);
        const qsizetype i = setups.indexOf(s);
        if (i < 0) {
            setups.append(s);
            titles.append({run.title()});
        } else {
            titles[i].append(run.title());
        }
    }
    QStringList each;
    for (qsizetype i = 0; i < setups.size(); ++i)
        each.append(QStringLiteral("%1: %2").arg(titles[i].join(tr(" vs ")), setups[i]));
    return each.join(QStringLiteral("; ")) + u'.';
}

// "Host: AMD EPYC ..., Kernel 6.1.0, DPDK 22.11.4." from the runs' stored
// fingerprints, each run's where they differ (a pktgen run's has no DPDK).
QString hostPart(const QList<Run> &runs) {
    QStringList hosts;
    QStringList each;
    for (const Run &run : runs) {
        const QString host = RunSetup::host(run);
        if (host.isEmpty()) {
            continue;
        }
        if (!hosts.contains(host)) {
            hosts.append(host);
        }
        each.append(QStringLiteral("%1: %2").arg(run.title(), host));
    }
    if (hosts.isEmpty()) {
        return {};
    }
    if (hosts.size() == 1) {
        return tr(" Host: %1.").arg(hosts.first());
    }
    return tr(" Hosts: %1.").arg(each.join(QStringLiteral("; ")));
}

QString datesPart(const QList<Run> &runs) {
    QStringList dates;
    for (const Run &run : runs) {
        if (!run.created.isValid()) {
            continue;
        }
        const QString date = run.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd"));
        if (!dates.contains(date)) {
            dates.append(date);
        }
    }
    std::sort(dates.begin(), dates.end());
    if (dates.isEmpty()) {
        return {};
    }
    return dates.size() == 1 ? tr(", measured %1").arg(dates.first())
                             : tr(", measured %1 to %2").arg(dates.first(), dates.last());
}
} // namespace

QString key(Marks marks, bool intervals, bool disturbed) {
    if (marks == Marks::LiveRate) {
        return tr("line: rate over each stats interval of the running step (from 0) and of "
                  "the earlier ones (left of 0, fainter) · dashed: each step's measured rate");
    }
    if (marks == Marks::Netperf) {
        return tr("bar: one imported netperf table, its figure as netperf printed it · no "
                  "bar: not measured (netperf's -1) · a table is one test: no whisker, no "
                  "verdict");
    }
    const bool pps = marks != Marks::Delta;
    const bool delta = marks != Marks::Pps;
    QStringList parts;
    if (pps && delta) {
        parts.append(tr("dot: median of repetitions (Δ: of medians)"));
    } else {
        parts.append(pps ? tr("dot: median of repetitions") : tr("dot: Δ of medians"));
    }
    // A key never names marks the figure does not draw.
    if (intervals && pps) {
        parts.append(tr("whisker: lowest–highest repetition"));
    }
    if (intervals && delta) {
        parts.append(tr("band: 95% CI of Δ of means (Welch)"));
    }
    if (disturbed && pps) {
        // A no-break space and a word joiner: a wrapped key keeps "△ n/m" whole.
        parts.append(tr("△\u00a0n/\u2060m: n of m repetitions disturbed"));
    }
    return parts.join(QStringLiteral(" · "));
}

QString of(const QList<Run> &runs, Marks marks, const QString &deltaReference, bool intervals,
           bool disturbed) {
    if (runs.isEmpty()) {
        return {};
    }
    QString deltas;
    if (marks == Marks::Delta || marks == Marks::PpsAndDelta) {
        const QString against =
            deltaReference.isEmpty() ? tr("the previous point") : deltaReference;
        deltas = tr(" Δ ns/packet against %1, + = faster.").arg(against);
    }
    return QStringLiteral("%1%2%3 Key: %4. burstlab %5%6.")
        .arg(runsPart(runs), hostPart(runs), deltas, key(marks, intervals, disturbed),
             versionString(), datesPart(runs));
}

} // namespace burstlab::FigureCaption
