#pragma once
#include "store/RunStore.h"
#include <QList>
#include <QString>
#include <functional>
#include <optional>

namespace burstlab {

// Every run of one store into another, whichever their back ends: oldest
// first, each run whole (steps, samples, load samples, documents, tags) in
// one transaction of the receiving store, under that store's own new ids.
// A run still being written in the source arrives as it is at that moment,
// and the receiving store's next open marks it interrupted.
//
// A run the destination already holds is not copied again: one with the
// same creation time (to the millisecond), name, status and number of
// completed steps, as a copy keeps them. A run that has changed since it was
// copied (finished, resumed) is copied again, beside its older copy.
struct StoreCopy {
    struct Copied {
        qint64 from = 0;      // the run's id in the source
        qint64 to = 0;        // its id in the destination
        int steps = 0;        // completed steps, as `runs` counts them
        bool already = false; // the destination held it: not copied
    };
    // What was copied or found there, in order; nullopt with *error naming the run that
    // failed (the runs before it stay copied). `each` hears every run copied.
    static std::optional<QList<Copied>> copy(RunStore &from, RunStore &to, QString *error,
                                             const std::function<void(const Copied &)> &each = {});
    // What copy() would find there, writing nothing: every run of `from`,
    // oldest first, `already` with its id in `to` where `to` holds it.
    static std::optional<QList<Copied>> held(RunStore &from, RunStore &to, QString *error);
};

} // namespace burstlab
