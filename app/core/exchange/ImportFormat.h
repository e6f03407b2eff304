#pragma once
#include "model/RunData.h"
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// What the user adds to an import: the runs' label and, for the line-rate
// check and the bit rates, the link speed and the frame size (without FCS)
// the results were measured with (the source rarely says either).
struct ImportOptions {
    QString label;
    std::optional<double> linkSpeedMbps;
    std::optional<int> frameSize;
};

// What importFile reads: kernel pktgen's result output, a netdev-style
// table (one run per table), perf's tables (perf: one run per table, a
// profile without a rate), netperf's classic tables (netperf: one run per
// table, its own figures and no pps) and a burstlab run file (json). A text in
// quoted-printable (a mail as archived) is decoded first (QuotedPrintable).
QStringList importFormats();

// Reads the file and parses it; errors name the file (and the line).
// The store takes what it gives (store/RunImport).
std::optional<QList<RunData>> importFile(const QString &format, const QString &file,
                                         const ImportOptions &options, QString *error);

} // namespace burstlab
