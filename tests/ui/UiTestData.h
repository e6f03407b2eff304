#pragma once
// Stored runs with known numbers for the widget tests, so their expected
// deltas and verdicts can be worked out by hand.
#include "model/RunData.h"
#include "store/RunStore.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QTest>
#include <functional>

namespace burstlab::testdata {

// One point: the burst value and the pps of each repetition.
using PointPps = QPair<qint64, QList<double>>;

inline RunData burstRun(const QString &label, const QList<PointPps> &points,
                        RunStatus status = RunStatus::Completed,
                        const QString &governor = QStringLiteral("performance")) {
    RunData data;
    data.run.name = QStringLiteral("burst sweep %1").arg(label);
    data.run.label = label;
    data.run.status = status;
    data.run.created = QDateTime::currentDateTimeUtc();
    data.run.fingerprint = QJsonObject{{QStringLiteral("governor"), governor},
                                       {QStringLiteral("kernel_release"), QStringLiteral("6.1.0")}};
    Axis axis{QStringLiteral("burst"), {}};
    int seq = 0;
    for (const PointPps &point : points) {
        axis.values.append(AxisValue(point.first));
        for (int rep = 0; rep < point.second.size(); ++rep) {
            StepResult step;
            step.point = Point{{AxisValue(point.first)}};
            step.rep = rep;
            step.seq = seq++;
            step.status = RunStatus::Completed;
            step.pps = point.second.at(rep);
            data.steps.append(StepData{step, {}});
        }
    }
    data.run.spec.axes = {axis};
    data.run.spec.reps = points.isEmpty() ? 1 : int(points.first().second.size());
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    return data;
}

// A burst x clone run: three repetitions per point at pps(burst, clone) * (1, 1.01, 0.99).
inline RunData burstCloneRun(const QString &label, const QList<qint64> &bursts,
                             const QList<qint64> &clones,
                             const std::function<double(qint64, qint64)> &pps) {
    RunData data;
    data.run.name = QStringLiteral("burst x clone %1").arg(label);
    data.run.label = label;
    data.run.status = RunStatus::Completed;
    data.run.created = QDateTime::currentDateTimeUtc();
    data.run.spec.axes = {Axis{QStringLiteral("burst"), {}}, Axis{QStringLiteral("clone"), {}}};
    for (qint64 b : bursts) {
        data.run.spec.axes[0].values.append(AxisValue(b));
    }
    for (qint64 c : clones) {
        data.run.spec.axes[1].values.append(AxisValue(c));
    }
    data.run.spec.reps = 3;
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    int seq = 0;
    for (const Point &point : data.run.spec.points()) {
        int rep = 0;
        for (double factor : {1.0, 1.01, 0.99}) {
            StepResult step;
            step.point = point;
            step.rep = rep++;
            step.seq = seq++;
            step.status = RunStatus::Completed;
            step.pps = pps(point.values.at(0).number(), point.values.at(1).number()) * factor;
            data.steps.append(StepData{step, {}});
        }
    }
    return data;
}

inline qint64 insert(RunStore &store, const RunData &data) {
    const std::optional<qint64> id = store.insertRunData(data);
    if (!id) {
        qWarning("insertRunData failed: %s", qPrintable(store.lastError()));
        return 0;
    }
    return *id;
}

} // namespace burstlab::testdata
