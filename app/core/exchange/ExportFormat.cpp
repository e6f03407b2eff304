#include "exchange/ExportFormat.h"
#include "exchange/ProfileText.h"
#include "exchange/TableExport.h"

namespace burstlab {

namespace {
const QList<std::pair<ExportFormat, QString>> names{
    {ExportFormat::Netdev, QStringLiteral("netdev")},
    {ExportFormat::Csv, QStringLiteral("csv")},
    {ExportFormat::Json, QStringLiteral("json")},
    {ExportFormat::Markdown, QStringLiteral("md")},
    {ExportFormat::Folded, QStringLiteral("folded")}};
} // namespace

QString toString(ExportFormat format) {
    for (const auto &[f, name] : names) {
        if (f == format)
            return name;
    }
    return {};
}

std::optional<ExportFormat> exportFormatFromString(const QString &text) {
    for (const auto &[f, name] : names) {
        if (name == text)
            return f;
    }
    return std::nullopt;
}

QStringList exportFormatNames() {
    QStringList list;
    for (const auto &entry : names)
        list << entry.second;
    return list;
}

QString exportRuns(ExportFormat format, const QList<RunData> &runs, const NetdevOptions &options) {
    if (runs.size() == 1 && format == ExportFormat::Netdev)
        return NetdevExport::run(runs.first(), options);
    // Files other than the post keep differences whole: no line to fit.
    const Comparison comparison =
        Comparison::of(runs, options.stats,
                       format == ExportFormat::Netdev ? NetdevExport::differenceWidth(options) : 0);
    switch (format) {
    case ExportFormat::Netdev:
        return NetdevExport::comparison(comparison, options);
    case ExportFormat::Csv:
        return TableExport::csv(comparison);
    case ExportFormat::Json:
        return TableExport::json(comparison);
    case ExportFormat::Markdown:
        return TableExport::markdown(comparison);
    case ExportFormat::Folded:
        return ProfileText::folded(comparison);
    }
    return {};
}

} // namespace burstlab
