#pragma once
#include "model/EngineKind.h"
#include "model/ImportOrigin.h"
#include "model/Run.h"
#include "model/RunStatus.h"
#include <QDateTime>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// A run's source (Run::source) says burstlab did not measure it: "import:netdev".
inline bool isImportedSource(const QString &source) {
    return source.startsWith(QLatin1String("import:"));
}

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
    std::optional<ImportOrigin> importOrigin; // where an imported run came from
    int steps = 0;                            // completed steps
    EngineKind engineKind = EngineKind::Dpdk; // the engine it was launched with
    QString createdBy;                        // Run::createdBy
    QString createdHost;                      // Run::createdHost

    QString creator() const { return Run::creatorText(createdBy, createdHost); }

    // Whether burstlab did not measure it (Run::isImported).
    bool isImported() const { return isImportedSource(source); }
    // What a run list shows where a measured run shows its device:
    // "imported: seed000.txt (netdev)", or "imported (import:netdev)" for a
    // run imported before origins were kept; empty for a measured run.
    QString importedText() const {
        if (!isImported())
            return {};
        return importOrigin ? QStringLiteral("imported: %1 (%2)")
                                  .arg(importOrigin->file, importOrigin->format)
                            : QStringLiteral("imported (%1)").arg(source);
    }
};

} // namespace burstlab
