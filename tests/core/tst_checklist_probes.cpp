// Every checklist item probed against fake /proc and /sys trees: a tuned host, an
// untuned one, and an empty root that exposes nothing.
#include "host/Checklist.h"
#include <QTemporaryDir>
#include <QtTest>

using namespace burstlab;

namespace {
QString hostTree(const QString &name) {
    return QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/host/") + name;
}
} // namespace

class TestChecklistProbes : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void probe_data() {
        QTest::addColumn<QString>("item");
        QTest::addColumn<QString>("tree");
        QTest::addColumn<QString>("port");
        QTest::addColumn<QList<int>>("lcores");
        QTest::addColumn<QString>("status");
        QTest::addColumn<QString>("current");
        QTest::addColumn<QString>("detail"); // substring; "" = not checked

        const QList<int> none;
        const QList<int> tx{2, 3};
        const QString vdev = QStringLiteral("net_null0");
        const QString pci = QStringLiteral("0000:03:00.0");
        auto row = [](const char *name) -> QTestData & { return QTest::newRow(name); };

        row("load tuned") << "other_load"
                          << "tuned" << vdev << none << "pass"
                          << "load 0.02 on 4 CPUs, 0 other busy"
                          << "";
        row("load untuned") << "other_load"
                            << "untuned" << vdev << none << "fail"
                            << "load 3.91 on 4 CPUs, 4 other busy"
                            << "my (odd) name (504), qemu-system (505)";
        row("load empty") << "other_load"
                          << "" << vdev << none << "unknown"
                          << ""
                          << "loadavg";

        row("desktop tuned") << "desktop_session"
                             << "tuned" << vdev << none << "pass"
                             << "none running"
                             << "";
        row("desktop untuned") << "desktop_session"
                               << "untuned" << vdev << none << "warn"
                               << "running: Xorg, gnome-shell"
                               << "";
        // A virtual X server is a display server too, and so is the one the
        // probing program draws on.
        row("desktop xvfb") << "desktop_session"
                            << "desktop" << vdev << none << "warn"
                            << "running: Xvfb; listening: X11 display :99; this program uses "
                               "DISPLAY=:99"
                            << "";
        row("desktop empty") << "desktop_session"
                             << "" << vdev << none << "unknown"
                             << ""
                             << "no processes";
        row("irqbalance tuned") << "irqbalance"
                                << "tuned" << vdev << none << "pass"
                                << "none running"
                                << "";
        row("irqbalance untuned") << "irqbalance"
                                  << "untuned" << vdev << none << "warn"
                                  << "running: irqbalance"
                                  << "";

        row("clocksource tuned") << "clocksource"
                                 << "tuned" << vdev << none << "pass"
                                 << "tsc"
                                 << "available: tsc hpet acpi_pm";
        row("clocksource untuned") << "clocksource"
                                   << "untuned" << vdev << none << "fail"
                                   << "hpet"
                                   << "";
        row("clocksource empty") << "clocksource"
                                 << "" << vdev << none << "unknown"
                                 << ""
                                 << "clocksource";

        row("smt tuned") << "smt"
                         << "tuned" << vdev << none << "pass"
                         << "off"
                         << "";
        row("smt untuned") << "smt"
                           << "untuned" << vdev << none << "warn"
                           << "on"
                           << "";
        row("smt empty") << "smt"
                         << "" << vdev << none << "unknown"
                         << ""
                         << "smt/active";

        row("governor tuned") << "governor"
                              << "tuned" << vdev << none << "pass"
                              << "performance"
                              << "";
        row("governor untuned") << "governor"
                                << "untuned" << vdev << none << "warn"
                                << "powersave,schedutil"
                                << "cpu1 schedutil";
        row("governor untuned lcores") << "governor"
                                       << "untuned" << vdev << tx << "warn"
                                       << "powersave"
                                       << "cpu2 powersave, cpu3 powersave";
        row("governor empty") << "governor"
                              << "" << vdev << none << "unknown"
                              << ""
                              << "cpufreq not exposed";

