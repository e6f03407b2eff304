#include "CliOutput.h"
#include "CliParser.h"
#include "CliStore.h"
#include "Commands.h"
#include "TextTable.h"
#include "store/StoreCopy.h"
#include "sweep/RunWriter.h"
#include "util/ExitCode.h"
#include "util/ShellText.h"
#include <QHash>
#include <algorithm>
#include <memory>

namespace burstlab {

namespace {

int copyRuns(const QString &source, const QString &destination) {
    const QString command = QStringLiteral("store copy");
    CliStore from(command);
    if (const auto code = from.openToRead(source))
        return *code;
    CliStore to(command);
    if (const auto code = to.open(destination))
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

// The local copies that sweeps on a PostgreSQL store left beside the
// default store (RunWriter), each run with whether `db` holds it already,
// as `store copy` would find it there.
int listCopies(const QString &db) {
    const QString command = QStringLiteral("store copies");
    const QStringList files = RunWriter::copyFiles();
    if (files.isEmpty()) {
        CliOutput::out()
            << QStringLiteral("no local copies beside %1\n").arg(RunStore::defaultPath());
        return ExitOk;
    }
    std::unique_ptr<CliStore> server;
    if (!db.isEmpty()) {
        server = std::make_unique<CliStore>(command);
        if (const auto code = server->openToRead(db))
            return *code;
    }
    TextTable table({QStringLiteral("FILE"), QStringLiteral("RUN"), QStringLiteral("STATUS"),
                     QStringLiteral("STEPS"), QStringLiteral("CREATED"),
                     server ? QStringLiteral("IN STORE") : QStringLiteral("IN STORE (--db)"),
                     QStringLiteral("NAME")});
    QStringList missing; // files with a run the store lacks
    int failed = 0;
    for (const QString &file : files) {
        CliStore local(command);
        if (local.openToRead(file)) {
            ++failed; // said on stderr; the other copies are still listed
            continue;
        }
        const auto runs = local.store().listRuns();
        QString error;
        const auto found =
            server ? StoreCopy::held(local.store(), server->store(), &error)
                   : std::optional<QList<StoreCopy::Copied>>(QList<StoreCopy::Copied>{});
        if (!runs || !found) {
            CliOutput::warn(QStringLiteral("burstlab-cli %1: %2: %3")
                                .arg(command, file, runs ? error : local.store().lastError()));
            ++failed;
            continue;
        }
        QHash<qint64, StoreCopy::Copied> there;
        for (const StoreCopy::Copied &run : *found)
            there.insert(run.from, run);
        for (const RunSummary &run : *runs) {
            QString held = QStringLiteral("-");
            if (server) {
                const StoreCopy::Copied copy = there.value(run.id);
                held = copy.already ? QStringLiteral("yes, run %1").arg(copy.to)
                                    : QStringLiteral("no");
                if (!copy.already && !missing.contains(file))
                    missing << file;
            }
            table.addRow({file, QString::number(run.id), toString(run.status),
                          QString::number(run.steps),
                          run.created.toLocalTime().toString(QStringLiteral("yyyy-MM-dd HH:mm")),
                          held, run.name});
        }
    }
    CliOutput::out() << table.toString();
    if (!server)
        CliOutput::out() << QStringLiteral("--db STORE says which runs that store holds already\n");
    for (const QString &file : missing)
        CliOutput::out() << QStringLiteral("to move: burstlab-cli store copy %1 %2\n")
                                .arg(ShellText::quote(file), ShellText::quote(db));
    if (missing.isEmpty() && server)
        CliOutput::out() << QStringLiteral("every run is in %1 already: the files may be deleted\n")
                                .arg(server->store().path());
    return failed > 0 ? ExitStore : ExitOk;
}

} // namespace

int storeCommand(const QStringList &args) {
    const QString command = QStringLiteral("store");
    CliParser parser(command,
                     QStringLiteral("store copy SRC DST: copy every run of the store SRC into the "
                                    "store DST (each a SQLite file or a PostgreSQL connection: "
                                    "postgresql://... or service=NAME), each run in one "
                                    "transaction under DST's own ids; --db is not used.\n"
                                    "store copies: list the local copies that sweeps on a "
                                    "PostgreSQL store left when its connection did not come "
                                    "back, and with --db STORE which of their runs STORE holds "
                                    "already."));
    parser.addPositional(QStringLiteral("action"), QStringLiteral("copy or copies."),
                         QStringLiteral("copy|copies"));
    parser.addPositional(QStringLiteral("SRC"), QStringLiteral("copy: the store to read."),
                         QStringLiteral("[SRC"));
    parser.addPositional(QStringLiteral("DST"), QStringLiteral("copy: the store to write."),
                         QStringLiteral("DST]"));
    if (const auto code = parser.parse(args, 1, 3))
        return *code;
    const QStringList words = parser.positional();
    if (words.first() == QLatin1String("copy")) {
        if (words.size() != 3)
            return CliOutput::usageError(QStringLiteral("store copy"),
                                         QStringLiteral("give the stores: store copy SRC DST"));
        return copyRuns(words[1], words[2]);
    }
    if (words.first() == QLatin1String("copies")) {
        if (words.size() != 1)
            return CliOutput::usageError(QStringLiteral("store copies"),
                                         QStringLiteral("takes no store: --db STORE before it"));
        return listCopies(parser.db());
    }
    return CliOutput::usageError(
        command, QStringLiteral("unknown action '%1': must be copy or copies").arg(words.first()));
}

} // namespace burstlab
