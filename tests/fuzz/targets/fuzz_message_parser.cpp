// libFuzzer target: bytes from the engine's stdout, as the client reads them,
// cut into lines by LineFramer in chunks the first byte chooses and each line
// parsed by EngineMessageParser. A remote engine is a peer over ssh: nothing
// it sends may crash the GUI or the CLI.
#include "engine/EngineMessageParser.h"
#include "engine/LineFramer.h"

#include <cstdint>
#include <cstdlib>

using namespace burstlab;

namespace {

// As an engine of either kind sent them: the kind says which counters
// its stats and finished messages must carry.
void parseAll(const QList<QByteArray> &lines) {
    for (const QByteArray &line : lines) {
        for (EngineKind kind : {EngineKind::Dpdk, EngineKind::Pktgen}) {
            const EngineMessage message = EngineMessageParser::parse(line, kind);
            if (const auto *v = std::get_if<ProtocolViolation>(&message);
                v && v->message.isEmpty()) {
                std::abort(); // a refusal must say why
            }
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) {
        return 0;
    }
    // A small line limit so the overflow path is reached with short inputs.
    const qsizetype maxLine = data[0] & 0x80 ? 64 : LineFramer::kDefaultMaxLine;
    const qsizetype chunk = (data[0] & 0x7f) + 1;
    const QByteArray stream(reinterpret_cast<const char *>(data) + 1, qsizetype(size) - 1);
    LineFramer framer(maxLine);
    for (qsizetype at = 0; at < stream.size() && !framer.overflowed(); at += chunk) {
        parseAll(framer.feed(stream.mid(at, chunk)));
    }
    parseAll({framer.takeRest()});
    return 0;
}
