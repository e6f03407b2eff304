#pragma once
#include "model/EngineKind.h"
#include "model/RunStatus.h"
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// One line of the run list (CLI `runs`, GUI browser): no steps, no samples.
struct RunSummary {
    qint64 id = 0;
    QString name;
    QString label;
    QStringList tags;
    QDateTime created;
    QString device;
    QString sweep;                 // SweepSpec::describe()
    std::optional<double> bestPps; // the best point figure (PointStats::bestPps)
    RunStatus status = RunStatus::Running;
    QString source;
    int steps = 0;                            // completed steps
    EngineKind engineKind = EngineKind::Dpdk; // the engine it was launched with
};

} // namespace burstlab
