#pragma once
// Stored-shape burst sweeps of either engine, built from the messages an
// engine sends (tests/data/pktgen: the pktgen engine's hello and finished,
// the DPDK engine's hello from docs/protocol.md), for the tests of what a
// pktgen run prints and how it compares. No engine runs.
#include "host/Fingerprint.h"
#include "model/RunData.h"
#include "model/StepFinished.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QString>
#include <utility>

namespace burstlab::testdata {

inline QJsonObject pktgenFixture(const QString &name) {
    QFile file(QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/pktgen/") + name);
    if (!file.open(QIODevice::ReadOnly))
        qFatal("fixture %s: %s", qPrintable(name), qPrintable(file.errorString()));
    return QJsonDocument::fromJson(file.readAll()).object();
}

// One repetition's finished message: the fixture's, at this burst, with
// this window rate and the run's fixed parameters in its params.
inline StepFinished finishedAt(qint64 id, qint64 burst, double pps, const QJsonObject &fixed) {
    QJsonObject message = pktgenFixture(QStringLiteral("finished.json"));
    message.insert(QStringLiteral("id"), id);
    message.insert(QStringLiteral("pps"), pps);
    QJsonObject window = message.value(QStringLiteral("window")).toObject();
    window.insert(QStringLiteral("pps"), pps);
    message.insert(QStringLiteral("window"), window);
    QJsonObject params = message.value(QStringLiteral("params")).toObject();
    for (auto it = fixed.begin(); it != fixed.end(); ++it)
        params.insert(it.key(), it.value());
    params.insert(QStringLiteral("burst"), burst);
    message.insert(QStringLiteral("params"), params);
    // pktgen's own Result rate of its one entry: the window's, as it prints it
    QJsonArray lcores = message.value(QStringLiteral("lcores")).toArray();
    QJsonObject lcore = lcores.first().toObject();
    lcore.insert(QStringLiteral("pktgen_pps"), qint64(pps));
    lcores.replace(0, lcore);
    message.insert(QStringLiteral("lcores"), lcores);
    QString error;
    const auto finished = StepFinished::fromJson(message, &error);
    if (!finished)
        qFatal("finished fixture: %s", qPrintable(error));
    return *finished;
}

// A completed burst sweep of `reps` repetitions a point, each repetition at
// its point's rate: a pktgen run on dummy0 (pktgen thread on CPU 1) or a
// DPDK run on net_null0.
inline RunData burstRun(EngineKind kind, const QString &label,
                        const QList<std::pair<qint64, double>> &points,
                        const QJsonObject &fixed = {}, int reps = 2) {
    RunData data;
    Run &run = data.run;
    const bool pktgen = kind == EngineKind::Pktgen;
    run.name = QStringLiteral("burst sweep");
    run.label = label;
    run.status = RunStatus::Completed;
    run.hello =
        pktgenFixture(pktgen ? QStringLiteral("hello.json") : QStringLiteral("dpdk_hello.json"));
    // A root without files: only what the hello says is known.
    ProbeContext nowhere;
    nowhere.root = QStringLiteral("/nonexistent");
    run.fingerprint = Fingerprint::collect(nowhere, run.hello);
    EngineLaunch &engine = run.spec.engine;
    engine.kind = kind;
    if (pktgen) {
        engine.device = QStringLiteral("dummy0");
        engine.lcores = QStringLiteral("1");
        engine.noHuge = false;
    } else {
        engine.vdevs = {QStringLiteral("net_null0")};
    }
    QList<AxisValue> values;
    for (const auto &point : points)
        values << AxisValue(point.first);
    run.spec.axes = {Axis{QStringLiteral("burst"), values}};
    run.spec.fixed = fixed;
    run.spec.reps = reps;
    run.spec.durationMs = 1000;
    run.spec.warmupMs = SweepSpec::defaultWarmupMs(run.spec.durationMs, kind);
    run.spec.randomize = false;
    int seq = 0;
    for (const auto &[burst, pps] : points) {
        for (int r = 0; r < reps; ++r) {
            StepResult step;
            step.point = Point{{AxisValue(burst)}};
            step.rep = r;
            step.seq = seq;
            step.status = RunStatus::Completed;
            StepFinished finished = finishedAt(++seq, burst, pps, fixed);
            if (!pktgen) // a DPDK engine has no Result line to give
                finished.lcores.first().pktgenPps.reset();
            step.applyFinished(finished);
            data.steps << StepData{step, {}};
        }
    }
    return data;
}

// Seed 000's skb_burst rates for burst 1, 2 and 3.
inline QList<std::pair<qint64, double>> seed000Rates() {
    return {{1, 5571279}, {2, 6942821}, {3, 7556214}};
}

} // namespace burstlab::testdata
