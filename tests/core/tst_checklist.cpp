// The checklist definitions compiled into the program, their JSON form, setup notes,
// and a real probe of this host.
#include "host/Checklist.h"
#include "host/ProbeRegistry.h"
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>
#include <QtTest>

using namespace burstlab;

namespace {

QByteArray itemJson(const QString &id, const QString &probe, const char *dropField = nullptr) {
    QJsonObject item{{QStringLiteral("id"), id},
                     {QStringLiteral("title"), QStringLiteral("Title")},
                     {QStringLiteral("why"), QStringLiteral("Why")},
                     {QStringLiteral("source"), QStringLiteral("Source")},
                     {QStringLiteral("probe"), QJsonObject{{QStringLiteral("name"), probe}}},
                     {QStringLiteral("recommended"), QStringLiteral("tsc")},
                     {QStringLiteral("fix"), QStringLiteral("fix it")}};
    if (dropField)
        item.remove(QLatin1String(dropField));
    return QJsonDocument(item).toJson(QJsonDocument::Compact);
}

QByteArray document(const QList<QByteArray> &items) {
    QByteArray json = "{\"items\":[";
    for (qsizetype i = 0; i < items.size(); ++i)
        json += (i ? "," : "") + items[i];
    return json + "]}";
}

ProbeContext tunedPciHost() {
    ProbeContext context = ProbeContext::forPort(QStringLiteral("0000:03:00.0"), {2, 3});
    context.root = QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/host/tuned");
    context.selfPid = 1;
    return context;
}

} // namespace

class TestChecklist : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void builtInLoadsAndNamesExistingProbes() {
        QFile file(QStringLiteral(":/checklist.json"));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QString error;
        const std::optional<Checklist> list = Checklist::fromJson(file.readAll(), &error);
        QVERIFY2(list, qPrintable(error));
        QSet<QString> ids;
        for (const CheckItem &item : list->items()) {
            QVERIFY2(ProbeRegistry::instance().contains(item.probe), qPrintable(item.probe));
            QVERIFY2(!item.note.isEmpty(), qPrintable(item.id));
            ids.insert(item.id);
        }
        // The minimum list.
        for (const char *id : {"other_load", "desktop_session", "flow_control", "clocksource",
                               "tx_ring", "coalescing", "tuned_profile", "irqbalance",
                               "irq_affinity", "smt", "netfilter", "governor", "turbo", "cstates",
                               "isolated_cpus", "hugepages", "pci_binding", "numa"}) {
            QVERIFY2(ids.contains(QLatin1String(id)), id);
        }
        QCOMPARE(Checklist::builtIn().items().size(), list->items().size());

