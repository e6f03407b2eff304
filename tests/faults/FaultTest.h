#pragma once
#include <QObject>
#include <QString>
#include <QTemporaryDir>
#include <memory>

class ThrowawayPostgres;

namespace burstlab {

// What the fault tests start from: test-mode standard paths, a store file in
// a fresh folder (with BURSTLAB_TEST_STORE=postgresql: a database on a
// throwaway PostgreSQL server instead), and this process as the subreaper of
// the processes it starts, so that an engine orphaned by a killed CLI
// becomes its child and its exit status can be read.
class FaultTest : public QObject {
  public:
    FaultTest();
    ~FaultTest() override;

  protected:
    // False (with a warning) when the subreaper or the server could not be
    // set up. The caller skips when skipReason() says why it cannot run.
    bool prepare();
    QString skipReason() const { return m_skip; }
    QString db() const { return m_db; }
    // The throwaway server holding db(); null on a SQLite file.
    ThrowawayPostgres *server() const { return m_server.get(); }
    // The test's own folder, on either back end: for files beside the store.
    QString dir() const { return m_dir.path(); }
    // After the program driving engine was SIGKILLed: empty when the engine
    // was gone within 2 s, through its cleanup (exit 0 or 5, its runtime
    // directory removed); else what went wrong. Prints how long it took.
    static QString orphanedEngineProblem(qint64 engine, const QString &killed);

  private:
    QTemporaryDir m_dir;
    std::unique_ptr<ThrowawayPostgres> m_server;
    QString m_db;
    QString m_skip;
};

} // namespace burstlab
