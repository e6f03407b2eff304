#pragma once
#include "model/Sample.h"
#include "model/ThreadUsage.h"

#include <QJsonObject>
#include <QList>
#include <QMetaType>
#include <QString>
#include <optional>

namespace burstlab {

// The engine's answer to one command. id is -1 when the engine could not read
// the command's id (its ack then carries "id":null).
struct EngineAck {
    qint64 id = -1;
    bool ok = false;
    QString errorCode;
    QString errorField;
    QString errorMessage;
};

// The engine's measured window of a step: from the first packet after the
// warm-up to the last packet sent (docs/protocol.md, "finished"). Its pps is
// the step's rate.
struct MeasuredWindow {
    qint64 warmupMs = 0;
    qint64 lcores = 0; // TX lcores that sent in their window
    qint64 txPkts = 0;
    qint64 txBytes = 0;
    qint64 txCalls = 0;
    qint64 startNs = 0;
    qint64 endNs = 0;
    qint64 ns = 0;
    double pps = 0;
    double nsPerPkt = 0;
};

// The totals of one step, as the engine measured them.
struct StepFinished {
    qint64 id = 0;
    QString reason; // duration, count or stopped
    qint64 txPkts = 0;
    qint64 txBytes = 0;
    qint64 elapsedNs = 0;
    double pps = 0;
    double nsPerPkt = 0;
    double bpsL2 = 0;
    double bpsL1 = 0;
    double cyclesPerPkt = 0;
    qint64 txCalls = 0;
    qint64 ringFull = 0;
    qint64 retries = 0;
    qint64 allocFail = 0;
    qint64 mbufsInUse = 0;
    std::optional<qint64> rxPkts;
    QList<qint64> burstHist;
    MeasuredWindow window;
    std::optional<ThreadUsage> thread; // null: no lcore measured a window
    QJsonObject raw;
};

// An error the engine reports on its own; fatal ones are followed by its exit.
struct EngineErrorMessage {
    bool fatal = false;
    QString code;
    QString message;
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::EngineAck)
Q_DECLARE_METATYPE(burstlab::Sample)
Q_DECLARE_METATYPE(burstlab::StepFinished)
Q_DECLARE_METATYPE(burstlab::EngineErrorMessage)
