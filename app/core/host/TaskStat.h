#pragma once
#include "host/HostFs.h"
#include <QChar>
#include <QString>
#include <optional>

namespace burstlab {

// The fields of /proc/PID/stat (or /proc/PID/task/TID/stat) the probes use.
struct TaskStat {
    QString comm;
    QChar state;        // R = running or runnable
    int processor = -1; // the CPU it last ran on, where it waits when runnable

    // nullopt when the task exited between listing and reading.
    static std::optional<TaskStat> read(const HostFs &fs, const QString &path);
};

} // namespace burstlab
