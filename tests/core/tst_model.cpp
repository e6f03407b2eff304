#include "model/RunData.h"
#include "model/StepParameters.h"
#include "model/SweepSpec.h"
#include <QFile>
#include <QJsonDocument>
#include <QRegularExpression>
#include <QTest>

using namespace burstlab;

class TestModel : public QObject {
    Q_OBJECT

  private slots:
    void runStatusNames() {
        for (RunStatus s :
             {RunStatus::Running, RunStatus::Completed, RunStatus::Failed, RunStatus::Interrupted})
            QVERIFY(runStatusFromString(toString(s)) == s);
        QCOMPARE(toString(RunStatus::Interrupted), QStringLiteral("interrupted"));
        QVERIFY(!runStatusFromString(QStringLiteral("done")));
    }

    void axisValuesAreNumbersOrLabels() {
        const AxisValue n(16);
        const AxisValue l(QStringLiteral("patch2"));
        QVERIFY(n.isNumber());
        QVERIFY(!l.isNumber());
        QCOMPARE(n.toJson(), QJsonValue(16));
        QCOMPARE(l.toJson(), QJsonValue(QStringLiteral("patch2")));
        QVERIFY(AxisValue::fromJson(QJsonValue(16)) == n);
        QVERIFY(AxisValue::fromJson(QJsonValue(QStringLiteral("patch2"))) == l);
        QVERIFY(!AxisValue::fromJson(QJsonValue(1.5)));
        QVERIFY(!AxisValue::fromJson(QJsonValue(true)));
        QVERIFY(AxisValue(2) < AxisValue(10));
        QVERIFY(AxisValue(1000) < l); // numbers first
        QVERIFY(Axis({QStringLiteral("burst"), {n}}).isNumeric());
        QVERIFY(!Axis({QStringLiteral("patch"), {n, l}}).isNumeric());
    }

