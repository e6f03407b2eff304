#include "model/StepThreadFigures.h"
#include "model/FieldJson.h"

namespace burstlab {

std::optional<StepThreadFigures> StepThreadFigures::fromJson(const QJsonObject &o, QString *error) {
    const QString path = QStringLiteral("finished.thread");
    auto t = fieldjson::read<StepThreadFigures>(o, path, error);
    if (t && !t->problem().isEmpty()) {
        if (error)
            *error = QStringLiteral("%1.lcores: %2").arg(path, t->problem());
        return std::nullopt;
    }
    return t;
}

QString StepThreadFigures::problem() const {
    if (lcores < 1 || wallNs <= 0 || minCpuShare < 0)
        return QStringLiteral("a thread figure for no lcore or no time");
    return {};
}

} // namespace burstlab