        row("turbo tuned") << "turbo"
                           << "tuned" << vdev << none << "pass"
                           << "off (Intel Turbo Boost)"
                           << "no_turbo: 1";
        row("turbo untuned") << "turbo"
                             << "untuned" << vdev << none << "warn"
                             << "on (Intel Turbo Boost)"
                             << "boost: 1";
        row("turbo empty") << "turbo"
                           << "" << vdev << none << "unknown"
                           << ""
                           << "no turbo";

        row("cstates tuned") << "cstates"
                             << "tuned" << vdev << none << "pass"
                             << "intel_idle.max_cstate=1"
                             << "";
        row("cstates untuned") << "cstates"
                               << "untuned" << vdev << none << "warn"
                               << "enabled: POLL (0 us), C1 (2 us), C6 (133 us)"
                               << "above 10 us: C6 (133 us)";
        row("cstates empty") << "cstates"
                             << "" << vdev << none << "unknown"
                             << ""
                             << "cpuidle";

        row("isolated tuned tx") << "isolated_cpus"
                                 << "tuned" << vdev << tx << "pass"
                                 << "isolated: 2-3; nohz_full: 2-3"
                                 << "";
        row("isolated tuned cpu1") << "isolated_cpus"
                                   << "tuned" << vdev << QList<int>{1, 2} << "warn"
                                   << "isolated: 2-3; nohz_full: 2-3"
                                   << "lcores 1 share";
        row("isolated untuned") << "isolated_cpus"
                                << "untuned" << vdev << tx << "warn"
                                << "isolated: none; nohz_full: none"
                                << "lcores 2-3";
        row("isolated empty") << "isolated_cpus"
                              << "" << vdev << tx << "unknown"
                              << ""
                              << "";

        row("hugepages tuned") << "hugepages"
                               << "tuned" << vdev << none << "pass"
                               << "2048 MB reserved"
                               << "";
        row("hugepages untuned") << "hugepages"
                                 << "untuned" << vdev << none << "warn"
                                 << "0 MB reserved"
                                 << "--no-huge";
        row("hugepages empty") << "hugepages"
                               << "" << vdev << none << "unknown"
                               << ""
                               << "";

        row("netfilter tuned") << "netfilter"
                               << "tuned" << vdev << none << "pass"
                               << "none"
                               << "";
        row("netfilter untuned") << "netfilter"
                                 << "untuned" << vdev << none << "warn"
                                 << "nf_conntrack, nf_tables, ip_tables"
                                 << "";
        row("netfilter empty") << "netfilter"
                               << "" << vdev << none << "unknown"
                               << ""
                               << "/proc";

        row("tuned tuned") << "tuned_profile"
                           << "tuned" << vdev << none << "pass"
                           << "latency-performance"
                           << "";
        row("tuned untuned") << "tuned_profile"
                             << "untuned" << vdev << none << "warn"
                             << "balanced"
                             << "";
        row("tuned missing") << "tuned_profile"
                             << "" << vdev << none << "warn"
                             << "tuned not installed"
                             << "";

        const QString eth5 = QStringLiteral("net_af_packet0,iface=eth5");
        row("irq tuned") << "irq_affinity"
                         << "tuned" << eth5 << none << "pass"
                         << "3 of 3 IRQs pinned to one CPU"
                         << "60->2 61->3 62->0";
        row("irq untuned") << "irq_affinity"
                           << "untuned" << eth5 << none << "warn"
                           << "1 of 2 IRQs pinned to one CPU"
                           << "spread: 60->0-3";
        row("irq no IRQs") << "irq_affinity"
                           << "tuned"
                           << "net_af_packet0,iface=veth9" << none << "unknown"
                           << ""
                           << "no IRQs found for 'veth9'";
        row("irq msi vectors") << "irq_affinity"
                               << "tuned"
                               << "net_af_packet0,iface=eth6" << none << "warn"
                               << "1 of 2 IRQs pinned to one CPU"
                               << "spread: 81->0-3";
        row("irq vdev") << "irq_affinity"
                        << "tuned" << vdev << none << "unknown"
                        << ""
                        << "DPDK virtual device";

