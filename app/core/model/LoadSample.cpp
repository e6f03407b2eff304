#include "model/LoadSample.h"
#include "model/JsonReader.h"

namespace burstlab {

QString LoadSample::describe() const {
    QStringList parts;
    if (!onTxCpus.isEmpty())
        parts << onTxCpus.join(QStringLiteral(", "));
    if (elsewhere > 0)
        parts << QStringLiteral("%1 other task%2 runnable elsewhere")
                     .arg(elsewhere)
                     .arg(elsewhere == 1 ? "" : "s");
    parts << QStringLiteral("load %1").arg(load1, 0, 'f', 2);
    return parts.join(QStringLiteral("; "));
}

QJsonObject LoadSample::toJson() const {
    QJsonArray cpuArray;
    for (int cpu : cpus)
        cpuArray.append(cpu);
    return {{QStringLiteral("at"), dateTimeText(at)},
            {QStringLiteral("load1"), load1},
            {QStringLiteral("cpus"), cpuArray},
            {QStringLiteral("on_tx_cpus"), QJsonArray::fromStringList(onTxCpus)},
            {QStringLiteral("elsewhere"), elsewhere},
            {QStringLiteral("own_running"), ownRunning}};
}

std::optional<LoadSample> LoadSample::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("load_sample"));
    LoadSample s;
    s.at = in.dateTime(QStringLiteral("at"));
    s.load1 = in.number(QStringLiteral("load1"));
    for (const QJsonValue &cpu : in.array(QStringLiteral("cpus")))
        s.cpus << cpu.toInt();
    s.onTxCpus = in.strings(QStringLiteral("on_tx_cpus"));
    s.elsewhere = int(in.integer(QStringLiteral("elsewhere")));
    s.ownRunning = int(in.integer(QStringLiteral("own_running")));
    if (!in.finish(error))
        return std::nullopt;
    return s;
}

} // namespace burstlab
