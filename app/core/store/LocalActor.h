#pragma once
#include <QSqlDatabase>
#include <QString>

namespace burstlab {

// Who acts on a store from this process, as the store records it where no
// server knows its users (SQLite): the local user and the host's name. A
// PostgreSQL store records its session's role instead (docs/store-role.sql).
class LocalActor {
  public:
    static QString user();
    static QString host();
    // Gives a SQLite connection the SQL function burstlab_actor('user' or
    // 'host'), which the store's audit triggers call: the database records
    // who edited or deleted a run in the statement's own transaction,
    // whatever code issued it. False when db is not a SQLite connection.
    static bool registerWith(const QSqlDatabase &db);
};

} // namespace burstlab
