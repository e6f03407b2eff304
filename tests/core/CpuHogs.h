#pragma once
// Busy loops beside a test, started and killed by it: anywhere, or pinned
// to one CPU with taskset.
#include <QProcess>
#include <QStandardPaths>
#include <algorithm>
#include <memory>
#include <vector>

class CpuHogs {
  public:
    // cpu < 0: wherever the scheduler puts them.
    explicit CpuHogs(int count, int cpu = -1) {
        const QStringList loop{QStringLiteral("sh"), QStringLiteral("-c"),
                               QStringLiteral("while :; do :; done")};
        for (int i = 0; i < count; ++i) {
            auto *p = new QProcess;
            const QStringList command =
                cpu < 0 ? loop : QStringList{QStringLiteral("-c"), QString::number(cpu)} + loop;
            p->start(cpu < 0 ? command.first() : QStringLiteral("taskset"),
                     cpu < 0 ? command.mid(1) : command);
            m_hogs.emplace_back(p);
        }
    }
    ~CpuHogs() {
        for (const auto &p : m_hogs) {
            p->kill();
            p->waitForFinished(5000);
        }
    }
    bool running() const {
        return std::all_of(m_hogs.begin(), m_hogs.end(), [](const auto &p) {
            return p->waitForStarted(5000) && p->state() == QProcess::Running;
        });
    }
    QList<qint64> pids() const {
        QList<qint64> out;
        for (const auto &p : m_hogs)
            out << p->processId();
        return out;
    }
    static bool canPin() {
        return !QStandardPaths::findExecutable(QStringLiteral("taskset")).isEmpty();
    }

  private:
    std::vector<std::unique_ptr<QProcess>> m_hogs;
};
