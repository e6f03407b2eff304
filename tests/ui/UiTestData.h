#pragma once
// Stored runs with known numbers for the widget tests, so their expected
// deltas and verdicts can be worked out by hand.
#include "model/RunData.h"
#include "store/RunStore.h"

#include <QJsonObject>
#include <QList>
#include <QPair>
#include <QTest>

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
            step.nsPerPkt = 1e9 / step.pps;
            data.steps.append(StepData{step, {}});
        }
    }
    data.run.spec.axes = {axis};
    data.run.spec.reps = points.isEmpty() ? 1 : int(points.first().second.size());
    data.run.spec.engine.vdevs = {QStringLiteral("net_null0")};
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
