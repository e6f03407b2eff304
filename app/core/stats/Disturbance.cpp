#include "stats/Disturbance.h"
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

QString percent(double share) {
    return QString::number(share * 100, 'f', 1);
}

// "71.0%" or "71.0-93.4%".
QString range(double low, double high) {
    return percent(low) == percent(high)
               ? percent(low) + u'%'
               : QStringLiteral("%1-%2%").arg(percent(low), percent(high));
}

QString plural(int n, const QString &one) {
    return QStringLiteral("%1 %2%3").arg(n).arg(one, n == 1 ? QString() : QStringLiteral("s"));
}

// A completed attempt of the same repetition after this one.
bool runAgain(const StepResult &step, const QList<StepResult> &steps) {
    return std::any_of(steps.begin(), steps.end(), [&](const StepResult &other) {
        return other.status == RunStatus::Completed && other.rep == step.rep &&
               other.seq > step.seq;
    });
}

} // namespace

RepetitionNoise RepetitionNoise::of(const StepResult &step, const NoisePolicy &policy) {
    RepetitionNoise r;
    if (step.status != RunStatus::Completed)
        return r;
    r.thread = step.measured ? step.measured->thread : std::nullopt;
    if (r.thread)
        r.disturbed = r.thread->minCpuShare < policy.minCpuShare ||
                      r.thread->maxStealShare.value_or(0) > policy.maxStealShare;
    return r;
}

QString RepetitionNoise::figures() const {
    if (!thread)
        return {};
    QString text = QStringLiteral("TX core on CPU %1%").arg(percent(thread->minCpuShare));
    if (thread->maxStealShare)
        text += QStringLiteral(", steal %1%").arg(percent(*thread->maxStealShare));
    return text;
}

Disturbance Disturbance::of(const QList<StepResult> &steps, const NoisePolicy &policy) {
    Disturbance d;
    d.excluded = policy.excludeDisturbed;
    for (const StepResult &step : steps) {
        RepetitionNoise noise = RepetitionNoise::of(step, policy);
        noise.replaced = noise.disturbed && runAgain(step, steps);
        d.perStep << noise;
        if (step.status != RunStatus::Completed)
            continue;
        if (noise.replaced) {
            ++d.replaced;
            continue;
        }
        ++d.repetitions;
        d.measured += noise.thread ? 1 : 0;
        if (!noise.disturbed) {
            if (step.statesRate())
                d.countedPps << step.effectivePps();
            d.counted << step;
            continue;
        }
        ++d.disturbed;
        const double share = noise.thread->minCpuShare;
        d.lowestCpuShare = std::isnan(d.lowestCpuShare) ? share : std::min(d.lowestCpuShare, share);
        d.highestCpuShare =
            std::isnan(d.highestCpuShare) ? share : std::max(d.highestCpuShare, share);
        if (const auto steal = noise.thread->maxStealShare) {
            d.lowestSteal = std::min(d.lowestSteal.value_or(*steal), *steal);
            d.highestSteal = std::max(d.highestSteal.value_or(*steal), *steal);
        }
        if (!d.excluded) {
            if (step.statesRate())
                d.countedPps << step.effectivePps();
            d.counted << step;
        }
    }
    return d;
}

QString Disturbance::count() const {
    return disturbed > 0 ? QStringLiteral("%1/%2").arg(disturbed).arg(repetitions) : QString();
}

QString Disturbance::text() const {
    QStringList parts;
    if (disturbed > 0) {
        QString figures =
            QStringLiteral("TX core on CPU ") + range(lowestCpuShare, highestCpuShare);
        if (lowestSteal)
            figures += QStringLiteral(", steal ") + range(*lowestSteal, *highestSteal);
        parts << QStringLiteral("%1 of %2 disturbed (%3)%4")
                     .arg(disturbed)
                     .arg(plural(repetitions, QStringLiteral("repetition")), figures,
                          excluded ? QStringLiteral(", left out of the statistics") : QString());
    }
    if (replaced > 0)
        parts << plural(replaced, QStringLiteral("disturbed attempt")) +
                     QStringLiteral(" run again");
    return parts.join(QStringLiteral("; "));
}

} // namespace burstlab
