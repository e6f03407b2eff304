#include "host/Fingerprint.h"
#include "BuildInfo.h"
#include "host/HostFs.h"
#include "host/ProbeRegistry.h"
#include "host/ProbeSupport.h"
#include "model/Run.h"
#include "util/BuildFacts.h"
#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>

namespace burstlab {

namespace {

// First "key : value" line of /proc/cpuinfo among the given keys (x86 and Arm differ).
QString cpuModel(const HostFs &fs) {
    const QString cpuinfo = fs.read(QStringLiteral("/proc/cpuinfo")).value_or(QString());
    for (const char *key : {"model name", "Hardware", "Model", "cpu model"}) {
        const QRegularExpression line(QStringLiteral("^%1\\s*:\\s*(.+)$").arg(QLatin1String(key)),
                                      QRegularExpression::MultilineOption);
        const QRegularExpressionMatch match = line.match(cpuinfo);
        if (match.hasMatch())
            return match.captured(1).trimmed();
    }
    return QStringLiteral("unknown");
}

QString osName(const HostFs &fs) {
    static const QRegularExpression pretty(QStringLiteral("^PRETTY_NAME=\"?([^\"\\n]*)\"?$"),
                                           QRegularExpression::MultilineOption);
    for (const QString &file :
         {QStringLiteral("/etc/os-release"), QStringLiteral("/usr/lib/os-release")}) {
        const QRegularExpressionMatch match = pretty.match(fs.read(file).value_or(QString()));
        if (match.hasMatch())
            return match.captured(1);
    }
    return QStringLiteral("unknown");
}

double memoryMb(const HostFs &fs) {
    static const QRegularExpression total(QStringLiteral("^MemTotal:\\s+(\\d+) kB"),
                                          QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match =
        total.match(fs.read(QStringLiteral("/proc/meminfo")).value_or(QString()));
    return match.hasMatch() ? std::floor(match.captured(1).toDouble() / 1024.0) : 0;
}

// The fingerprint states SMT and governor the same way the checklist probes them.
QString probedValue(const QString &probe, const QString &key, const ProbeContext &context) {
    const ProbeOutcome outcome = ProbeRegistry::instance().run(probe, context, {});
    return outcome.status == CheckStatus::Unknown ? QStringLiteral("unknown")
                                                  : outcome.values.value(key).toString();
}

void addHello(QJsonObject &fingerprint, const QJsonObject &hello) {
    fingerprint.insert(QLatin1String("engine_version"),
                       hello.value(QLatin1String("engine_version")));
    if (hello.value(QLatin1String("engine_kind")) == QLatin1String("pktgen")) {
        // The kernel that transmits is the engine's, which an ssh launch or a
        // test kernel makes another than this program's.
        fingerprint.insert(QLatin1String("engine_kind"), QStringLiteral("pktgen"));
        fingerprint.insert(QLatin1String("kernel_release"),
                           hello.value(QLatin1String("kernel_version")));
        fingerprint.insert(
            QLatin1String("pktgen_version"),
            pktgenVersionNumber(hello.value(QLatin1String("pktgen_version")).toString()));
    } else {
        QString dpdk = hello.value(QLatin1String("dpdk_version")).toString();
        if (dpdk.startsWith(QLatin1String("DPDK ")))
            dpdk = dpdk.mid(5); // rte_version() says "DPDK 22.11.11"; the label already says DPDK
        fingerprint.insert(QLatin1String("dpdk_version"), dpdk);
    }
    fingerprint.insert(QLatin1String("tsc_hz"), hello.value(QLatin1String("tsc_hz")));
    const QJsonObject port = Run::txPortOf(hello);
    fingerprint.insert(QLatin1String("port_name"), port.value(QLatin1String("name")));
    fingerprint.insert(QLatin1String("port_driver"), port.value(QLatin1String("driver")));
    fingerprint.insert(QLatin1String("port_link_speed_mbps"),
                       port.value(QLatin1String("link_speed_mbps")));
}

} // namespace

QJsonObject Fingerprint::collect(const ProbeContext &context, const QJsonObject &hello) {
    const HostFs fs(context.root);
    QJsonObject fingerprint{
        {QLatin1String("hostname"),
         fs.read(QStringLiteral("/proc/sys/kernel/hostname")).value_or(QStringLiteral("unknown"))},
        {QLatin1String("os"), osName(fs)},
        {QLatin1String("kernel_release"),
         fs.read(QStringLiteral("/proc/sys/kernel/osrelease")).value_or(QStringLiteral("unknown"))},
        {QLatin1String("kernel_cmdline"),
         fs.read(QStringLiteral("/proc/cmdline")).value_or(QString())},
        {QLatin1String("cpu_model"), cpuModel(fs)},
        {QLatin1String("cpu_count"), double(probe::onlineCpus(fs).size())},
        {QLatin1String("smt"), probedValue(QStringLiteral("smt"), QStringLiteral("smt"), context)},
        {QLatin1String("governor"),
         probedValue(QStringLiteral("cpufreq_governor"), QStringLiteral("governor"), context)},
        {QLatin1String("memory_mb"), memoryMb(fs)},
        {QLatin1String("burstlab_version"), QLatin1String(build::version)},
        {QLatin1String("burstlab_git"), QLatin1String(build::gitHash())},
        {QLatin1String("burstlab_git_dirty"), build::gitDirty()}};
    if (!hello.isEmpty())
        addHello(fingerprint, hello);
    return fingerprint;
}

} // namespace burstlab