        for (const char *item : {"flow_control", "tx_ring", "coalescing", "driver_builtin"}) {
            QTest::addRow("%s vdev", item) << item << "tuned" << vdev << none << "unknown"
                                           << ""
                                           << "no kernel netdev: the port is a DPDK virtual device";
            QTest::addRow("%s pci", item) << item << "tuned" << pci << none << "unknown"
                                          << ""
                                          << "PCI port 0000:03:00.0 is driven by DPDK";
            QTest::addRow("%s missing netdev", item)
                << item << "tuned"
                << "net_af_packet0,iface=blnosuch0" << none << "unknown"
                << ""
                << "no such interface 'blnosuch0'";
        }

        row("pci tuned") << "pci_binding"
                         << "tuned" << pci << tx << "pass"
                         << "vfio-pci, IOMMU on"
                         << "iommu group 17";
        row("pci untuned") << "pci_binding"
                           << "untuned" << pci << tx << "fail"
                           << "ixgbe, no IOMMU"
                           << "kernel driver owns the port";
        row("pci absent") << "pci_binding"
                          << "tuned"
                          << "0000:04:00.0" << tx << "fail"
                          << "no such device"
                          << "";
        row("pci vdev") << "pci_binding"
                        << "tuned" << vdev << tx << "unknown"
                        << ""
                        << "no PCI port";

