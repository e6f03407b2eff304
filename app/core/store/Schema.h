#pragma once
#include <QList>
#include <QStringList>
#include <optional>

namespace burstlab {

class SqlDialect;
class StoreSession;

// The store's schema as ordered migrations: migrations()[i] takes
// PRAGMA user_version i to i + 1. One statement per string (QSQLITE runs
// one statement per exec()). Never edit a released step: append one.
struct Schema {
    static constexpr int kVersion = 8;
    // As `dialect`'s back end runs them before SqlDialect::migration():
    // most steps are the same on both, the audit trail is not.
    static QList<QStringList> migrations(const SqlDialect &dialect);

    // The store's version; nullopt (the session's lastError()) when unreadable.
    static std::optional<int> versionOf(StoreSession &session);
    // Fails, saying a writer must bring it up to date, unless the store's
    // schema is this burstlab's.
    static bool isCurrent(StoreSession &session);
    // Applies the migrations the store lacks, each in its own transaction;
    // fails on a store newer than this burstlab.
    static bool migrate(StoreSession &session);
    // Marks the store as burstlab's where the back end has a mark and the
    // store does not carry it yet (SQLite's application id), so that a later
    // open tells it from another program's database (SqliteFileCheck).
    static bool mark(StoreSession &session);
};

} // namespace burstlab
