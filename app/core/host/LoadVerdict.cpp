#include "host/LoadVerdict.h"
#include "host/CheckResult.h"
#include <QMap>
#include <algorithm>

namespace burstlab::LoadVerdict {

namespace {

// The probe's own default, for a checklist stored before the probe said it.
constexpr double kMaxPassLoad = 0.5;

// The tasks seen most often on the TX CPUs, "cc1plus (4123)", at most five.
QStringList mostSeen(const QList<LoadSample> &samples) {
    QMap<QString, int> seen;
    for (const LoadSample &s : samples) {
        for (const QString &task : s.onTxCpus)
            ++seen[task.section(QStringLiteral(" on CPU "), 0, 0)];
    }
    QStringList tasks = seen.keys();
    std::stable_sort(tasks.begin(), tasks.end(),
                     [&](const QString &a, const QString &b) { return seen[a] > seen[b]; });
    return tasks.mid(0, 5);
}

} // namespace

QJsonArray judged(const QJsonArray &checklist, const QList<LoadSample> &samples) {
    if (samples.isEmpty())
        return checklist;
    QList<CheckResult> items = CheckResult::fromJsonArray(checklist);
    const auto item = std::find_if(items.begin(), items.end(),
                                   [](const CheckResult &c) { return c.id == kItemId; });
    if (item == items.end())
        return checklist;
    const auto n = int(samples.size());
    int busy = 0, elsewhere = 0;
    double lowest = samples.first().load1, highest = lowest, notOurs = 0;
    for (const LoadSample &s : samples) {
        busy += s.busy() ? 1 : 0;
        elsewhere += s.elsewhere > 0 ? 1 : 0;
        lowest = std::min(lowest, s.load1);
        highest = std::max(highest, s.load1);
        // Our TX lcores spin, so they are part of the load: what is left is
        // everyone else's.
        notOurs = std::max(notOurs, s.load1 - s.ownRunning);
    }
    // The start's thresholds (the probe's values): the CPU count and the
    // load below which a host counts as idle.
    const QJsonValue maxPass = item->values.value(QStringLiteral("max_pass_load"));
    const double maxPassLoad = maxPass.isDouble() ? maxPass.toDouble() : kMaxPassLoad;
    const double cpus = item->values.value(QStringLiteral("cpus")).toDouble(0);
    const bool overloaded = cpus > 0 && notOurs >= cpus;
    // Judged before (a resumed run whose checklist was not probed again):
    // what the start said is in the detail.
    const QString atStartMark = QStringLiteral("at its start: ");
    const QString atStart = item->values.contains(QStringLiteral("samples"))
                                ? item->detail.section(atStartMark, 1)
                                : item->current;
    item->status = 2 * busy >= n || overloaded                                ? CheckStatus::Fail
                   : busy > 0 || 2 * elsewhere >= n || notOurs >= maxPassLoad ? CheckStatus::Warn
                                                                              : CheckStatus::Pass;
    QString current = QStringLiteral("during the run: tasks not ours runnable on a TX CPU in "
                                     "%1 of %2 samples")
                          .arg(busy)
                          .arg(n);
    if (const QStringList tasks = mostSeen(samples); !tasks.isEmpty())
        current += QStringLiteral(" (%1)").arg(tasks.join(QStringLiteral(", ")));
    current += QStringLiteral(", on other CPUs in %1; load %2-%3, not ours up to %4")
                   .arg(elsewhere)
                   .arg(lowest, 0, 'f', 2)
                   .arg(highest, 0, 'f', 2)
                   .arg(notOurs, 0, 'f', 2);
    item->current = current;
    const QString limits =
        QStringLiteral("pass: no task not ours on a TX CPU, others in under half the samples "
                       "and a load not ours below %1; fail: a TX CPU shared in half the samples "
                       "or more%2")
            .arg(maxPassLoad, 0, 'f', 2)
            .arg(cpus > 0
                     ? QStringLiteral(", or a load not ours of %1 (the CPUs) or more").arg(cpus)
                     : QString());
    item->detail = QStringLiteral("judged from %1 samples taken during the run, about 1 s apart "
                                  "(%2); ")
                       .arg(n)
                       .arg(limits) +
                   atStartMark + atStart;
    item->values.insert(QStringLiteral("samples"), n);
    item->values.insert(QStringLiteral("busy_samples"), busy);
    item->values.insert(QStringLiteral("elsewhere_samples"), elsewhere);
    item->values.insert(QStringLiteral("load1_max"), highest);
    item->values.insert(QStringLiteral("load_not_ours_max"), notOurs);
    const QString watched = QStringLiteral(" (watched during the run: load not ours below %1, no "
                                           "other task on the TX CPUs)")
                                .arg(maxPassLoad, 0, 'f', 2);
    if (!item->note.isEmpty() && !item->note.contains(QStringLiteral("during the run")))
        item->note += watched;
    return CheckResult::toJsonArray(items);
}

} // namespace burstlab::LoadVerdict
