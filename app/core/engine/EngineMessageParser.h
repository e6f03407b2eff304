#pragma once
#include "engine/EngineHello.h"
#include "engine/EngineMessages.h"

#include <QByteArray>
#include <QJsonObject>
#include <variant>

namespace burstlab {

// Why a line from the engine was refused.
struct ProtocolViolation {
    enum class Kind { Garbage, VersionMismatch };
    Kind kind = Kind::Garbage;
    QString message;
};

using EngineMessage = std::variant<EngineHello, EngineAck, Sample, StepFinished, EngineErrorMessage,
                                   ProtocolViolation>;

// Parses one line of protocol v1 strictly: an unknown type, a missing or
// ill-typed field is a ProtocolViolation. A hello of another protocol version
// is refused before its other fields are looked at, since their shape may differ.
// kind is the engine's, from its hello: its stats and finished messages must
// carry every counter its kind measures (dpdkOnlyNeed).
class EngineMessageParser {
  public:
    static EngineMessage parse(const QByteArray &line, EngineKind kind = EngineKind::Dpdk);
    // The same for a message already read as JSON, e.g. a hello stored with a run.
    static EngineMessage parse(const QJsonObject &message, EngineKind kind = EngineKind::Dpdk);
};

} // namespace burstlab
