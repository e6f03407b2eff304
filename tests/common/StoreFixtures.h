#pragma once
// Runs, steps and samples as the store tests write them, and a run's data
// without the ids a store gives it, to compare runs of two stores.
#include "model/RunData.h"
#include "store/RunStore.h"
#include <QJsonArray>
#include <QJsonObject>

namespace burstlab {

inline Run sampleRun(const QString &name) {
    Run run;
    run.name = name;
    run.label = QStringLiteral("baseline");
    run.notes = QStringLiteral("first try");
    run.tags = {QStringLiteral("null"), QStringLiteral("burst")};
    run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(2)}}};
    run.spec.fixed = {{QStringLiteral("pkt_size"), 60}};
    run.spec.reps = 2;
    run.spec.seed = 18446744073709551615ull;
    run.hello = {{QStringLiteral("type"), QStringLiteral("hello")},
                 {QStringLiteral("ports"),
                  QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("net_null0")},
                                         {QStringLiteral("driver"), QStringLiteral("net_null")},
                                         {QStringLiteral("link_speed_mbps"), 10000}}}}};
    run.fingerprint = {{QStringLiteral("kernel_release"), QStringLiteral("6.1.0")}};
    run.checklist = {QJsonObject{{QStringLiteral("id"), QStringLiteral("smt")},
                                 {QStringLiteral("status"), QStringLiteral("pass")}}};
    return run;
}

inline StepResult finished(qint64 stepId, double pps) {
    StepResult r;
    r.id = stepId;
    r.status = RunStatus::Completed;
    StepFinished f;
    f.counters.txPkts = qint64(pps / 10);
    f.elapsedNs = 100000000;
    f.window.pps = pps;
    r.applyFinished(f);
    return r;
}

// Runs a step at point with rep, one sample, finished at pps. The first
// repetition's sample has a DPDK engine's tx_calls, the others none, as a
// pktgen engine's.
inline qint64 measure(RunStore &store, qint64 runId, qint64 burst, int rep, double pps) {
    const auto stepId =
        store.beginStep(runId, Point{{AxisValue(burst)}}, rep, int(burst) * 10 + rep);
    if (!stepId)
        return 0;
    Sample s;
    s.tNs = 50000000;
    s.txPkts = qint64(pps / 20);
    if (rep == 0)
        s.txCalls = s.txPkts / 32;
    if (!store.addSample(*stepId, s) || !store.finishStep(finished(*stepId, pps)))
        return 0;
    return *stepId;
}

// data with every id a store gives set to 0: what two stores' copies share.
inline RunData withoutIds(RunData data) {
    data.run.id = 0;
    for (StepData &step : data.steps) {
        step.result.id = step.result.runId = 0;
        for (Sample &s : step.samples)
            s.stepId = 0;
    }
    return data;
}

} // namespace burstlab
