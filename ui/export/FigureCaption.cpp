#include "export/FigureCaption.h"
#include "util/Version.h"

#include <QCoreApplication>
#include <QSet>

namespace burstlab::FigureCaption {

namespace {
QString tr(const char *text) {
    return QCoreApplication::translate("FigureCaption", text);
}

QString device(const Run &run) {
    if (!run.device().isEmpty()) {
        return run.device();
    }
    if (run.source != QStringLiteral("engine")) {
        return tr("device not recorded (imported)");
    }
    return run.spec.engine.txDevice();
}

// "net_null0 (net_null), 60 B frames, 3 repetitions x 200 ms per point, clone=64"
QString setup(const Run &run) {
    QStringList parts{
        device(run), tr("%1 B frames").arg(run.frameSize()),
        tr("%1 repetitions x %2 ms per point").arg(run.spec.reps).arg(run.spec.durationMs)};
    QStringList fixed = run.spec.fixedChanges();
    fixed.removeIf(
        [](const QString &change) { return change.startsWith(QStringLiteral("pkt_size=")); });
    parts.append(fixed);
    return parts.join(QStringLiteral(", "));
}

QString runsPart(const QList<Run> &runs) {
    QStringList titles;
    QSet<QString> setups;
    for (const Run &run : runs) {
        titles.append(run.title());
        setups.insert(setup(run));
    }
    if (setups.size() == 1) {
        return QStringLiteral("%1: %2.").arg(titles.join(tr(" vs ")), setup(runs.first()));
    }
    QStringList each;
    for (const Run &run : runs) {
        each.append(QStringLiteral("%1: %2").arg(run.title(), setup(run)));
    }
    return each.join(QStringLiteral("; ")) + u'.';
}

QString marksPart(Marks marks, const QString &reference, bool intervals) {
    // A caption never names marks the figure does not draw.
    const QString pps =
        intervals ? tr("Dots: median pps of the repetitions; whiskers: lowest to highest.")
                  : tr("Dots: median pps of the repetitions.");
    const QString against = reference.isEmpty() ? tr("the previous point") : reference;
    const QString delta = intervals ? tr("Δ ns/packet against %1 (+ = faster); band: 95% "
                                         "confidence interval (Student t).")
                                          .arg(against)
                                    : tr("Δ ns/packet against %1 (+ = faster).").arg(against);
    switch (marks) {
    case Marks::Pps:
        return pps;
    case Marks::Delta:
        return delta;
    case Marks::PpsAndDelta:
        return pps + u' ' + delta;
    case Marks::LiveRate:
        break;
    }
    return tr("Rate over each stats interval of one step; dashed: the step's measured rate.");
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

QString of(const QList<Run> &runs, Marks marks, const QString &deltaReference, bool intervals) {
    if (runs.isEmpty()) {
        return {};
    }
    return QStringLiteral("%1 %2 burstlab %3%4.")
        .arg(runsPart(runs), marksPart(marks, deltaReference, intervals), versionString(),
             datesPart(runs));
}

} // namespace burstlab::FigureCaption