        // And no probe is left without an item that uses it.
        QSet<QString> used;
        for (const CheckItem &item : list->items())
            used.insert(item.probe);
        for (const QString &name : ProbeRegistry::instance().names())
            QVERIFY2(used.contains(name), qPrintable(name));
    }

    void rejectsMalformedDefinitions_data() {
        QTest::addColumn<QByteArray>("json");
        QTest::addColumn<QString>("error");
        const QString tsc = QStringLiteral("clocksource");
        QTest::newRow("not json") << QByteArray("{items") << "not a JSON object";
        QTest::newRow("no items") << document({}) << "no items";
        QTest::newRow("unknown probe")
            << document({itemJson(QStringLiteral("a"), QStringLiteral("no_such_probe"))})
            << "item 'a': unknown probe 'no_such_probe'";
        QTest::newRow("missing why") << document({itemJson(QStringLiteral("a"), tsc, "why")})
                                     << "item 'a': missing or empty \"why\"";
        QTest::newRow("missing fix") << document({itemJson(QStringLiteral("a"), tsc, "fix")})
                                     << "item 'a': missing or empty \"fix\"";
        QTest::newRow("duplicate id")
            << document({itemJson(QStringLiteral("a"), tsc), itemJson(QStringLiteral("a"), tsc)})
            << "duplicate id 'a'";
    }

    void rejectsMalformedDefinitions() {
        QFETCH(QByteArray, json);
        QFETCH(QString, error);
        QString message;
        QVERIFY(!Checklist::fromJson(json, &message));
        QVERIFY2(message.contains(error), qPrintable(message));
    }

    // A fix is a command only where it can run: the "tuned" tree has the
    // tools, systemd and a GRUB configuration; the "untuned" one has none,
    // and gets the step said in words, with the reason.
    void fixOfferedOnlyWhereItsToolExists() {
        const auto fixes = [](const char *tree) {
            ProbeContext context = tunedPciHost();
            context.root =
                QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/host/") + QLatin1String(tree);
            QHash<QString, QString> byId;
            for (const CheckResult &r : Checklist::builtIn().run(context))
                byId.insert(r.id, r.fix);
            return byId;
        };
        const QHash<QString, QString> tuned = fixes("tuned");
        QCOMPARE(tuned.value(QStringLiteral("desktop_session")),
                 QStringLiteral("systemctl isolate multi-user.target"));
        QCOMPARE(tuned.value(QStringLiteral("tuned_profile")),
                 QStringLiteral("tuned-adm profile latency-performance"));
        QVERIFY(
            tuned.value(QStringLiteral("isolated_cpus")).contains(QStringLiteral("update-grub")));
        const QHash<QString, QString> untuned = fixes("untuned");
        QCOMPARE(untuned.value(QStringLiteral("desktop_session")),
                 QStringLiteral("by hand (systemd is not running here): stop the display manager "
                                "and log out of the desktop; run the sweep from a text console or "
                                "over ssh"));
        QVERIFY2(untuned.value(QStringLiteral("tuned_profile"))
                     .startsWith(QStringLiteral("by hand (tuned-adm is not installed here): ")),
                 qPrintable(untuned.value(QStringLiteral("tuned_profile"))));
        QCOMPARE(
            untuned.value(QStringLiteral("isolated_cpus")),
            QStringLiteral("by hand (update-grub is not installed here): add isolcpus=2-3 "
                           "nohz_full=2-3 rcu_nocbs=2-3 to the kernel command line in your boot "
                           "loader's configuration, and reboot"));
        // A fix that needs nothing (an echo into /sys) is offered everywhere.
        QCOMPARE(untuned.value(QStringLiteral("smt")), tuned.value(QStringLiteral("smt")));
    }

    void resultsCarryDefinitionAndExpandedFix() {
        const QList<CheckResult> results = Checklist::builtIn().run(tunedPciHost());
        const auto pci = *std::find_if(results.begin(), results.end(), [](const CheckResult &r) {
            return r.id == QLatin1String("pci_binding");
        });
        QCOMPARE(pci.id, QStringLiteral("pci_binding"));
        QCOMPARE(pci.fix, QStringLiteral("dpdk-devbind.py --bind=vfio-pci 0000:03:00.0"));
        QCOMPARE(pci.recommended, QStringLiteral("vfio-pci, IOMMU on (intel_iommu=on iommu=pt)"));
        QVERIFY(pci.source.contains(QLatin1String("DPDK")));
        QCOMPARE(pci.values.value(QLatin1String("driver")).toString(), QStringLiteral("vfio-pci"));
    }

    void setupNotesOfPassingItems() {
        const QStringList notes = CheckResult::setupNotes(Checklist::builtIn().run(tunedPciHost()));
        const QStringList expected{QStringLiteral(" - Idle machine, nothing else running"),
                                   QStringLiteral(" - No X11: command line only"),
                                   QStringLiteral(" - Clocksource TSC"),
                                   QStringLiteral(" - tuned-adm profile latency-performance"),
                                   QStringLiteral(" - irqbalance stopped"),
                                   QStringLiteral(" - No Hyper-Threading"),
                                   QStringLiteral(" - netfilter modules unloaded"),
                                   QStringLiteral(" - CPU governor performance"),
                                   QStringLiteral(" - Turbo boost disabled"),
                                   QStringLiteral(" - C-states deeper than 10 us disabled"),
                                   QStringLiteral(" - TX lcores isolated (isolcpus=2-3)"),
                                   QStringLiteral(" - Hugepages: 2048 MB reserved"),
                                   QStringLiteral(" - Port bound to vfio-pci"),
                                   QStringLiteral(" - Port and lcores on one NUMA node")};
        QCOMPARE(notes, expected);
        // The eight netdev items (ethtool's five, BQL, tx_queue_len, root qdisc) have no
        // kernel netdev behind a PCI port; irq_affinity neither.
        QCOMPARE(CheckResult::summary(Checklist::builtIn().run(tunedPciHost())),
                 QStringLiteral("14 pass, 0 warn, 0 fail, 9 unknown"));
    }

    void noteOnlyWhenPassing() {
        CheckResult result;
        result.note = QStringLiteral("Ethernet Flow-Control disabled");
        result.status = CheckStatus::Pass;
        QCOMPARE(result.setupNote(), QStringLiteral(" - Ethernet Flow-Control disabled"));
        for (CheckStatus status : {CheckStatus::Warn, CheckStatus::Fail, CheckStatus::Unknown}) {
            result.status = status;
            QVERIFY(result.setupNote().isEmpty());
        }
    }

    // A run whose steps set a host setting: the items that probe it say so
    // for either engine (the root qdisc of a pktgen run), and keep it.
    void setBySweepNamed() {
        ProbeContext context = tunedPciHost();
        context.engineKind = EngineKind::Pktgen;
        QVERIFY(!Checklist::builtIn()
                     .item(QStringLiteral("root_qdisc"))
                     ->appliesTo(EngineKind::Pktgen));
        const auto idsOf = [](const QList<CheckResult> &results) {
            QStringList ids;
            for (const CheckResult &r : results)
                ids << r.id;
            return ids;
        };
        QVERIFY(!idsOf(Checklist::builtIn().run(context)).contains(QStringLiteral("root_qdisc")));
        context.setBySweep = {{QStringLiteral("qdisc"), QStringLiteral("qdisc=pfifo_fast,fq")},
                              {QStringLiteral("gro"), QStringLiteral("gro=on,off")},
                              {QStringLiteral("gso"), QStringLiteral("gso=off")}};
        const QList<CheckResult> results = Checklist::builtIn().run(context);
        const QStringList ids = idsOf(results);
        QVERIFY(ids.contains(QStringLiteral("root_qdisc")));
        const CheckResult qdisc = results[ids.indexOf(QStringLiteral("root_qdisc"))];
        QCOMPARE(qdisc.setBySweep, QStringLiteral("qdisc=pfifo_fast,fq"));
        const CheckResult offloads = results[ids.indexOf(QStringLiteral("offloads"))];
        QCOMPARE(offloads.setBySweep, QStringLiteral("gro=on,off gso=off"));
        QVERIFY(results[ids.indexOf(QStringLiteral("tx_ring"))].setBySweep.isEmpty());
        const CheckResult back = CheckResult::fromJson(qdisc.toJson());
        QCOMPARE(back.setBySweep, qdisc.setBySweep);
        QVERIFY(!CheckResult::fromJson(results.first().toJson())
                     .toJson()
                     .contains(QLatin1String("set_by_sweep")));
    }

    void jsonRoundTrip() {
        const QList<CheckResult> results = Checklist::builtIn().run(tunedPciHost());
        const QJsonArray array = CheckResult::toJsonArray(results);
        QCOMPARE(array.size(), results.size());
        for (const QJsonValue &value : array) {
            for (const char *key : {"id", "title", "status", "current", "recommended", "why", "fix",
                                    "source", "detail"}) {
                QVERIFY2(value.toObject().contains(QLatin1String(key)), key);
            }
        }
        const QList<CheckResult> back = CheckResult::fromJsonArray(array);
        QCOMPARE(CheckResult::toJsonArray(back), array);
        QCOMPARE(back.first().volatileValue, true); // other_load drifts between probes
        QCOMPARE(checkStatusFromName(QStringLiteral("something new")), CheckStatus::Unknown);
    }

    // This machine is a VM: many items may be unknown, but every item gets a result
    // and every unknown says why.
    void realHost() {
        const Checklist checklist = Checklist::builtIn();
        for (const QString &port :
             {QStringLiteral("net_null0"), QStringLiteral("net_af_packet0,iface=lo")}) {
            const QList<CheckResult> results = checklist.run(ProbeContext::forPort(port, {0}));
            QCOMPARE(results.size(), checklist.items().size());
            for (qsizetype i = 0; i < results.size(); ++i) {
                const CheckResult &r = results[i];
                QCOMPARE(r.id, checklist.items()[i].id);
                QVERIFY(!r.title.isEmpty() && !r.why.isEmpty() && !r.fix.isEmpty());
                if (r.status == CheckStatus::Unknown)
                    QVERIFY2(!r.detail.isEmpty(), qPrintable(r.id));
                else
                    QVERIFY2(!r.current.isEmpty(), qPrintable(r.id));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TestChecklist)
#include "tst_checklist.moc"
