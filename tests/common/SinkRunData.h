#pragma once
// A stored-shape run whose steps carry the RX sink's figures, with numbers
// worked out by hand, for the tests of the outputs that print them.
#include "model/RunData.h"

#include <QJsonObject>

namespace burstlab::testdata {

struct SinkRep {
    double pps;
    qint64 lost;
    qint64 foreign;
    std::optional<LatencyFigures> latency;
};

// A burst sweep (1, 32) of 3 repetitions, 30000 packets sent per
// repetition; burst=1 loses nothing (3 foreign frames in one repetition),
// burst=32 loses 100 per repetition: 300 of 90000, 0.33%, lossy. Without
// sink, the same steps with no sink figures; without timestamps, no latency.
// The hello's TSC runs at 2445.41 MHz.
inline RunData sinkRun(const QString &label, bool sink, bool timestamps) {
    RunData data;
    Run &run = data.run;
    run.name = QStringLiteral("burst sweep with a sink");
    run.label = label;
    run.status = RunStatus::Completed;
    run.hello = QJsonObject{{QStringLiteral("type"), QStringLiteral("hello")},
                            {QStringLiteral("tsc_hz"), 2445405920.0}};
    run.spec.engine.vdevs = {QStringLiteral("net_af_packet0,iface=va")};
    run.spec.engine.sinkVdev = sink ? QStringLiteral("net_af_packet1,iface=vb") : QString();
    run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(32)}}};
    run.spec.reps = 3;
    run.spec.durationMs = 200;
    run.spec.seed = 7;
    const QList<QList<SinkRep>> points{
        {{100000, 0, 0, LatencyFigures{30000, 700, 1000, 5000, 40000}},
         {101000, 0, 3, LatencyFigures{30000, 800, 1200, 6000, 9000}},
         {99000, 0, 0, LatencyFigures{30000, 750, 1100, 5500, 12000}}},
        {{300000, 100, 0, LatencyFigures{29900, 900, 2000, 8000, 20000}},
         {310000, 100, 0, LatencyFigures{29900, 950, 2100, 9000, 21000}},
         {305000, 100, 0, LatencyFigures{29900, 990, 2200, 8500, 22000}}}};
    int seq = 0;
    for (qsizetype p = 0; p < points.size(); ++p) {
        for (qsizetype r = 0; r < points[p].size(); ++r) {
            const SinkRep &rep = points[p][r];
            StepFinished f;
            f.id = seq + 1;
            f.counters.txPkts = 30000;
            f.elapsedNs = 200000000;
            f.window.pps = rep.pps;
            if (sink) {
                f.rxPkts = 30000 - rep.lost;
                f.rxLost = rep.lost;
                f.rxDropped = 0;
                f.rxDrops = RxDropFigures{};
                f.rxForeign = rep.foreign;
                f.rxLate = 0;
                f.rxDuplicates = 0;
                f.rxReordered = 0;
                if (timestamps)
                    f.latencyNs = rep.latency;
            }
            StepResult step;
            step.point = Point{{run.spec.axes.first().values[p]}};
            step.rep = int(r);
            step.seq = seq++;
            step.status = RunStatus::Completed;
            step.applyFinished(f);
            data.steps << StepData{step, {}};
        }
    }
    return data;
}

} // namespace burstlab::testdata
