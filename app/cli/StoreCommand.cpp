#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "store/StoreCopy.h"
#include "util/ExitCode.h"
#include <algorithm>

namespace burstlab {

int storeCommand(const QStringList &args) {
    const QString command = QStringLiteral("store copy");
    CliParser parser(command,
                     QStringLiteral("Copy every run of the store SRC into the store DST (each a "
                                    "SQLite file or a PostgreSQL connection: postgresql://... or "
                                    "service=NAME), each run in one transaction under DST's own "
                                    "ids; --db is not used."));
    parser.addPositional(QStringLiteral("copy"), QStringLiteral("The action: copy."),
                         QStringLiteral("copy"));
    parser.addPositional(QStringLiteral("SRC"), QStringLiteral("The store to read."),
                         QStringLiteral("SRC"));
    parser.addPositional(QStringLiteral("DST"), QStringLiteral("The store to write."),
                         QStringLiteral("DST"));
    if (const auto code = parser.parse(args, 3, 3))
        return *code;
    const QStringList stores = parser.positional();
    if (stores.first() != QLatin1String("copy"))
        return CliOutput::usageError(
            QStringLiteral("store"),
            QStringLiteral("unknown action '%1': must be copy").arg(stores.first()));
    CliStore from(command);
    if (const auto code = from.openToRead(stores[1]))
        return *code;
    CliStore to(command);
    if (const auto code = to.open(stores[2]))
        return *code;
    QString error;
    const auto copied =
        StoreCopy::copy(from.store(), to.store(), &error, [](const StoreCopy::Copied &run) {
            CliOutput::out() << (run.already ? QStringLiteral("run %1 = %2 (%3 steps, "
                                                              "already there)\n")
                                             : QStringLiteral("run %1 -> %2 (%3 steps)\n"))
                                    .arg(run.from)
                                    .arg(run.to)
                                    .arg(run.steps);
        });
    if (!copied)
        return CliOutput::error(command, ExitStore, error);
    const auto already = std::count_if(copied->cbegin(), copied->cend(),
                                       [](const StoreCopy::Copied &run) { return run.already; });
    CliOutput::out() << QStringLiteral("copied %1 runs, %2 already there\n")
                            .arg(copied->size() - already)
                            .arg(already);
    return ExitOk;
}

} // namespace burstlab