        row("numa tuned") << "numa"
                          << "tuned" << pci << tx << "pass"
                          << "port on node 0"
                          << "";
        row("numa untuned") << "numa"
                            << "untuned" << pci << tx << "fail"
                            << "port on node 1"
                            << "lcores on another node: 2-3";
        row("numa vdev") << "numa"
                         << "tuned" << vdev << tx << "unknown"
                         << ""
                         << "no PCI port";
        row("numa empty") << "numa"
                          << "" << pci << tx << "unknown"
                          << ""
                          << "no NUMA";
    }

    void probe() {
        QFETCH(QString, item);
        QFETCH(QString, tree);
        QFETCH(QString, port);
        QFETCH(QList<int>, lcores);
        QFETCH(QString, status);
        QFETCH(QString, current);
        QFETCH(QString, detail);

        QTemporaryDir empty;
        ProbeContext context = ProbeContext::forPort(port, lcores);
        context.root = tree.isEmpty() ? empty.path() : hostTree(tree);
        context.selfPid = 1; // a fake tree's processes are never this test

        const Checklist checklist = Checklist::builtIn();
        const std::optional<CheckItem> definition = checklist.item(item);
        QVERIFY2(definition, qPrintable(item));
        const CheckResult result = checklist.run(*definition, context);

        QCOMPARE(checkStatusName(result.status), status);
        QCOMPARE(result.current, current);
        QVERIFY2(result.detail.contains(detail), qPrintable(result.detail));
        if (result.status == CheckStatus::Unknown)
            QVERIFY2(!result.detail.isEmpty(), "an unknown result must say why");
    }

    // Isolating the TX lcores by nohz_full alone still keeps the tick away from them.
    void isolatedByNohzOnly() {
        QTemporaryDir root;
        // Words after " -- " go to init, not to the kernel.
        writeFile(root, "proc/cmdline", "root=/dev/sda1 nohz_full=1-3 -- isolcpus=1-3");
        const CheckResult result = probe(root, "isolated_cpus", {1, 3});
        QCOMPARE(result.status, CheckStatus::Pass);
        QCOMPARE(result.current, QStringLiteral("isolated: none; nohz_full: 1-3"));
    }

    // A kernel without loadable modules: built-in netfilter only matters once in use.
    void builtInNetfilter() {
        QTemporaryDir root;
        writeFile(root, "proc/sys/kernel/osrelease", "6.1.0");
        writeFile(root, "proc/sys/net/netfilter/nf_conntrack_count", "0");
        CheckResult result = probe(root, "netfilter", {});
        QCOMPARE(result.status, CheckStatus::Pass);
        QCOMPARE(result.current, QStringLiteral("none in use"));

        writeFile(root, "proc/sys/net/netfilter/nf_conntrack_count", "12");
        writeFile(root, "proc/net/ip_tables_names", "filter\nnat");
        result = probe(root, "netfilter", {});
        QCOMPARE(result.status, CheckStatus::Warn);
        QCOMPARE(result.current, QStringLiteral("iptables tables: filter,nat; conntrack tracking "
                                                "12 connections"));
    }

    // The turbo item tells AMD from Intel, and its fix is the one for the
    // switch this host has.
    void turboOfAmdAndIntel() {
        QTemporaryDir amd;
        writeFile(amd, "proc/cpuinfo", "processor\t: 0\nvendor_id\t: AuthenticAMD\n");
        writeFile(amd, "sys/devices/system/cpu/cpufreq/boost", "1");
        CheckResult result = probe(amd, "turbo", {});
        QCOMPARE(result.status, CheckStatus::Warn);
        QCOMPARE(result.current, QStringLiteral("on (AMD Core Performance Boost)"));
        QVERIFY2(result.fix.startsWith(QStringLiteral(
                     "echo 0 > /sys/devices/system/cpu/cpufreq/boost   # AMD Core Performance")),
                 qPrintable(result.fix));

        QTemporaryDir intel;
        writeFile(intel, "proc/cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\n");
        writeFile(intel, "sys/devices/system/cpu/intel_pstate/no_turbo", "0");
        result = probe(intel, "turbo", {});
        QCOMPARE(result.current, QStringLiteral("on (Intel Turbo Boost)"));
        QVERIFY2(result.fix.startsWith(QStringLiteral(
                     "echo 1 > /sys/devices/system/cpu/intel_pstate/no_turbo   # Intel Turbo")),
                 qPrintable(result.fix));

        // Intel with acpi-cpufreq: the boost switch, named for Intel.
        QVERIFY(QFile::remove(
            intel.filePath(QStringLiteral("sys/devices/system/cpu/intel_pstate/no_turbo"))));
        writeFile(intel, "sys/devices/system/cpu/cpufreq/boost", "1");
        result = probe(intel, "turbo", {});
        QVERIFY2(result.fix.contains(QStringLiteral("cpufreq/boost   # Intel Turbo Boost "
                                                    "(acpi-cpufreq)")),
                 qPrintable(result.fix));

        // Nothing exposed: the vendor still names what to turn off in the BIOS.
        QTemporaryDir bare;
        writeFile(bare, "proc/cpuinfo", "vendor_id\t: AuthenticAMD\n");
        result = probe(bare, "turbo", {});
        QCOMPARE(result.status, CheckStatus::Unknown);
        QVERIFY2(result.detail.contains(QStringLiteral("AMD Core Performance Boost")),
                 qPrintable(result.detail));
    }

    // The isolcpus fix names the TX lcores: the given ones, or the engine's
    // default (every CPU but the first), never a placeholder.
    void isolcpusFixNamesTheLcores() {
        QTemporaryDir root;
        writeFile(root, "proc/cmdline", "root=/dev/sda1");
        writeFile(root, "sys/devices/system/cpu/online", "0-3");
        CheckResult result = probe(root, "isolated_cpus", {2, 3});
        QVERIFY2(result.fix.contains(QStringLiteral("isolcpus=2-3 nohz_full=2-3 rcu_nocbs=2-3")),
                 qPrintable(result.fix));
        result = probe(root, "isolated_cpus", {});
        QVERIFY2(result.fix.contains(QStringLiteral("isolcpus=1-3 nohz_full=1-3 rcu_nocbs=1-3")),
                 qPrintable(result.fix));
        QVERIFY(!result.fix.contains(QStringLiteral("CPUS")));
    }

  private:
    static void writeFile(const QTemporaryDir &root, const char *path, const char *content) {
        const QString file = root.filePath(QLatin1String(path));
        QVERIFY(QDir().mkpath(QFileInfo(file).path()));
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly | QIODevice::Truncate));
        out.write(QByteArray(content) + '\n');
    }

    static CheckResult probe(const QTemporaryDir &root, const char *item,
                             const QList<int> &lcores) {
        ProbeContext context;
        context.root = root.path();
        context.lcores = lcores;
        const Checklist checklist = Checklist::builtIn();
        return checklist.run(*checklist.item(QLatin1String(item)), context);
    }
};

QTEST_GUILESS_MAIN(TestChecklistProbes)
#include "tst_checklist_probes.moc"
