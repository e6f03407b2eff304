#include "exchange/ImportFormat.h"
#include "exchange/ImportLimits.h"
#include "exchange/NetdevImport.h"
#include "exchange/PktgenImport.h"
#include <QFile>

namespace burstlab {

std::optional<QList<RunData>> importFile(const QString &format, const QString &file,
                                         const ImportOptions &options, QString *error) {
    const auto fail = [&](const QString &why) -> std::optional<QList<RunData>> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (format != QLatin1String("pktgen") && format != QLatin1String("netdev"))
        return fail(
            QStringLiteral("unknown import format '%1' (expected pktgen or netdev)").arg(format));
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly | QIODevice::Text))
        return fail(QStringLiteral("cannot read %1: %2").arg(file, in.errorString()));
    if (in.size() > maxImportBytes)
        return fail(QStringLiteral("%1 is %2 bytes, over the import limit of %3 bytes (16 MiB)")
                        .arg(file)
                        .arg(in.size())
                        .arg(maxImportBytes));
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
