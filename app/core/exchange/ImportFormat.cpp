#include "exchange/ImportFormat.h"
#include "exchange/ImportLimits.h"
#include "exchange/NetdevImport.h"
#include "exchange/PktgenImport.h"
#include <QFile>
#include <QJsonDocument>

namespace burstlab {

namespace {

// A run file (RunData::toJson) as one run. A run exported while "running"
// comes back "interrupted": nobody is writing the copy.
std::optional<QList<RunData>> readRunJson(const QString &file, const QByteArray &bytes,
                                          QString *error) {
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    QString why;
    auto data = doc.isObject() ? RunData::fromJson(doc.object(), &why) : std::nullopt;
    if (!doc.isObject())
        why = QStringLiteral("not a JSON object: %1 at byte %2")
                  .arg(parseError.errorString())
                  .arg(parseError.offset);
    if (!data) {
        if (error)
            *error = QStringLiteral("%1: %2").arg(file, why);
        return std::nullopt;
    }
    if (data->run.status == RunStatus::Running)
        data->run.status = RunStatus::Interrupted;
    return QList<RunData>{*data};
}

} // namespace

QStringList importFormats() {
    return {QStringLiteral("pktgen"), QStringLiteral("netdev"), QStringLiteral("json")};
}

std::optional<QList<RunData>> importFile(const QString &format, const QString &file,
                                         const ImportOptions &options, QString *error) {
    const auto fail = [&](const QString &why) -> std::optional<QList<RunData>> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!importFormats().contains(format))
        return fail(QStringLiteral("unknown import format '%1' (expected %2)")
                        .arg(format, importFormats().join(QStringLiteral(", "))));
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly | QIODevice::Text))
        return fail(QStringLiteral("cannot read %1: %2").arg(file, in.errorString()));
    if (in.size() > maxImportBytes)
        return fail(QStringLiteral("%1 is %2 bytes, over the import limit of %3 bytes (16 MiB)")
                        .arg(file)
                        .arg(in.size())
                        .arg(maxImportBytes));
    if (format == QLatin1String("json"))
        return readRunJson(file, in.readAll(), error);
    const QString text = QString::fromUtf8(in.readAll());
    QString why;
    std::optional<QList<RunData>> runs;
    if (format == QLatin1String("netdev")) {
        runs = NetdevImport::parse(text, options.label, &why);
    } else if (const auto run = PktgenImport::parse(text, options.label, &why)) {
        runs = QList<RunData>{*run};
    }
    if (!runs)
        return fail(QStringLiteral("%1: %2").arg(file, why));
    for (RunData &run : *runs)
        run.run.spec.linkSpeedMbps = options.linkSpeedMbps;
    return runs;
}

} // namespace burstlab
