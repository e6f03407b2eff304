#pragma once
#include "model/StepProfile.h"

#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

struct PointStats;

// The profile of one point: its counted repetitions' profiles summed, each
// function's share of the samples with a 95% interval (Wilson's, from the
// number of samples), and the ns/packet it accounts for: its share times the
// point's printed ns/packet (Figure::ns), so the functions' ns add up to the
// point's figure. The functions below every repetition's top list are one
// row, kOther.
//
// An imported perf table (ProfileFunction::percent) gives its shares as
// printed, averaged over the point's repetitions, the rest up to 100% being
// kOther; its intervals need the total of samples the table states, and
// where it states none, there are none (intervals false: low = high = share).
struct PointProfile {
    static inline const QString kOther = QStringLiteral("[other]");

    struct Function {
        QString name;
        QString module;
        qint64 samples = 0;
        double share = 0;
        double shareLow = 0; // Wilson's 95% interval of the share
        double shareHigh = 0;
        std::optional<double> ns; // share x the point's ns/packet; none without a figure
        std::optional<double> nsLow;
        std::optional<double> nsHigh;
    };

    QString event;
    qint64 hz = 0;
    bool kernel = false;
    qint64 samples = 0;
    qint64 lost = 0;
    int repetitions = 0;        // counted repetitions with a profile
    std::optional<double> ns;   // the point's ns/packet figure
    bool printedShares = false; // the shares as an imported table printed them
    bool intervals = true;      // shareLow and shareHigh are Wilson's, not the share
    QList<Function> functions;  // most samples first, kOther last
    QList<ProfileStack> stacks; // summed by stack, most samples first (the rest left out)

    // nullopt where no counted repetition has a profile.
    static std::optional<PointProfile> of(const PointStats &point);
    // The function of that name, or one with no samples.
    Function function(const QString &name) const;
    // The first n functions and one kOther row for the rest of the samples,
    // with its share, interval and ns as any function's.
    PointProfile top(int n) const;
    // The stacks with a frame of that name, most samples first.
    QList<ProfileStack> stacksThrough(const QString &name) const;
    // "465 cpu-clock samples at 997 Hz over 3 repetitions, user and kernel
    // code"; an imported one's "cycles, shares as printed; no sample total:
    // no intervals".
    QString sourceText() const;
};

// Wilson's score interval (95%) of k successes in n trials.
std::pair<double, double> wilsonInterval(qint64 k, qint64 n);

} // namespace burstlab
