#include "host/HostDiff.h"
#include <QSet>
#include <cmath>

namespace burstlab {

namespace {

struct Field {
    const char *key;
    const char *label;
};

// Printed in this order; keys not listed here follow under their own names.
constexpr Field fields[] = {{"hostname", "host"},
                            {"os", "OS"},
                            {"kernel_release", "kernel"},
                            {"kernel_cmdline", "kernel command line"},
                            {"cpu_model", "CPU"},
                            {"cpu_count", "CPUs"},
                            {"smt", "SMT"},
                            {"governor", "governor"},
                            {"memory_mb", "memory MB"},
                            {"burstlab_version", "burstlab"},
                            {"burstlab_git", "burstlab git"},
                            {"burstlab_git_dirty", "burstlab modified"},
                            {"engine_version", "engine"},
                            {"dpdk_version", "DPDK"},
                            {"tsc_hz", "TSC Hz"},
                            {"port_name", "port"},
                            {"port_driver", "port driver"},
                            {"port_link_speed_mbps", "link speed Mb/s"}};

QString text(const QJsonValue &value) {
    if (value.isUndefined() || value.isNull())
        return QStringLiteral("(not recorded)");
    if (value.isDouble()) {
        const double number = value.toDouble();
        return number == std::floor(number) ? QString::number(qint64(number))
                                            : QString::number(number);
    }
    if (value.isBool())
        return value.toBool() ? QStringLiteral("yes") : QStringLiteral("no");
    return value.toString();
}

// The engine measures its TSC's rate at every start, so two runs on one
// clock differ by a few kHz; a different clock differs by far more than 0.01%.
bool sameTscRate(const QString &key, const QJsonValue &a, const QJsonValue &b) {
    return key == QLatin1String("tsc_hz") && a.isDouble() && b.isDouble() && b.toDouble() != 0 &&
           std::abs(a.toDouble() / b.toDouble() - 1) < 1e-4;
}

// Command lines are long and mostly equal: name only the words added or removed.
QString cmdlineChange(const QString &a, const QString &b) {
    const QStringList wordsA = a.split(u' ', Qt::SkipEmptyParts);
    const QStringList wordsB = b.split(u' ', Qt::SkipEmptyParts);
    QStringList change;
    for (const QString &word : wordsA) {
        if (!wordsB.contains(word))
            change.append(u'-' + word);
    }
    for (const QString &word : wordsB) {
        if (!wordsA.contains(word))
            change.append(u'+' + word);
    }
    return change.isEmpty() ? QStringLiteral("same words, other order") : change.join(u' ');
}

void compareFingerprints(const QJsonObject &a, const QJsonObject &b, QStringList &out) {
    QStringList keys;
    for (const Field &field : fields)
        keys.append(QLatin1String(field.key));
    QStringList labels = keys;
    for (qsizetype i = 0; i < labels.size(); ++i)
        labels[i] = QLatin1String(fields[i].label);
    for (const QString &key : a.keys() + b.keys()) {
        if (!keys.contains(key)) {
            keys.append(key);
            labels.append(key);
        }
    }
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QJsonValue va = a.value(keys[i]);
        const QJsonValue vb = b.value(keys[i]);
        if (va == vb || sameTscRate(keys[i], va, vb))
            continue;
        if (keys[i] == QLatin1String("kernel_cmdline") && va.isString() && vb.isString())
            out.append(QStringLiteral("%1: %2").arg(labels[i],
                                                    cmdlineChange(va.toString(), vb.toString())));
        else
            out.append(QStringLiteral("%1: %2 vs %3").arg(labels[i], text(va), text(vb)));
    }
}

QString itemDifference(const QJsonObject &a, const QJsonObject &b) {
    const QString title =
        a.value(QLatin1String("title")).toString(a.value(QLatin1String("id")).toString());
    const QString statusA = a.value(QLatin1String("status")).toString();
    const QString statusB = b.value(QLatin1String("status")).toString();
    const QString currentA = a.value(QLatin1String("current")).toString();
    const QString currentB = b.value(QLatin1String("current")).toString();
    const bool volatileValue =
        a.value(QLatin1String("volatile")).toBool() || b.value(QLatin1String("volatile")).toBool();
    if (statusA != statusB) {
        return QStringLiteral("%1: %2 vs %3 (%4 vs %5)")
            .arg(title, statusA, statusB, currentA.isEmpty() ? QStringLiteral("-") : currentA,
                 currentB.isEmpty() ? QStringLiteral("-") : currentB);
    }
    if (!volatileValue && currentA != currentB)
        return QStringLiteral("%1: %2 vs %3").arg(title, currentA, currentB);
    return {};
}

void compareChecklists(const QJsonArray &a, const QJsonArray &b, QStringList &out) {
    QHash<QString, QJsonObject> byIdB;
    QStringList orderB;
    for (const QJsonValue &value : b) {
        const QString id = value.toObject().value(QLatin1String("id")).toString();
        byIdB.insert(id, value.toObject());
        orderB.append(id);
    }
    QSet<QString> seen;
    for (const QJsonValue &value : a) {
        const QJsonObject item = value.toObject();
        const QString id = item.value(QLatin1String("id")).toString();
        seen.insert(id);
        const QString title = item.value(QLatin1String("title")).toString(id);
        if (!byIdB.contains(id)) {
            out.append(QStringLiteral("%1: probed only in the first run").arg(title));
            continue;
        }
        const QString difference = itemDifference(item, byIdB.value(id));
        if (!difference.isEmpty())
            out.append(difference);
    }
    for (const QString &id : orderB) {
        if (!seen.contains(id)) {
            out.append(QStringLiteral("%1: probed only in the second run")
                           .arg(byIdB.value(id).value(QLatin1String("title")).toString(id)));
        }
    }
}

} // namespace

HostComparison HostDiff::compare(const QJsonObject &fingerprintA, const QJsonArray &checklistA,
                                 const QJsonObject &fingerprintB, const QJsonArray &checklistB) {
    HostComparison comparison;
    compareFingerprints(fingerprintA, fingerprintB, comparison.differences);
    compareChecklists(checklistA, checklistB, comparison.differences);
    comparison.hostsDiffer = !comparison.differences.isEmpty();
    return comparison;
}

} // namespace burstlab
