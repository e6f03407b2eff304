#pragma once
#include "model/FieldProblem.h"
#include "model/StepLimits.h"
#include "model/SweepSpec.h"
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// The domain rules of a sweep, in one place: what is wrong with this sweep
// for these engine limits. The CLI, the GUI and the runner all ask here and
// show its words.
struct SweepRules {
    static constexpr int kMaxReps = 100000;
    static constexpr int kMaxPauseMs = 86400000;
    static constexpr int kMinMemoryMb = 64;
    static constexpr int kMaxMemoryMb = 65536;
    // The smallest frame that holds an 802.1Q tag and the payload signature.
    static constexpr int kMinTaggedFrame = 64;

    struct Context {
        // The hello's once an engine has said hello; nullopt before: the
        // table's for the sweep's kind of engine.
        std::optional<StepLimits> limits;
        // Whether this host has hugepages reserved, for a local engine that
        // asks for them; nullopt: not checked (the engine says so itself).
        std::optional<bool> hugepagesReserved;
    };

    // Every problem of the sweep, in the order of its fields: launch,
    // axes, fixed parameters, repetitions and timing, link speed.
    static QList<FieldProblem> check(const SweepSpec &spec, const Context &context);
    // The range a timing parameter of the table (duration_ms, warmup_ms)
    // may take for these limits: the engine's, else the table's.
    static ParameterLimit rangeOf(const StepLimits &limits, const QString &name);
    // The launch alone (engine-info starts an engine without a sweep).
    static QList<FieldProblem> checkLaunch(const EngineLaunch &launch,
                                           std::optional<bool> hugepagesReserved);
};

} // namespace burstlab
