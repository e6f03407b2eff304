#include "sweep/HostRecord.h"
#include "host/CheckResult.h"
#include "host/Checklist.h"
#include "host/Fingerprint.h"

namespace burstlab {

HostRecord HostRecord::probe(const ProbeContext &context, const QJsonObject &hello) {
    return {CheckResult::toJsonArray(Checklist::builtIn().run(context)),
            Fingerprint::collect(context, hello)};
}

} // namespace burstlab
