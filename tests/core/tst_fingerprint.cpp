// The environment fingerprint of a run and the differences between two runs' hosts.
#include "BuildInfo.h"
#include "host/Checklist.h"
#include "host/Fingerprint.h"
#include "host/HostDiff.h"
#include "util/BuildFacts.h"
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>
#include <sys/utsname.h>

using namespace burstlab;

namespace {

// A small file of the real host, read whole; empty when it cannot be read.
QString fileText(const QString &path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.read(1 << 20)) : QString();
}

ProbeContext fakeHost(const char *name) {
    ProbeContext context;
    context.root = QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/host/") + QLatin1String(name);
    context.selfPid = 1;
    return context;
}

QJsonObject hello(const char *dpdk) {
    const QJsonObject port{{QStringLiteral("role"), QStringLiteral("tx")},
                           {QStringLiteral("name"), QStringLiteral("net_null0")},
                           {QStringLiteral("driver"), QStringLiteral("net_null")},
                           {QStringLiteral("link_speed_mbps"), 10000}};
    return {{QStringLiteral("type"), QStringLiteral("hello")},
            {QStringLiteral("engine_version"), QStringLiteral("0.1.0")},
            {QStringLiteral("dpdk_version"), QLatin1String(dpdk)},
            {QStringLiteral("tsc_hz"), 2450000000.0},
            {QStringLiteral("ports"), QJsonArray{port}}};
}

QJsonArray setStatus(QJsonArray checklist, const QString &id, const char *status,
                     const char *current) {
    for (qsizetype i = 0; i < checklist.size(); ++i) {
        QJsonObject item = checklist[i].toObject();
        if (item.value(QLatin1String("id")).toString() != id)
            continue;
        if (status)
            item.insert(QStringLiteral("status"), QLatin1String(status));
        item.insert(QStringLiteral("current"), QLatin1String(current));
        checklist[i] = item;
    }
    return checklist;
}

} // namespace

class TestFingerprint : public QObject {
    Q_OBJECT

