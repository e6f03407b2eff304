#pragma once
#include <QProcess>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <QVariantMap>

namespace burstlab {

// What a finished burstlab-cli said: its exit code (-1 when it died of a
// signal or did not finish), stdout and stderr.
struct CliResult {
    int code = -1;
    QString out;
    QString err;
};

// One burstlab-cli process on a given store: started in the background (to be
// killed or watched mid-sweep) or run to its end.
class CliRun {
  public:
    explicit CliRun(const QString &db,
                    const QProcessEnvironment &env = QProcessEnvironment::systemEnvironment());
    ~CliRun();
    CliRun(const CliRun &) = delete;
    CliRun &operator=(const CliRun &) = delete;

    void start(const QStringList &args);
    // The same through a launcher: launcher's program runs with its
    // arguments followed by the CLI's path and its own (it must exec them).
    void startIn(const QStringList &launcher, const QStringList &args);
    // Waits until stderr holds text; false after timeoutMs or if the CLI exited first.
    bool waitForStderr(const QString &text, int timeoutMs);
    // Waits for the exit (the process is killed after timeoutMs) and returns what it said.
    CliResult finish(int timeoutMs);
    qint64 pid() const { return m_process.processId(); }
    // Whether it still runs (its exit is noticed without an event loop).
    bool running();
    QString err();

    // The arguments of the sweep the store's fault tests run: burst=1..4, two
    // repetitions of durationMs each, a sample stored every statsMs (how
    // hard it writes the store), the engine in 256 MB.
    static QStringList sweepArgs(const QString &label, int durationMs, int statsMs);
    // The profile tests' sweep on net_null: burst 1 and 32, two repetitions
    // of durationMs each, with `set`'s NAME=VALUE fixed parameters; true
    // when it stored its run (else what it said is a warning).
    static bool profileSweep(const QString &db, const QString &label, const QStringList &set,
                             int durationMs);
    // Runs the CLI to its end on db.
    static CliResult run(const QString &db, const QStringList &args, int timeoutMs = 30000);
    // `runs --json` as a list of objects (empty on failure, with its stderr in error).
    static QList<QVariantMap> runs(const QString &db, QString *error = nullptr);
    // The run with this label in `runs --json` (empty when there is none).
    static QVariantMap runLabelled(const QString &db, const QString &label);

  private:
    void drain();

    QString m_db;
    QProcess m_process;
    QString m_out;
    QString m_err;
};

} // namespace burstlab
