#include "host/HostDiff.h"
#include "util/TextFit.h"
#include <QSet>
#include <algorithm>
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
                            {"engine_kind", "engine kind"},
                            {"pktgen_version", "pktgen"},
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

// The engine measures the TSC rate against the kernel's clock at every
// start; two starts agree to about a millionth, not to the last hertz.
constexpr double kTscTolerance = 1e-4;

bool sameValue(const QString &key, const QJsonValue &va, const QJsonValue &vb) {
    if (key == QLatin1String("tsc_hz") && va.isDouble() && vb.isDouble())
        return std::abs(va.toDouble() - vb.toDouble()) <=
               kTscTolerance * std::max(va.toDouble(), vb.toDouble());
    return va == vb;
}

// "label: #1 valueA, #2 valueB", at most width characters (0: whole).
QString bothSides(const QString &label, const HostSide &a, const QString &valueA, const HostSide &b,
                  const QString &valueB, int width) {
    return TextFit::twoValues(
        [&](const QString &x, const QString &y) {
            return QStringLiteral("%1: %2 %3, %4 %5").arg(label, a.name, x, b.name, y);
        },
        valueA, valueB, width);
}

// "probed only in #1, not in #2: A; B": one line for all the items of one
// kind that only one run has.
QString onlyIn(const QString &verb, const HostSide &side, const HostSide &other,
               const QStringList &items, int width) {
    return TextFit::oneValue(
        [&](const QString &list) {
            return QStringLiteral("%1 only in %2, not in %3: %4")
                .arg(verb, side.name, other.name, list);
        },
        items.join(QStringLiteral("; ")), width);
}

void compareFingerprints(const HostSide &a, const HostSide &b, int width, HostComparison &out) {
    QStringList keys;
    QStringList labels;
    for (const Field &field : fields) {
        keys.append(QLatin1String(field.key));
        labels.append(QLatin1String(field.label));
    }
    for (const QString &key : a.fingerprint.keys() + b.fingerprint.keys()) {
        if (!keys.contains(key)) {
            keys.append(key);
            labels.append(key);
        }
    }
    QStringList onlyA;
    QStringList onlyB;
    for (qsizetype i = 0; i < keys.size(); ++i) {
        const QJsonValue va = a.fingerprint.value(keys[i]);
        const QJsonValue vb = b.fingerprint.value(keys[i]);
        if (sameValue(keys[i], va, vb))
            continue;
        // What one run did not record (an import records little) is not
        // known to differ: named once, with the others of its kind.
        if (va.isUndefined() || vb.isUndefined()) {
            (va.isUndefined() ? onlyB : onlyA) << labels[i];
            continue;
        }
        if (keys[i] == QLatin1String("kernel_cmdline") && va.isString() && vb.isString())
            out.differences.append(TextFit::oneValue(
                [&](const QString &change) {
                    return QStringLiteral("%1: %2 from %3 to %4")
                        .arg(labels[i], change, a.name, b.name);
                },
                cmdlineChange(va.toString(), vb.toString()), width));
        else
            out.differences.append(bothSides(labels[i], a, text(va), b, text(vb), width));
    }
    if (!onlyA.isEmpty())
        out.unknown.append(onlyIn(QStringLiteral("recorded"), a, b, onlyA, width));
    if (!onlyB.isEmpty())
        out.unknown.append(onlyIn(QStringLiteral("recorded"), b, a, onlyB, width));
}

// The item's difference, or an empty string; *isVolatile says whether it is
// one that comes and goes.
QString itemDifference(const HostSide &sideA, const QJsonObject &a, const HostSide &sideB,
                       const QJsonObject &b, int width, bool *isVolatile) {
    const QString title =
        a.value(QLatin1String("title")).toString(a.value(QLatin1String("id")).toString());
    const QString statusA = a.value(QLatin1String("status")).toString();
    const QString statusB = b.value(QLatin1String("status")).toString();
    const QString currentA = a.value(QLatin1String("current")).toString();
    const QString currentB = b.value(QLatin1String("current")).toString();
    *isVolatile =
        a.value(QLatin1String("volatile")).toBool() || b.value(QLatin1String("volatile")).toBool();
    if (statusA != statusB) {
        const auto withValue = [](const QString &status, const QString &current) {
            return current.isEmpty() ? status : QStringLiteral("%1 (%2)").arg(status, current);
        };
        return bothSides(title, sideA, withValue(statusA, currentA), sideB,
                         withValue(statusB, currentB), width);
    }
    if (!*isVolatile && currentA != currentB)
        return bothSides(title, sideA, currentA, sideB, currentB, width);
    return {};
}

void compareChecklists(const HostSide &a, const HostSide &b, int width, HostComparison &out) {
    QHash<QString, QJsonObject> byIdB;
    QStringList orderB;
    for (const QJsonValue &value : b.checklist) {
        const QString id = value.toObject().value(QLatin1String("id")).toString();
        byIdB.insert(id, value.toObject());
        orderB.append(id);
    }
    QSet<QString> seen;
    QStringList onlyA;
    for (const QJsonValue &value : a.checklist) {
        const QJsonObject item = value.toObject();
        const QString id = item.value(QLatin1String("id")).toString();
        seen.insert(id);
        if (!byIdB.contains(id)) {
            onlyA.append(item.value(QLatin1String("title")).toString(id));
            continue;
        }
        bool isVolatile = false;
        const QString difference = itemDifference(a, item, b, byIdB.value(id), width, &isVolatile);
        if (!difference.isEmpty())
            (isVolatile ? out.transient : out.differences).append(difference);
    }
    QStringList onlyB;
    for (const QString &id : orderB) {
        if (!seen.contains(id))
            onlyB.append(byIdB.value(id).value(QLatin1String("title")).toString(id));
    }
    if (!onlyA.isEmpty())
        out.unknown.append(onlyIn(QStringLiteral("probed"), a, b, onlyA, width));
    if (!onlyB.isEmpty())
        out.unknown.append(onlyIn(QStringLiteral("probed"), b, a, onlyB, width));
}

} // namespace

HostComparison HostDiff::compare(const HostSide &a, const HostSide &b, int width) {
    HostComparison comparison;
    compareFingerprints(a, b, width, comparison);
    compareChecklists(a, b, width, comparison);
    comparison.hostsDiffer = !comparison.differences.isEmpty();
    return comparison;
}

} // namespace burstlab
