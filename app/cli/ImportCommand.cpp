#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "exchange/ImportFormat.h"
#include "model/StepParameters.h"
#include "stats/LineRate.h"
#include "store/RunImport.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

namespace burstlab {

int importCommand(const QStringList &args) {
    const QString command = QStringLiteral("import");
    CliParser parser(
        command, QStringLiteral("Store results recorded elsewhere (kernel pktgen's "
                                "result output, a netdev-style table, perf's "
                                "or netperf's tables) as runs, to compare them with new ones."));
    parser.addPositional(QStringLiteral("FILE"), QStringLiteral("The file to import."),
                         QStringLiteral("FILE"));
    parser.addOption({QStringLiteral("format"),
                      QStringLiteral("Required: pktgen, netdev, perf (perf top or perf report "
                                     "tables, each a profile without a rate), netperf (netperf's "
                                     "TCP_RR, UDP_RR or TCP_STREAM tables, each with its own "
                                     "figures and no pps) or json (a run file from `export "
                                     "--format json`)."),
                      QStringLiteral("FORMAT")});
    parser.addOption({QStringLiteral("label"), QStringLiteral("The imported runs' label."),
                      QStringLiteral("TEXT")});
    parser.addOption({QStringLiteral("link-speed"),
                      QStringLiteral("The link the results were measured on, e.g. 10G, 25000M "
                                     "or 100G, for the line-rate check."),
                      QStringLiteral("SPEED")});
    const StepParameter &pktSize = *StepParameters::find(QStringLiteral("pkt_size"));
    parser.addOption({QStringLiteral("frame-size"),
                      QStringLiteral("The frame size without FCS the results were measured with, "
                                     "%1..%2 bytes, for the bit rates and the line-rate check "
                                     "(none is assumed where the source states none).")
                          .arg(pktSize.min)
                          .arg(pktSize.max),
                      QStringLiteral("BYTES")});
    if (const auto code = parser.parse(args, 1, 1))
        return *code;
    const QString format = parser.value(QStringLiteral("format"));
    if (!importFormats().contains(format))
        return CliOutput::usageError(command,
                                     QStringLiteral("--format '%1': must be one of %2")
                                         .arg(format, importFormats().join(QStringLiteral(", "))));
    ImportOptions options;
    options.label = parser.value(QStringLiteral("label"));
    QString error;
    if (parser.isSet(QStringLiteral("link-speed"))) {
        options.linkSpeedMbps =
            LineRate::parseSpeedMbps(parser.value(QStringLiteral("link-speed")), &error);
        if (!options.linkSpeedMbps)
            return CliOutput::usageError(command, QStringLiteral("--link-speed: ") + error);
    }
    if (parser.isSet(QStringLiteral("frame-size"))) {
        const auto size =
            parser.integer(QStringLiteral("frame-size"), 0, pktSize.min, pktSize.max, &error);
        if (!size)
            return CliOutput::usageError(command, error);
        options.frameSize = int(*size);
    }
    CliStore store(command);
    if (const auto code = store.open(parser.db()))
        return *code;
    const QString file = parser.positional().first();
    const auto runs = importFile(format, file, options, &error);
    if (!runs)
        return CliOutput::error(command, ExitFailure, error);
    // Read, but the store refused it (a full disk, a lost server): the store's code.
    const auto written = RunImport::write(store.store(), file, *runs, &error);
    if (!written)
        return CliOutput::error(command, ExitStore, error);
    if (written->earlier) {
        CliOutput::warn(QStringLiteral("burstlab-cli %1: %2")
                            .arg(command, RunImport::earlierText(*written, file, store.store())));
        return ExitOk;
    }
    for (qsizetype i = 0; i < written->ids.size(); ++i) {
        const qint64 id = written->ids[i];
        const RunData &data = (*runs)[i];
        CliOutput::out() << QStringLiteral("imported run %1: %2 (%3 steps)\n")
                                .arg(id)
                                .arg(SafeText::field(data.run.name))
                                .arg(data.steps.size());
        // What was odd in the source is stored with the run and said here.
        for (const QString &warning : data.run.spec.importWarnings)
            CliOutput::warn(QStringLiteral("warning: run %1: source %2").arg(id).arg(warning));
    }
    return ExitOk;
}

} // namespace burstlab
