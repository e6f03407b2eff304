#pragma once
#include <QObject>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariantList>
#include <QtGlobal>
#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace burstlab {

class RunNotices;
class SqlDialect;

// One connection to one store (a SQLite file, or a PostgreSQL database:
// StoreLocation), and everything that lives and dies with it: its settings,
// whether it may write, its errors, its prepared statements, the runs it
// holds and the announcements it listens to. The record kinds (RunRecords,
// StepRecords) and the schema (Schema) speak SQL through it; RunStore puts
// them together.
//
// Every statement reports failure: false or std::nullopt, with lastError()
// saying what went wrong, and connectionLost() whether the server's
// connection dropped. After a drop every statement fails for that reason,
// without reaching Qt, until reconnect().
class StoreSession {
  public:
    enum class Access {
        ReadWrite,
        // For those who only read: a store that cannot be written opens
        // read-only instead of failing (RunStore::open).
        ReadOnlyIfNeeded,
    };
    enum class Superuser { Allowed, Refused };

    StoreSession();
    ~StoreSession();
    StoreSession(const StoreSession &) = delete;
    StoreSession &operator=(const StoreSession &) = delete;

    // Connects to path with its settings (RunStore::open). A session that
    // may write is left for the caller to bring up to date (Schema::migrate)
    // and to call abandon() if that fails; a session that may only read
    // (isReadOnly()) is ready, its schema checked current.
    bool open(const QString &path, bool isDefault, Access access, Superuser superuser);
    // Closes a session that opened but could not be made ready, keeping its
    // error (with why its folder cannot be written, where that is the cause).
    void abandon();
    void close();
    // A new connection in place of one that dropped, with the same settings,
    // owner, held runs and listeners.
    bool reconnect();

    bool isOpen() const;
    bool isReadOnly() const { return m_readOnly; }
    QString readOnlyReason() const { return m_readOnlyWhy; }
    QString path() const { return m_path; }
    QString lastError() const { return m_error; }
    // Whether the last failure was a full disk (SqlDialect::diskFull).
    bool diskFull() const { return m_diskFull; }
    bool connectionLost() const { return m_connectionLost; }
    const SqlDialect &dialect() const { return *m_dialect; }
    // RunOwner token of this connection, the owner of the runs it writes.
    QString owner() const { return m_owner; }

    // Statements. `what` names the work in an error:
    // "<what> (<store>): <the server's or SQLite's error in words>".
    QSqlQuery prepare(const QString &sql, const QVariantList &values);
    // One statement prepared once per connection, for values bound by
    // position (a statement run ten times a second); nullptr (lastError())
    // when it cannot be prepared.
    QSqlQuery *preparedOnce(const QString &sql, const QString &what);
    bool exec(QSqlQuery &query, const QString &what);
    // A statement ending in RETURNING one value: runs it to its end, and
    // *value is what it returned (invalid: no row). SQLite writes the row
    // as the statement completes, after handing out the row, so an error
    // there (a full disk) comes only when the statement is stepped past
    // the row: a caller that stopped at the row took an id that was never
    // stored.
    bool returning(QSqlQuery &query, const QString &what, QVariant *value);
    bool execText(const QString &sql, const QString &what);
    // RunStore::checkConnection.
    bool ping();
    // A query that answers one number.
    std::optional<qint64> number(const QString &sql, const QString &what);
    // The dialect's write BEGIN; work; COMMIT, or ROLLBACK keeping work's error.
    bool inTransaction(const QString &what, const std::function<bool()> &work);
    bool fail(const QString &message);
    bool fail(const QString &what, const QSqlQuery &query);

    // Tells the store's listeners that runId changed, on commit (PostgreSQL).
    bool announce(qint64 runId);
    // Holds runId in this session while it runs (PostgreSQL), releases it
    // after; a reconnect holds them again.
    bool holdRun(qint64 runId, bool running);

    // RunStore::dataVersion, watchRuns and damage: see there.
    std::optional<qint64> dataVersion();
    QMetaObject::Connection watchRuns(QObject *context, const std::function<void(qint64)> &heard);
    std::optional<QString> damage();

  private:
    QSqlDatabase database() const;
    // After the session was dropped for a lost connection (m_lost).
    bool failLost(const QString &what);
    bool configureConnection();
    // A store file's folder: there, or made when it is the default one's.
    bool prepareFolder(bool isDefault);
    bool openReadOnly(const QString &why);
    // A writer's or a reader's session, from what the server says of its
    // login (a file: a writer).
    bool startSession(Access access, Superuser superuser);
    struct SessionRole {
        bool mayWrite = true;
        bool superuser = false;
        QString login;
    };
    std::optional<SessionRole> sessionRole();
    bool listen(RunNotices &notices);
    // Closes and forgets the connection, its driver and prepared statements
    // with it.
    void dropSession();

    QString m_connection;
    QString m_path;              // the file or connection, as opened
    const SqlDialect *m_dialect; // of the store opened last (SQLite's before)
    QString m_error;
    bool m_diskFull = false;
    QString m_owner;
    bool m_readOnly = false;
    QString m_readOnlyWhy;
    bool m_connectionLost = false;
    QString m_lost;      // why the session was dropped, until a reconnect
    QSet<qint64> m_held; // running runs this session holds
    std::map<QString, std::unique_ptr<QSqlQuery>> m_prepared;
    std::unique_ptr<RunNotices> m_notices; // relays watchRuns across reconnects
};

} // namespace burstlab
