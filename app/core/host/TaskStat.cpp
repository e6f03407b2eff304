#include "host/TaskStat.h"

namespace burstlab {

std::optional<TaskStat> TaskStat::read(const HostFs &fs, const QString &path) {
    // "pid (comm) S ...": comm may hold spaces and parentheses, so cut at the last ')'.
    const QString stat = fs.read(path).value_or(QString());
    const qsizetype open = stat.indexOf(u'(');
    const qsizetype close = stat.lastIndexOf(u')');
    if (open < 0 || close < open || close + 2 >= stat.size())
        return std::nullopt;
    TaskStat t{stat.mid(open + 1, close - open - 1), stat.at(close + 2)};
    // After the comm: state is field 3 and processor field 39.
    constexpr int kProcessorAfterState = 39 - 3;
    const QStringList rest = stat.mid(close + 2).split(u' ', Qt::SkipEmptyParts);
    bool ok = false;
    const int cpu = rest.value(kProcessorAfterState).toInt(&ok);
    if (ok)
        t.processor = cpu;
    return t;
}

} // namespace burstlab
