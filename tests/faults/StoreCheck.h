#pragma once
#include <QString>
#include <QStringList>

namespace burstlab {

// Checks a store (a file, or a PostgreSQL database) from outside the program
// that wrote it.
class StoreCheck {
  public:
    // What PRAGMA integrity_check says ("ok" for a sound file), or the error
    // that kept it from running.
    static QString integrity(const QString &path);
    // Per step of the run labelled label, in the order they ran: its status
    // and how many samples it stored, e.g. "completed 14"; only read, so it
    // may look while another process writes the run.
    static QStringList stepStates(const QString &path, const QString &label);
    // Waits until the running step of the run labelled label, not its first,
    // has stored a sample (as a crash would meet it), at most boundMs. The
    // state is seen once and acted on: a QTRY_VERIFY would ask again, and on
    // a busy host a short step may be over by then.
    static bool waitInAStep(const QString &path, const QString &label, int boundMs);
    // What the run labelled label holds twice: steps of one seq, samples of
    // one step and time, load samples of one time; empty when nothing.
    static QStringList duplicates(const QString &path, const QString &label);
    // Per measured step of the run labelled label, in the order they ran:
    // the value it asked of a host setting ("pfifo"), where the engine's
    // finished message says it asked that on each of devices and read it
    // back; else what was stored instead ("fq: read pfifo on veth0").
    static QStringList hostSettingPerStep(const QString &path, const QString &label,
                                          const QString &setting, const QStringList &devices);
};

} // namespace burstlab
