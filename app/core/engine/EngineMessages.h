#pragma once
#include "model/Sample.h"
#include "model/StepFinished.h"

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

// An error the engine reports on its own; fatal ones are followed by its exit.
struct EngineErrorMessage {
    bool fatal = false;
    QString code;
    QString message;
};

} // namespace burstlab

Q_DECLARE_METATYPE(burstlab::EngineAck)
Q_DECLARE_METATYPE(burstlab::Sample)
Q_DECLARE_METATYPE(burstlab::EngineErrorMessage)
