#include "model/RunData.h"
#include "model/JsonReader.h"

namespace burstlab {

namespace {
const QString formatName = QStringLiteral("burstlab-run");
constexpr int formatVersion = 1;
} // namespace

QJsonObject RunData::toJson() const {
    QJsonArray stepArray;
    for (const StepData &step : steps) {
        QJsonObject o = step.result.toJson();
        QJsonArray samples;
        for (const Sample &s : step.samples)
            samples.append(s.toJson());
        o.insert(QStringLiteral("samples"), samples);
        stepArray.append(o);
    }
    QJsonObject o{{QStringLiteral("format"), formatName},
                  {QStringLiteral("version"), formatVersion},
                  {QStringLiteral("run"), run.toJson()},
                  {QStringLiteral("steps"), stepArray}};
    if (!loadSamples.isEmpty()) {
        QJsonArray load;
        for (const LoadSample &s : loadSamples)
            load.append(s.toJson());
        o.insert(QStringLiteral("load_samples"), load);
    }
    return o;
}

std::optional<RunData> RunData::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("file"));
    if (in.string(QStringLiteral("format")) != formatName)
        in.invalid(QStringLiteral("format"), QStringLiteral("not a burstlab run file"));
    else if (in.integer(QStringLiteral("version")) != formatVersion)
        in.invalid(QStringLiteral("version"),
                   QStringLiteral("version %1 is not supported (expected %2)")
                       .arg(object.value(QStringLiteral("version")).toInteger())
                       .arg(formatVersion));
    const QJsonObject runObject = in.object(QStringLiteral("run"));
    const QJsonArray stepArray = in.array(QStringLiteral("steps"));
    if (!in.finish(error))
        return std::nullopt;
    RunData data;
    const auto run = Run::fromJson(runObject, error);
    if (!run)
        return std::nullopt;
    data.run = *run;
    for (const QJsonValue &item : stepArray) {
        const QJsonObject stepObject = item.toObject();
        StepData step;
        const auto result = StepResult::fromJson(stepObject, error);
        if (!result)
            return std::nullopt;
        step.result = *result;
        for (const QJsonValue &s : stepObject.value(QStringLiteral("samples")).toArray()) {
            const auto sample = Sample::fromJson(s.toObject(), error);
            if (!sample)
                return std::nullopt;
            step.samples << *sample;
        }
        data.steps << step;
    }
    for (const QJsonValue &item : object.value(QStringLiteral("load_samples")).toArray()) {
        const auto sample = LoadSample::fromJson(item.toObject(), error);
        if (!sample)
            return std::nullopt;
        data.loadSamples << *sample;
    }
    return data;
}

QList<StepResult> RunData::results() const {
    QList<StepResult> list;
    for (const StepData &step : steps)
        list << step.result;
    return list;
}

void RunData::appendResult(StepResult result) {
    result.seq = int(steps.size());
    result.rep = 0;
    for (const StepData &s : steps)
        result.rep += s.result.point == result.point ? 1 : 0;
    run.spec.reps = std::max(run.spec.reps, result.rep + 1);
    if (!run.spec.axes.isEmpty() && !result.point.values.isEmpty() &&
        !run.spec.axes.first().values.contains(result.point.values.first()))
        run.spec.axes.first().values << result.point.values.first();
    steps << StepData{result, {}};
}

} // namespace burstlab