  private slots:
    // The hash and dirty state are read by a script the build runs each
    // time, not at configure time: run it on a scratch repository after a
    // commit, after another commit, and with an edit.
    void buildFactsFollowTheTree() {
        QTemporaryDir repo;
        const auto git = [&](const QStringList &args) {
            QProcess p;
            p.setWorkingDirectory(repo.path());
            p.start(QStringLiteral("git"),
                    QStringList{QStringLiteral("-c"), QStringLiteral("user.name=t"),
                                QStringLiteral("-c"), QStringLiteral("user.email=t@t")} +
                        args);
            p.waitForFinished();
            return QString::fromUtf8(p.readAllStandardOutput()).trimmed();
        };
        const QString out = repo.filePath(QStringLiteral("BuildFacts.cpp"));
        const auto facts = [&] {
            QProcess::execute(QStringLiteral(BURSTLAB_CMAKE_COMMAND),
                              {QStringLiteral("-DSOURCE_DIR=") + repo.path(),
                               QStringLiteral("-DOUTPUT=") + out, QStringLiteral("-P"),
                               QStringLiteral(BURSTLAB_SOURCE_DIR "/cmake/WriteBuildFacts.cmake")});
            QFile f(out);
            return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
        };
        QVERIFY(facts().contains(QStringLiteral("return \"unknown\";")));
        if (QStandardPaths::findExecutable(QStringLiteral("git")).isEmpty())
            QSKIP("git is not installed");
        git({QStringLiteral("init"), QStringLiteral("-q")});
        const auto commit = [&](const QByteArray &text) {
            QFile f(repo.filePath(QStringLiteral("a.txt")));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
            f.close();
            git({QStringLiteral("add"), QStringLiteral("a.txt")});
            git({QStringLiteral("commit"), QStringLiteral("-qm"), QStringLiteral("c")});
        };
        const auto head = [&] {
            return git({QStringLiteral("rev-parse"), QStringLiteral("--short=12"),
                        QStringLiteral("HEAD")});
        };
        commit("one");
        QString text = facts();
        QVERIFY2(text.contains(QLatin1Char('"') + head() + QLatin1Char('"')), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("gitDirty() { return false; }")));
        commit("two");
        text = facts();
        QVERIFY2(text.contains(QLatin1Char('"') + head() + QLatin1Char('"')), qPrintable(text));
        QFile f(repo.filePath(QStringLiteral("a.txt")));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("edited");
        f.close();
        QVERIFY(facts().contains(QStringLiteral("gitDirty() { return true; }")));
    }

    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void fieldsFromFakeHost() {
        const QJsonObject fp = Fingerprint::collect(fakeHost("tuned"));
        const QJsonObject expected{
            {QStringLiteral("hostname"), QStringLiteral("lab1")},
            {QStringLiteral("os"), QStringLiteral("Debian GNU/Linux 12 (bookworm)")},
            {QStringLiteral("kernel_release"), QStringLiteral("6.1.0-13-amd64")},
            {QStringLiteral("kernel_cmdline"),
             QStringLiteral("BOOT_IMAGE=/vmlinuz-6.1.0-13-amd64 root=/dev/sda1 ro isolcpus=2-3 "
                            "nohz_full=2-3 intel_idle.max_cstate=1 intel_iommu=on iommu=pt -- "
                            "nosmt")},
            {QStringLiteral("cpu_model"),
             QStringLiteral("Intel(R) Xeon(R) CPU E5-2695 v2 @ 2.40GHz")},
            {QStringLiteral("cpu_count"), 4},
            {QStringLiteral("smt"), QStringLiteral("off")},
            {QStringLiteral("governor"), QStringLiteral("performance")},
            {QStringLiteral("memory_mb"), 15932},
            {QStringLiteral("burstlab_version"), QLatin1String(build::version)},
            {QStringLiteral("burstlab_git"), QLatin1String(build::gitHash())},
            {QStringLiteral("burstlab_git_dirty"), build::gitDirty()}};
        QCOMPARE(fp, expected);

        const QJsonObject untuned = Fingerprint::collect(fakeHost("untuned"));
        QCOMPARE(untuned.value(QLatin1String("smt")).toString(), QStringLiteral("on"));
        QCOMPARE(untuned.value(QLatin1String("governor")).toString(),
                 QStringLiteral("powersave,schedutil"));
    }

    void helloFields() {
        const QJsonObject fp = Fingerprint::collect(fakeHost("tuned"), hello("DPDK 22.11.11"));
        QCOMPARE(fp.value(QLatin1String("dpdk_version")).toString(), QStringLiteral("22.11.11"));
        QCOMPARE(fp.value(QLatin1String("engine_version")).toString(), QStringLiteral("0.1.0"));
        QCOMPARE(fp.value(QLatin1String("port_name")).toString(), QStringLiteral("net_null0"));
        QCOMPARE(fp.value(QLatin1String("port_driver")).toString(), QStringLiteral("net_null"));
        QCOMPARE(fp.value(QLatin1String("port_link_speed_mbps")).toInt(), 10000);
        QCOMPARE(fp.value(QLatin1String("tsc_hz")).toDouble(), 2450000000.0);
    }

    void emptyRootSaysUnknown() {
        QTemporaryDir empty;
        ProbeContext context;
        context.root = empty.path();
        const QJsonObject fp = Fingerprint::collect(context);
        for (const char *key : {"hostname", "os", "kernel_release", "cpu_model", "smt", "governor"})
            QCOMPARE(fp.value(QLatin1String(key)).toString(), QStringLiteral("unknown"));
        QCOMPARE(fp.value(QLatin1String("cpu_count")).toInt(), 0);
    }

    void realHost() {
        const QJsonObject fp = Fingerprint::collect(ProbeContext());
        utsname name{};
        QCOMPARE(::uname(&name), 0);
        QCOMPARE(fp.value(QLatin1String("kernel_release")).toString(),
                 QString::fromLocal8Bit(name.release));
        QCOMPARE(fp.value(QLatin1String("hostname")).toString(),
                 QString::fromLocal8Bit(name.nodename));
        QVERIFY(fp.value(QLatin1String("cpu_count")).toInt() >= 1);
        QVERIFY(fp.value(QLatin1String("memory_mb")).toInt() > 0);
        // Each value against the file it comes from, read here on its own:
        // "unknown" is right only where that file is missing.
        const QString osRelease = fileText(QStringLiteral("/etc/os-release"));
        const QRegularExpressionMatch pretty =
            QRegularExpression(QStringLiteral("^PRETTY_NAME=\"?([^\"\n]*)"),
                               QRegularExpression::MultilineOption)
                .match(osRelease);
        if (pretty.hasMatch())
            QCOMPARE(fp.value(QLatin1String("os")).toString(), pretty.captured(1));
        QCOMPARE(fp.value(QLatin1String("kernel_cmdline")).toString(),
                 fileText(QStringLiteral("/proc/cmdline")).trimmed());
        const QRegularExpressionMatch model =
            QRegularExpression(QStringLiteral("^model name\\s*:\\s*(.+)$"),
                               QRegularExpression::MultilineOption)
                .match(fileText(QStringLiteral("/proc/cpuinfo")));
        if (model.hasMatch())
            QCOMPARE(fp.value(QLatin1String("cpu_model")).toString(), model.captured(1).trimmed());
        const QString smt = fp.value(QLatin1String("smt")).toString();
        QCOMPARE(smt == QStringLiteral("unknown"),
                 !QFileInfo::exists(QStringLiteral("/sys/devices/system/cpu/smt/control")));
        const QString governorFile =
            QStringLiteral("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor");
        const QString governor = fp.value(QLatin1String("governor")).toString();
        if (QFileInfo::exists(governorFile))
            QVERIFY2(governor.split(QLatin1Char(',')).contains(fileText(governorFile).trimmed()),
                     qPrintable(governor));
        else
            QCOMPARE(governor, QStringLiteral("unknown"));
    }

    void diffReportsExactlyTheChangedFields() {
        const QJsonObject a = Fingerprint::collect(fakeHost("tuned"), hello("DPDK 22.11.11"));
        QJsonObject b = a;
        b.insert(QStringLiteral("governor"), QStringLiteral("powersave"));
        b.insert(QStringLiteral("smt"), QStringLiteral("on"));
        b.insert(QStringLiteral("dpdk_version"), QStringLiteral("23.11.1"));
        const QJsonArray checklist =
            CheckResult::toJsonArray(Checklist::builtIn().run(fakeHost("tuned")));

        const auto side = [&](const char *name, const QJsonObject &fp) {
            return HostSide{QLatin1String(name), fp, checklist};
        };
        HostComparison same = HostDiff::compare(side("#1", a), side("#2", a));
        QVERIFY(same.differences.isEmpty());
        QVERIFY(!same.hostsDiffer);

        HostComparison diff = HostDiff::compare(side("#1", a), side("#2", b));
        QCOMPARE(diff.differences,
                 QStringList({QStringLiteral("SMT: #1 off, #2 on"),
                              QStringLiteral("governor: #1 performance, #2 powersave"),
                              QStringLiteral("DPDK: #1 22.11.11, #2 23.11.1")}));
        QVERIFY(diff.hostsDiffer);

        b = a;
        b.remove(QStringLiteral("dpdk_version"));
        b.insert(QStringLiteral("kernel_cmdline"),
                 a.value(QLatin1String("kernel_cmdline"))
                     .toString()
                     .replace(QLatin1String(" isolcpus=2-3"), QLatin1String(" quiet")));
        diff = HostDiff::compare(side("#1", a), side("#2", b));
        QCOMPARE(diff.differences,
                 QStringList({QStringLiteral("kernel command line: -isolcpus=2-3 +quiet from #1 "
                                             "to #2")}));
        // A field one run did not record is not known to differ.
        QCOMPARE(diff.unknown,
                 QStringList({QStringLiteral("recorded only in #1, not in #2: DPDK")}));

        // The TSC rate is measured at every start: a millionth apart is the
        // same clock, a tenth of a percent is not.
        b = a;
        b.insert(QStringLiteral("tsc_hz"), 2450004900.0);
        QVERIFY(HostDiff::compare(side("#1", a), side("#2", b)).differences.isEmpty());
        b.insert(QStringLiteral("tsc_hz"), 2452450000.0);
        QCOMPARE(HostDiff::compare(side("#1", a), side("#2", b)).differences,
                 QStringList{QStringLiteral("TSC Hz: #1 2450000000, #2 2452450000")});
    }

    void diffOfChecklists() {
        const QJsonObject fp = Fingerprint::collect(fakeHost("tuned"));
        const QJsonArray a = CheckResult::toJsonArray(Checklist::builtIn().run(fakeHost("tuned")));
        QJsonArray b = setStatus(a, QStringLiteral("other_load"), nullptr,
                                 "load 0.30 on 4 CPUs, 0 other busy"); // volatile: not a difference
        b = setStatus(b, QStringLiteral("smt"), "warn", "on");
        b = setStatus(b, QStringLiteral("hugepages"), nullptr, "4096 MB reserved");
        b.removeAt(b.size() - 1);

        const HostComparison diff =
            HostDiff::compare({QStringLiteral("#1"), fp, a}, {QStringLiteral("#2 patch"), fp, b});
        QCOMPARE(
            diff.differences,
            QStringList({QStringLiteral("No Hyper-Threading: #1 pass (off), #2 patch warn (on)"),
                         QStringLiteral("Hugepages reserved: #1 2048 MB reserved, #2 patch "
                                        "4096 MB reserved")}));
        // An item only one run probed is not known to differ: said apart.
        QCOMPARE(diff.unknown, QStringList{QStringLiteral("probed only in #1, not in #2 patch: "
                                                          "Port and lcores on one NUMA node")});
        QVERIFY(diff.hostsDiffer);

        // The load and a desktop session come and go on one host: listed
        // apart, each run's state named, and the hosts do not differ.
        QJsonArray c = setStatus(a, QStringLiteral("other_load"), "fail",
                                 "load 12.72 on 2 CPUs, 3 other busy");
        c = setStatus(c, QStringLiteral("desktop_session"), "warn", "running: Xvfb");
        const HostComparison transient =
            HostDiff::compare({QStringLiteral("#1"), fp, a}, {QStringLiteral("#2"), fp, c});
        QVERIFY(!transient.hostsDiffer);
        QVERIFY(transient.differences.isEmpty());
        QCOMPARE(transient.transient.size(), 2);
        QVERIFY2(transient.transient.first().startsWith(
                     QStringLiteral("Nothing else running: #1 pass (")),
                 qPrintable(transient.transient.first()));
        QVERIFY2(transient.transient.first().endsWith(
                     QStringLiteral("#2 fail (load 12.72 on 2 CPUs, 3 other busy)")),
                 qPrintable(transient.transient.first()));
    }

    void tunedAndUntunedHostsDiffer() {
        const ProbeContext tuned = fakeHost("tuned");
        const ProbeContext untuned = fakeHost("untuned");
        const HostComparison diff =
            HostDiff::compare({QStringLiteral("#1"), Fingerprint::collect(tuned),
                               CheckResult::toJsonArray(Checklist::builtIn().run(tuned))},
                              {QStringLiteral("#2"), Fingerprint::collect(untuned),
                               CheckResult::toJsonArray(Checklist::builtIn().run(untuned))});
        QVERIFY(diff.hostsDiffer);
        QVERIFY(diff.differences.contains(QStringLiteral("host: #1 lab1, #2 lab2")));
        QVERIFY(diff.differences.contains(
            QStringLiteral("Clocksource TSC: #1 pass (tsc), #2 fail (hpet)")));
        QVERIFY(diff.differences.contains(
            QStringLiteral("governor: #1 performance, #2 powersave,schedutil")));
    }
};

QTEST_GUILESS_MAIN(TestFingerprint)
#include "tst_fingerprint.moc"
