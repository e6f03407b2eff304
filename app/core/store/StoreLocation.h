#pragma once
#include <QSqlDatabase>
#include <QString>
#include <optional>

namespace burstlab {

// Where a run store lives: a SQLite file (a path), or a PostgreSQL database
// named the way libpq names one, by a connection URI
// (postgresql://user@host/burstlab, postgresql:///burstlab?host=/run/pg) or
// key=value settings (service=lab). A password is never taken from here:
// the text shows up in errors and command lines, so libpq's own password
// file or environment supplies it.
class StoreLocation {
  public:
    enum class Kind { SqliteFile, Postgres };

    // nullopt with *error saying why (a password given, a malformed URI);
    // the error never repeats the text. A URI's host may be a socket
    // folder, percent-encoded as libpq takes it
    // (postgresql://u@%2Frun%2Fpostgresql:5432/db).
    static std::optional<StoreLocation> parse(const QString &text, QString *error);
    // The text of a store as every message and dialog may show it: a URI's
    // password, and a key=value password setting, replaced by "***",
    // malformed or not.
    static QString redacted(const QString &text);

    Kind kind() const { return m_kind; }
    bool isFile() const { return m_kind == Kind::SqliteFile; }
    // The file, or the connection as given.
    const QString &text() const { return m_text; }
    // A connection of Qt's driver for this store, named `name`, not yet open.
    QSqlDatabase addDatabase(const QString &name) const;

  private:
    Kind m_kind = Kind::SqliteFile;
    QString m_text;
    QString m_conninfo; // libpq key=value settings (Postgres)
};

} // namespace burstlab
