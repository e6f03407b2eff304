#pragma once
#include "compare/Comparison.h"
#include "exchange/NetdevExport.h"
#include "model/RunData.h"
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// Folded: the profiles' call chains as flame graph tools read them.
enum class ExportFormat { Netdev, Csv, Json, Markdown, Folded };

// "netdev", "csv", "json", "md", "folded" (the CLI's --format names).
QString toString(ExportFormat format);
std::optional<ExportFormat> exportFormatFromString(const QString &text);
QStringList exportFormatNames();

// One run or, with two or more, a comparison against the first. The netdev
// options' statistics options apply to every format.
QString exportRuns(ExportFormat format, const QList<RunData> &runs,
                   const NetdevOptions &options = {});

} // namespace burstlab
