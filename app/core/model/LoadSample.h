#pragma once
#include <QDateTime>
#include <QJsonObject>
#include <QList>
#include <QStringList>
#include <optional>

namespace burstlab {

// What the load watch saw at one moment of a sweep (host/LoadProbe): the
// tasks that were runnable on the CPUs of the TX lcores but were not ours,
// how many tasks not ours were runnable anywhere, and the load average.
// Stored with the run, about one per second.
struct LoadSample {
    QDateTime at;         // UTC
    double load1 = 0;     // /proc/loadavg, 1 minute
    QList<int> cpus;      // the TX lcores' CPUs watched
    QStringList onTxCpus; // "cc1plus (4123) on CPU 1"
    int elsewhere = 0;    // tasks not ours runnable on the other CPUs
    int ownRunning = 0;   // our own runnable threads (the TX lcores among them)

    // A task not ours competed with a TX lcore for its CPU.
    bool busy() const { return !onTxCpus.isEmpty(); }
    // "cc1plus (4123) on CPU 1; load 2.31": for a banner or a log line.
    QString describe() const;

    QJsonObject toJson() const;
    static std::optional<LoadSample> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const LoadSample &other) const = default;
};

} // namespace burstlab