    void pointsInSweepOrder() {
        SweepSpec spec;
        spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(2), AxisValue(3)}},
                     Axis{QStringLiteral("clone"), {AxisValue(0), AxisValue(1000)}}};
        const QList<Point> points = spec.points();
        QCOMPARE(points.size(), 6);
        // The first axis varies fastest: one series per clone value.
        QCOMPARE(points[0].key(), QStringLiteral("1/0"));
        QCOMPARE(points[2].key(), QStringLiteral("3/0"));
        QCOMPARE(points[3].key(), QStringLiteral("1/1000"));
        QCOMPARE(points[4].describe(spec.axisNames()), QStringLiteral("burst=2 clone=1000"));
        QCOMPARE(SweepSpec{}.points().size(), 1);
    }

    void describe() {
        SweepSpec spec;
        Axis burst{QStringLiteral("burst"), {}};
        for (int v : {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 24, 32})
            burst.values << AxisValue(v);
        spec.axes = {burst, Axis{QStringLiteral("clone"), {AxisValue(0), AxisValue(1)}}};
        spec.reps = 3;
        spec.durationMs = 300;
        QCOMPARE(spec.describe(),
                 QStringLiteral("burst=1..10,16,24,32 x clone=0,1; 3 reps x 300 ms"));
        // Fixed parameters away from their defaults say what else the run held.
        spec.fixed = {{QStringLiteral("pkt_size"), 128},
                      {QStringLiteral("tx_desc"), 1024},
                      {QStringLiteral("timestamp"), true}};
        QCOMPARE(spec.describe(), QStringLiteral("burst=1..10,16,24,32 x clone=0,1; pkt_size=128 "
                                                 "timestamp; 3 reps x 300 ms"));
    }

    void sweepSpecJsonRoundTrip() {
        SweepSpec spec;
        spec.engine.vdevs = {QStringLiteral("net_null0"), QStringLiteral("net_null1")};
        spec.engine.sinkVdev = QStringLiteral("net_ring0");
        spec.engine.lcores = QStringLiteral("0-1");
        spec.engine.noHuge = false;
        spec.engine.memoryMb = 1024;
        spec.engine.mode = QStringLiteral("ssh");
        spec.engine.sshHost = QStringLiteral("lab1");
        spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(64)}}};
        spec.fixed = {{QStringLiteral("pkt_size"), 64},
                      {QStringLiteral("timestamp"), true},
                      {QStringLiteral("dst_mac"), QStringLiteral("02:00:00:00:00:02")}};
        spec.reps = 5;
        spec.durationMs = 250;
        spec.warmupMs = 50;
        spec.pauseMs = 10;
        spec.randomize = false;
        spec.seed = 0xfedcba9876543210ull; // above 2^53: kept exactly
        // Through text, as the store keeps it.
        const QJsonObject json =
            QJsonDocument::fromJson(QJsonDocument(spec.toJson()).toJson()).object();
        QString error;
        const auto back = SweepSpec::fromJson(json, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(*back == spec);
        QVERIFY(SweepSpec().randomize);
    }

    // The first 100 ms of a step are warm-up unless the sweep says otherwise,
    // a fifth of a shorter step.
    void warmupDefaultsToMin100msOrAFifthOfTheStep() {
        QCOMPARE(SweepSpec().warmupMs, 100);
        QCOMPARE(SweepSpec::defaultWarmupMs(1000), 100);
        QCOMPARE(SweepSpec::defaultWarmupMs(60000), 100);
        QCOMPARE(SweepSpec::defaultWarmupMs(200), 40);
        QCOMPARE(SweepSpec::defaultWarmupMs(4), 0);
        QString error;
        const auto spec = SweepSpec::fromJson(
            QJsonObject{{QStringLiteral("duration_ms"), 150},
                        {QStringLiteral("axes"),
                         QJsonArray{QJsonObject{{QStringLiteral("name"), QStringLiteral("burst")},
                                                {QStringLiteral("values"), QJsonArray{1}}}}}},
            &error);
        QVERIFY2(spec, qPrintable(error));
        QCOMPARE(spec->warmupMs, 30);
    }

    void sweepSpecErrorsNameTheField() {
        QString error;
        QVERIFY(!SweepSpec::fromJson({{QStringLiteral("reps"), QStringLiteral("three")}}, &error));
        QCOMPARE(error, QStringLiteral("sweep.reps: expected an integer"));
        QVERIFY(!SweepSpec::fromJson({{QStringLiteral("reps"), 0}}, &error));
        QCOMPARE(error, QStringLiteral("sweep.reps: must be at least 1"));
        QVERIFY(!SweepSpec::fromJson(
            {{QStringLiteral("engine"), QJsonObject{{QStringLiteral("vdevs"), 3}}}}, &error));
        QCOMPARE(error, QStringLiteral("engine.vdevs: expected an array"));
        QVERIFY(!SweepSpec::fromJson(
            {{QStringLiteral("axes"),
              QJsonArray{QJsonObject{{QStringLiteral("values"), QJsonArray{1}}}}}},
            &error));
        QCOMPARE(error, QStringLiteral("axis.name: missing"));
    }

    void sampleFromStatsMessage() {
        const QJsonObject stats =
            QJsonDocument::fromJson(
                R"({"type":"stats","id":7,"t_ns":300012345,"tx_pkts":1234567,"tx_bytes":74074020,
                "tx_calls":38581,"ring_full":0,"retries":0,"alloc_fail":0,
                "busy_cycles":735000000,"rx_pkts":0})")
                .object();
        QString error;
        const auto s = Sample::fromJson(stats, &error);
        QVERIFY2(s, qPrintable(error));
        QCOMPARE(s->tNs, 300012345ll);
        QCOMPARE(s->txCalls, std::optional<qint64>(38581));
        QCOMPARE(s->busyCycles, std::optional<qint64>(735000000));
        QVERIFY(!Sample::fromJson({{QStringLiteral("tx_pkts"), 1}}, &error));
        QCOMPARE(error, QStringLiteral("stats.t_ns: missing"));
        QVERIFY(!Sample::fromJson({{QStringLiteral("t_ns"), 1}, {QStringLiteral("tx_pkts"), -1}},
                                  &error));
        QCOMPARE(error, QStringLiteral("stats.tx_pkts: negative"));
    }

    void stepFromFinished() {
        // A finished message as the engine writes it, parsed once.
        const QByteArray line =
            R"({"type":"finished","id":7,"reason":"duration","tx_pkts":5000000,
                "tx_bytes":300000000,"tx_calls":156250,"ring_full":1,"retries":2,
                "alloc_fail":3,"busy_cycles":4,"mbufs_built":5000000,
                "burst_hist":[0,0,0,0,0,0,156250,0,0,0,0],"elapsed_ns":1000000000,
                "pps":5000000,"ns_per_pkt":200,"bps_l2":2.4e9,"bps_l1":3.36e9,
                "cycles_per_pkt":490.0,"cpu_ns_per_pkt":180.5,"mbufs_in_use":0,
                "first_tx_ns":null,
                "window":{"warmup_ms":100,"lcores":1,"tx_pkts":4000000,"tx_bytes":240000000,
                          "tx_calls":125000,"start_ns":100000000,"end_ns":900000000,
                          "ns":800000000,"pps":5e6,"target_pps":0,"ns_per_pkt":200,
                          "bps_l2":2.4e9,"bps_l1":3.36e9},
                "rx_pkts":4999990,"rx_dropped":7,
                "rx_drops":{"imissed":0,"ierrors":0,"rx_nombuf":0,"kernel_ring":7},
                "latency_ns":null,
                "lcores":[{"lcore":1,"queue":0,"tx_pkts":5000000,"cpu_ns":902500000,
                           "window":{"tx_pkts":4000000,"tx_bytes":240000000,
                                     "tx_calls":125000,"start_ns":100000000,
                                     "end_ns":900000000,"ns":800000000,"pps":5e6}}],
                "params":{"burst":32,"pkt_size":60,"duration_ms":1000,"qdisc":"fq"},
                "host_settings":{"veth0":{"qdisc":{"asked":"fq","read":"fq"}}}})";
        const QJsonObject message = QJsonDocument::fromJson(line).object();
        QString error;
        const auto f = StepFinished::fromJson(message, &error);
        QVERIFY2(f, qPrintable(error));
        QCOMPARE(f->counters.ringFull, std::optional<qint64>(1));
        QCOMPARE(f->cpuNsPerPkt, std::optional<double>(180.5));
        QVERIFY(!f->firstTxNs);
        QCOMPARE(f->rxPkts.value_or(0), 4999990);
        QCOMPARE(f->rxDropped.value_or(0), 7);
        QVERIFY(f->rxDrops);
        QCOMPARE(f->rxDrops->kernelRing.value_or(0), 7);
        QVERIFY(!f->rxForeign && !f->latencyNs);
        QCOMPARE(f->lcores.size(), 1);
        QCOMPARE(f->lcores[0].cpuNs, std::optional<qint64>(902500000));
        QCOMPARE(f->lcores[0].window.ns, 800000000);
        // Unpaced: the target is 0; an engine before the field sends none.
        QCOMPARE(f->window.targetPps, std::optional<qint64>(0));
        QCOMPARE(f->parameter(QStringLiteral("pkt_size")), 60);
        // The host settings the step asked for, as read back; the store
        // keeps them with the message (below).
        QVERIFY(f->hostSettings);
        QCOMPARE(f->hostSettings->value("veth0")["qdisc"]["read"].toString(), QStringLiteral("fq"));

        StepResult r;
        // The rate is the measured window's, not the whole step's.
        r.applyFinished(*f);
        QCOMPARE(r.pps, 5e6);
        QCOMPARE(*r.nsPerPacket(), 200.0);
        QCOMPARE(r.txPkts, 5000000ll);
        QCOMPARE(r.cyclesPerPkt, std::optional<double>(490.0));
        QCOMPARE(r.effectivePps(), 5e6);
        // What the store keeps is the typed message, and it reads back the same.
        StepResult back;
        back.setTotals(r.totalsJson());
        QVERIFY(back.measured);
        QCOMPARE(*back.measured, *f);
        QVERIFY(back.recorded.isEmpty());
        // Every field the engine wrote is kept (a null optional as none),
        // but its ns_per_pkt: every ns/packet figure is the core's.
        QJsonObject written = f->toJson();
        for (auto it = message.begin(); it != message.end(); ++it) {
            if (it.value().isNull() || it.key() == QLatin1String("ns_per_pkt"))
                continue;
            QVERIFY2(written.contains(it.key()), qPrintable(it.key()));
        }
        // Totals that are not a finished message (an import's fields, an
        // older engine's message) are kept as recorded.
        StepResult old;
        old.setTotals({{QStringLiteral("pps"), 9e6}});
        QVERIFY(!old.measured);
        QCOMPARE(old.recorded.value(QStringLiteral("pps")).toDouble(), 9e6);
        QCOMPARE(old.totalsJson(), old.recorded);

        // A faster warm-up does not move the window's rate.
        StepFinished slow = *f;
        slow.pps = 9e6;
        slow.window.pps = 4e6;
        StepResult slowWindow;
        slowWindow.applyFinished(slow);
        QCOMPARE(slowWindow.effectivePps(), 4e6);
        QCOMPARE(*slowWindow.nsPerPacket(), 250.0);
        // An empty window is a rate of 0, never a NaN or an infinity.
        StepFinished none = *f;
        none.window.pps = 0;
        StepResult empty;
        empty.applyFinished(none);
        QCOMPARE(empty.pps, 0.0);
        QVERIFY(!empty.nsPerPacket());
        QVERIFY(empty.toJson().value(QStringLiteral("ns_per_pkt")).isNull());
        // A figure stored by an older version stays what it was, and so
        // does the ns/packet derived from it.
        r.ppsAfterWarmup = 5.1e6;
        QCOMPARE(r.effectivePps(), 5.1e6);
        QCOMPARE(*r.nsPerPacket(), 1e9 / 5.1e6);
        QCOMPARE(r.toJson().value(QStringLiteral("ns_per_pkt")).toDouble(), 1e9 / 5.1e6);

        // Strict: a missing field is named with its path.
        QJsonObject broken = message;
        QJsonObject window = broken.value(QStringLiteral("window")).toObject();
        window.remove(QStringLiteral("pps"));
        broken.insert(QStringLiteral("window"), window);
        QVERIFY(!StepFinished::fromJson(broken, &error));
        QCOMPARE(error, QStringLiteral("finished.window.pps: missing"));
        QJsonObject lcoreBroken = message;
        lcoreBroken.insert(QStringLiteral("lcores"),
                           QJsonArray{QJsonObject{{QStringLiteral("lcore"), 1}}});
        QVERIFY(!StepFinished::fromJson(lcoreBroken, &error));
        QCOMPARE(error, QStringLiteral("finished.lcores[0].queue: missing"));
        QJsonObject hostBroken = message;
        hostBroken.insert(QStringLiteral("host_settings"), QStringLiteral("qdisc=fq"));
        QVERIFY(!StepFinished::fromJson(hostBroken, &error));
        QCOMPARE(error, QStringLiteral("finished.host_settings: expected an object"));
    }

    void runDataJsonRoundTrip() {
        RunData data;
        data.run.name = QStringLiteral("n");
        data.run.label = QStringLiteral("patch2");
        data.run.tags = {QStringLiteral("a")};
        data.run.created = QDateTime(QDate(2026, 1, 2), QTime(3, 4, 5, 678), Qt::UTC);
        data.run.status = RunStatus::Completed;
        data.run.spec.axes = {Axis{QStringLiteral("patch"), {}}};
        data.run.spec.reps = 1;
        data.run.hello = {{QStringLiteral("type"), QStringLiteral("hello")}};
        StepResult r;
        r.point = Point{{AxisValue(QStringLiteral("baseline"))}};
        r.status = RunStatus::Completed;
        r.pps = 3930068;
        r.started = data.run.created;
        r.ppsAfterWarmup = 3.9e6;
        data.appendResult(r);
        data.appendResult(r);
        QCOMPARE(data.steps[1].result.rep, 1);
        QCOMPARE(data.run.spec.reps, 2);
        QCOMPARE(data.run.spec.axes.first().values.size(), 1);
        Sample s;
        s.tNs = 5;
        data.steps[0].samples << s;
        const QJsonObject json =
            QJsonDocument::fromJson(QJsonDocument(data.toJson()).toJson()).object();
        QString error;
        const auto back = RunData::fromJson(json, &error);
        QVERIFY2(back, qPrintable(error));
        QVERIFY(*back == data);
        QVERIFY(!RunData::fromJson({{QStringLiteral("format"), QStringLiteral("other")}}, &error));
        QCOMPARE(error, QStringLiteral("file.format: not a burstlab run file"));
    }

    void runDevice() {
        Run run;
        QCOMPARE(run.device(), QString());
        QVERIFY(!run.linkSpeedMbps());
        QCOMPARE(run.frameSize(), 60);
        run.hello =
            QJsonDocument::fromJson(
                R"({"ports":[{"name":"net_null0","driver":"net_null","link_speed_mbps":10000}]})")
                .object();
        run.spec.fixed.insert(QStringLiteral("pkt_size"), 1514);
        QCOMPARE(run.device(), QStringLiteral("net_null0 (net_null)"));
        QVERIFY(!run.linkSpeedMbps()); // no wire, no line rate
        run.hello =
            QJsonDocument::fromJson(
                R"({"ports":[{"name":"0000:03:00.0","driver":"net_ixgbe","link_speed_mbps":10000}]})")
                .object();
        QCOMPARE(run.linkSpeedMbps().value_or(0), 10000.0);
        QCOMPARE(run.frameSize(), 1514);
    }

    // docs/cli.md's parameter table is the table's own output.
    void cliDocumentHoldsTheParameterTable() {
        QFile doc(QStringLiteral(BURSTLAB_SOURCE_DIR "/docs/cli.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(doc.readAll());
        const QString begin = QStringLiteral("<!-- parameters:begin -->\n");
        const qsizetype from = text.indexOf(begin);
        const qsizetype to = text.indexOf(QStringLiteral("<!-- parameters:end -->"));
        QVERIFY(from >= 0 && to > from);
        QCOMPARE(text.mid(from + begin.size(), to - from - begin.size()),
                 StepParameters::markdown());
    }

    // The ranges and defaults a sweep is checked against before an engine
    // answers are the ones the protocol documents in its hello example.
    // A choice is one of its words; a set of flags is stored in the table's
    // order, whatever order it was typed in, and reads back as typed.
    void choicesAndFlagsHaveOneForm() {
        const StepParameter *mode = StepParameters::find(QStringLiteral("xmit_mode"));
        QCOMPARE(mode->parse(QStringLiteral("queue_xmit"), nullptr),
                 QJsonValue(QStringLiteral("queue_xmit")));
        QString why;
        QVERIFY(!mode->parse(QStringLiteral("QUEUE_XMIT"), &why));
        QCOMPARE(why, QStringLiteral("xmit_mode must be start_xmit, netif_receive or queue_xmit, "
                                     "got 'QUEUE_XMIT'"));
        const StepParameter *flags = StepParameters::find(QStringLiteral("flags"));
        const QJsonArray set{QStringLiteral("UDPCSUM"), QStringLiteral("UDPDST_RND")};
        QCOMPARE(flags->parse(QStringLiteral("UDPDST_RND,UDPCSUM"), nullptr), QJsonValue(set));
        QCOMPARE(StepParameter::text(set), QStringLiteral("UDPCSUM,UDPDST_RND"));
        QCOMPARE(flags->parse(QStringLiteral("none"), nullptr), QJsonValue(QJsonArray{}));
        QCOMPARE(StepParameter::text(QJsonArray{}), QStringLiteral("none"));
        QCOMPARE(flags->defaultValue, QJsonValue(QJsonArray{}));
        for (const char *bad : {"UDPCSUM,UDPCSUM", "UDPCSUM,", "udpcsum", "NO_TIMESTAMP", ""})
            QVERIFY2(!flags->parse(QLatin1String(bad), nullptr), bad);
        QCOMPARE(flags->netdevText(set, EngineKind::Pktgen),
                 QStringLiteral("flag UDPCSUM flag UDPDST_RND"));
        QCOMPARE(flags->netdevText(QJsonArray{}, EngineKind::Pktgen), QStringLiteral("flags=none"));
    }

    void ipv6AddressesHaveOneForm() {
        // As typed in any valid form, stored and sent in RFC 5952's, which is
        // pktgen's own %pI6c: an import of pktgen's dump meets a live run.
        const StepParameter *dst6 = StepParameters::find(QStringLiteral("dst6"));
        QCOMPARE(dst6->typeName(), QStringLiteral("IPv6"));
        QCOMPARE(dst6->parse(QStringLiteral("FD00:0:0:0:0:0:0:0002"), nullptr),
                 QJsonValue(QStringLiteral("fd00::2")));
        QCOMPARE(dst6->parse(QStringLiteral("2001:db8:0:0:1:0:0:1"), nullptr),
                 QJsonValue(QStringLiteral("2001:db8::1:0:0:1")));
        QCOMPARE(dst6->parse(QStringLiteral("none"), nullptr), QJsonValue(QString()));
        QCOMPARE(dst6->defaultValue, QJsonValue(QString()));
        QCOMPARE(StepParameter::text(dst6->defaultValue), QStringLiteral("none"));
        QString why;
        for (const char *bad : {"fd00::2::1", "198.18.0.2", "fd00::g", "fd00:::2", "-"}) {
            QVERIFY2(!dst6->parse(QLatin1String(bad), &why), bad);
            QCOMPARE(why, QStringLiteral("dst6 must be IPv6 (an IPv6 address or none), got '%1'")
                              .arg(QLatin1String(bad)));
        }
        QCOMPARE(dst6->netdevText(QStringLiteral("fd00::2"), EngineKind::Pktgen),
                 QStringLiteral("dst6=fd00::2"));
        QVERIFY(!dst6->takenBy(EngineKind::Dpdk));
        QVERIFY(dst6->takenBy(EngineKind::Pktgen));
    }

    void stepParametersMatchTheProtocolDocument() {
        QFile doc(QStringLiteral(BURSTLAB_SOURCE_DIR "/docs/protocol.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QRegularExpressionMatch m =
            QRegularExpression(QStringLiteral("\\{\"type\":\"hello\".*?\\}\\}\\n"),
                               QRegularExpression::DotMatchesEverythingOption)
                .match(QString::fromUtf8(doc.readAll()));
        QVERIFY(m.hasMatch());
        QJsonParseError error;
        const QJsonObject hello = QJsonDocument::fromJson(m.captured().toUtf8(), &error).object();
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        const QJsonObject limits = hello.value(QStringLiteral("limits")).toObject();
        const QJsonObject defaults = hello.value(QStringLiteral("defaults")).toObject();
        qsizetype ranged = 0;
        for (const StepParameter &p : StepParameters::all()) {
            // The example is the DPDK engine's hello on net_null, which is
            // no kernel interface: no host settings either.
            if (p.host) {
                QVERIFY2(!limits.contains(p.name) && !defaults.contains(p.name),
                         qPrintable(p.name));
                continue;
            }
            if (!p.takenBy(EngineKind::Dpdk))
                continue;
            if (p.type == ParameterType::Integer || p.type == ParameterType::PortRange) {
                ++ranged;
                const QJsonArray range = limits.value(p.name).toArray();
                QCOMPARE(range.size(), 2);
                QCOMPARE(p.min, range[0].toInteger());
                // The example's engine has one worker lcore: one queue.
                if (p.name != QLatin1String("queues"))
                    QCOMPARE(p.maxFor(EngineKind::Dpdk), range[1].toInteger());
            }
            if (!p.defaultValue.isUndefined())
                QCOMPARE(defaults.value(p.name), p.defaultValue);
        }
        QCOMPARE(limits.size(), ranged);
        QCOMPARE(StepParameters::find(QStringLiteral("burst"))->maxFor(EngineKind::Dpdk), 512);
        QCOMPARE(StepParameters::find(QStringLiteral("burst"))->maxFor(EngineKind::Pktgen), 65536);
        QCOMPARE(StepParameters::find(QStringLiteral("timestamp"))->type, ParameterType::Boolean);
    }
};

QTEST_GUILESS_MAIN(TestModel)
#include "tst_model.moc"
