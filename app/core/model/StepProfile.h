#pragma once
#include "model/FieldNeed.h"

#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// One function of a step's profile (docs/protocol.md, "The profile").
struct ProfileFunction {
    QString name;   // "[librte_net_null.so.23.0]" where the file names none
    QString module; // the file it is in, "[kernel]"
    qint64 samples = 0;
    // The share a perf table printed, in percent (an imported profile): the
    // share itself, since its samples' total is often not printed; samples
    // then holds what the table gives (0 where it gives none).
    std::optional<double> percent;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("name", s.name, r);
        f("module", s.module, r);
        f("samples", s.samples, r);
        f("percent", s.percent, FieldNeed::Optional);
    }
    bool operator==(const ProfileFunction &other) const = default;
};

// A folded call chain ("outer;inner;leaf") and its samples.
struct ProfileStack {
    QString stack;
    qint64 samples = 0;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("stack", s.stack, r);
        f("samples", s.samples, r);
    }
    bool operator==(const ProfileStack &other) const = default;
};

// The engine's profile of one step's TX lcore threads over their measured
// windows: its most-sampled functions and stacks, and every sample counted
// (the rest, below the tops, is samples minus theirs). An imported perf
// table is one too (exchange/PerfTableImport): hz 0, its functions'
// percents as printed, samples the total it states or 0 where it states none.
struct StepProfile {
    QString event; // cpu-clock or cycles
    qint64 hz = 0;
    bool kernel = false;
    qint64 samples = 0;
    qint64 lost = 0;
    QList<ProfileFunction> functions;
    QList<ProfileStack> stacks;

    template <typename S, typename F> static void fields(S &s, F &&f) {
        constexpr auto r = FieldNeed::Required;
        f("event", s.event, r);
        f("hz", s.hz, r);
        f("kernel", s.kernel, r);
        f("samples", s.samples, r);
        f("lost", s.lost, r);
        f("functions", s.functions, r);
        f("stacks", s.stacks, r);
    }
    bool operator==(const StepProfile &other) const = default;
};

} // namespace burstlab
