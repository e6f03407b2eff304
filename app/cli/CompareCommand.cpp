#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "exchange/NetdevExport.h"
#include "exchange/TableExport.h"
#include "util/ExitCode.h"

namespace burstlab {

int compareCommand(const QStringList &args) {
    const QString command = QStringLiteral("compare");
    CliParser parser(command, QStringLiteral("Runs side by side: per-point pps and ns/packet with "
                                             "deltas against the baseline and their verdicts."));
    parser.addPositional(QStringLiteral("RUN_ID"),
                         QStringLiteral("Two or more runs; the first is the baseline."),
                         QStringLiteral("RUN_ID RUN_ID..."));
    parser.addOption({QStringLiteral("baseline"),
                      QStringLiteral("The run to compare against (default: the first)."),
                      QStringLiteral("RUN_ID")});
    parser.addOption({QStringLiteral("json"), QStringLiteral("The comparison as JSON.")});
    parser.addOption({QStringLiteral("no-chart"),
                      QStringLiteral("Leave the plain-text charts out of the text.")});
    parser.addOption({QStringLiteral("exclude-disturbed"),
                      QStringLiteral("Leave disturbed repetitions out of the statistics.")});
    parser.addOption({QStringLiteral("pairs"),
                      QStringLiteral("Take the runs two at a time, each second run against the "
                                     "first (A1 B1 A2 B2 ...), one verdict family for all.")});
    parser.addOption({QStringLiteral("full"),
                      QStringLiteral("Host and setting differences whole (default: one line "
                                     "each, long values cut in their middle).")});
    if (const auto code = parser.parse(args, 1, -1))
        return *code;
    QStringList ids = parser.positional();
    if (parser.isSet(QStringLiteral("baseline"))) {
        ids.removeAll(parser.value(QStringLiteral("baseline")));
        ids.prepend(parser.value(QStringLiteral("baseline")));
    }
    const bool pairs = parser.isSet(QStringLiteral("pairs"));
    if (pairs && parser.isSet(QStringLiteral("baseline")))
        return CliOutput::usageError(
            command, QStringLiteral("--baseline: each pair's first run is its baseline with "
                                    "--pairs; give one or the other"));
    if (ids.size() < 2)
        return CliOutput::usageError(command, QStringLiteral("compare needs at least two runs"));
    if (pairs && ids.size() % 2 != 0)
        return CliOutput::usageError(
            command, QStringLiteral("RUN_ID: --pairs takes the runs two at a time (baseline, "
                                    "then the run against it); %1 given")
                         .arg(ids.size()));
    CliStore store(command);
    if (const auto code = store.openToRead(parser.db()))
        return *code;
    int code = ExitOk;
    const auto runs = store.loadAll(ids, &code);
    if (!runs)
        return code;
    // Each run brings its own link speed and frame size (PointStats::ofRun).
    NetdevOptions options;
    options.chart = !parser.isSet(QStringLiteral("no-chart"));
    options.stats.excludeDisturbed = parser.isSet(QStringLiteral("exclude-disturbed"));
    options.wholeDifferences = parser.isSet(QStringLiteral("full"));
    const bool json = parser.isSet(QStringLiteral("json"));
    // JSON holds every difference whole; the text's are said once, in it.
    const int width = json ? 0 : NetdevExport::differenceWidth(options);
    if (pairs) {
        const QList<Comparison> each = Comparison::ofPairs(*runs, options.stats, width);
        CliOutput::out() << (json ? TableExport::json(each) : NetdevExport::pairs(each, options));
        return ExitOk;
    }
    const Comparison comparison = Comparison::of(*runs, options.stats, width);
    CliOutput::out() << (json ? TableExport::json(comparison)
                              : NetdevExport::comparison(comparison, options));
    return ExitOk;
}

} // namespace burstlab
