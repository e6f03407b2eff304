#include "CliStore.h"
#include "CliOutput.h"
#include "util/ExitCode.h"

namespace burstlab {

std::optional<int> CliStore::open(const QString &path) {
    if (!m_store.open(path))
        return storeError();
    if (const QString full = m_store.waitingForSpace(); !full.isEmpty())
        return CliOutput::error(m_command, ExitStore,
                                QStringLiteral("%1; nothing can be stored until there is space "
                                               "(`runs`, `show` and `export` still read it)")
                                    .arg(full));
    const auto damage = m_store.damage();
    if (!damage)
        return storeError();
    if (damage->isEmpty())
        return std::nullopt;
    return CliOutput::error(m_command, ExitStore,
                            QStringLiteral("the store %1 is damaged (SQLite's quick_check: %2); "
                                           "nothing is written into it. `burstlab-cli runs` and "
                                           "`export` may still read what is left; or restore a "
                                           "copy")
                                .arg(m_store.path(), *damage));
}

std::optional<int> CliStore::openToRead(const QString &path) {
    if (!m_store.open(path, RunStore::Access::ReadOnlyIfNeeded))
        return storeError();
    if (const QString full = m_store.waitingForSpace(); !full.isEmpty())
        CliOutput::warn(QStringLiteral("burstlab-cli %1: %2; interrupted runs are marked once "
                                       "there is space")
                            .arg(m_command, full));
    if (m_store.isReadOnly())
        CliOutput::warn(
            QStringLiteral("burstlab-cli %1: %2 cannot be written: opened read-only (%3)")
                .arg(m_command, m_store.path(), m_store.readOnlyReason()));
    return std::nullopt;
}

int CliStore::storeError() {
    return CliOutput::error(m_command, ExitStore, m_store.lastError());
}

std::optional<qint64> CliStore::parseId(const QString &text, int *exitCode) const {
    bool ok = false;
    const qint64 id = text.toLongLong(&ok);
    if (ok && id > 0)
        return id;
    *exitCode = CliOutput::usageError(m_command, QStringLiteral("RUN_ID '%1' is not a run id "
                                                                "(see `burstlab-cli runs`)")
                                                     .arg(text));
    return std::nullopt;
}

std::optional<RunData> CliStore::load(qint64 id, int *exitCode) {
    const std::optional<bool> exists = m_store.hasRun(id);
    if (!exists) {
        *exitCode = storeError();
        return std::nullopt;
    }
    if (!*exists) {
        const auto missing = m_store.missingRunText(id);
        *exitCode = missing ? CliOutput::error(m_command, ExitFailure, *missing) : storeError();
        return std::nullopt;
    }
    auto data = m_store.loadRunData(id);
    if (!data)
        *exitCode = storeError();
    return data;
}

std::optional<QList<RunData>> CliStore::loadAll(const QStringList &ids, int *exitCode) {
    QList<RunData> all;
    for (const QString &text : ids) {
        const auto id = parseId(text, exitCode);
        const auto data = id ? load(*id, exitCode) : std::nullopt;
        if (!data)
            return std::nullopt;
        all.append(*data);
    }
    return all;
}

} // namespace burstlab
