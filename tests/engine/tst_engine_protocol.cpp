// Protocol conformance: hello, exactly one ack per command line, a refusal
// naming the field for every bad parameter, and an engine that keeps serving
// after each of them.
#include "EngineProcess.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>
#include <memory>

class TestEngineProtocol : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase();
    void cleanupTestCase();
    void hello();
    void oneAckPerCommand();
    void badInput_data();
    void badInput();
    void longLineIsSkipped();
    void hugeKeyIsEchoedShort();
    void busyWhileRunning();
    void stdoutCarriesOnlyProtocol();

  private:
    qint64 pingOk();
    std::unique_ptr<EngineProcess> m_engine;
    qint64 m_id = 1;
};

void TestEngineProtocol::initTestCase() {
    m_engine = std::make_unique<EngineProcess>(EngineProcess::vdevArgs("net_null0"));
    QVERIFY2(m_engine->start(), m_engine->stderrText().constData());
}

void TestEngineProtocol::cleanupTestCase() {
    m_engine->send({{"cmd", "shutdown"}, {"id", m_id++}});
    QVERIFY(m_engine->waitForExit(5000));
    QCOMPARE(m_engine->exitCode(), 0);
}

qint64 TestEngineProtocol::pingOk() {
    const qint64 id = m_id++;
    const QJsonObject ack = m_engine->request({{"cmd", "ping"}, {"id", id}});
    return ack.value("ok").toBool() ? ack.value("id").toInteger() : -1;
}

void TestEngineProtocol::hello() {
    const QJsonObject h = m_engine->hello();
    QCOMPARE(h.value("protocol").toInt(), 2);
    QVERIFY(h.value("dpdk_version").toString().startsWith("DPDK "));
    QVERIFY(!h.value("engine_version").toString().isEmpty());
    QVERIFY(h.value("tsc_hz").toDouble() > 0);
    QVERIFY(!h.value("file_prefix").toString().isEmpty());
    QVERIFY(!h.value("worker_lcores").toArray().isEmpty());
    const QJsonObject port = h.value("ports").toArray().first().toObject();
    QCOMPARE(port.value("role").toString(), QStringLiteral("tx"));
    QCOMPARE(port.value("driver").toString(), QStringLiteral("net_null"));
    QCOMPARE(port.value("name").toString(), QStringLiteral("net_null0"));
    QVERIFY(port.value("mac").toString().size() == 17);
    const QJsonObject limits = h.value("limits").toObject();
    QCOMPARE(limits.value("burst").toArray(), QJsonArray({1, 512}));
    QCOMPARE(limits.value("pkt_size").toArray().first().toInt(), 60);
    QCOMPARE(limits.value("warmup_ms").toArray(), QJsonArray({0, 86400000}));
    QCOMPARE(h.value("defaults").toObject().value("burst").toInt(), 32);
    QCOMPARE(h.value("defaults").toObject().value("warmup_ms").toInt(), 0);
}

void TestEngineProtocol::oneAckPerCommand() {
    // Three commands in one write, then a stop with nothing running: four
    // acks, in order, each with its id.
    m_engine->sendRaw(R"({"cmd":"ping","id":101}
{"cmd":"stop","id":102}
{"cmd":"frobnicate","id":103}
)");
    const QJsonObject a = m_engine->waitFor("ack", 101);
    const QJsonObject b = m_engine->waitFor("ack", 102);
    const QJsonObject c = m_engine->waitFor("ack", 103);
    QVERIFY(a.value("ok").toBool());
    QVERIFY(b.value("ok").toBool());
    QVERIFY(!c.value("ok").toBool());
    QCOMPARE(c.value("error").toObject().value("code").toString(), QStringLiteral("bad_command"));
    QVERIFY(pingOk() > 0);
    const QList<QJsonObject> rest = m_engine->takeMessages();
    QVERIFY2(rest.isEmpty(), "an extra message was sent");
}

void TestEngineProtocol::badInput_data() {
    QTest::addColumn<QByteArray>("line");
    QTest::addColumn<bool>("hasId");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("field");
    QTest::addColumn<QString>("messagePart");
    auto start = [](const char *params) {
        return QByteArray(R"({"cmd":"start","id":7,)") + params + "}\n";
    };
    QTest::newRow("burst 0") << start(R"("burst":0)") << true << "out_of_range"
                             << "burst"
                             << "burst must be an integer in 1..512, got 0";
    QTest::newRow("burst 100000") << start(R"("burst":100000)") << true << "out_of_range"
                                  << "burst"
                                  << "got 100000";
    QTest::newRow("negative clone") << start(R"("clone":-1)") << true << "out_of_range"
                                    << "clone"
                                    << "0..4294967295";
    QTest::newRow("pkt_size 10") << start(R"("pkt_size":10)") << true << "out_of_range"
                                 << "pkt_size"
                                 << "60..";
    QTest::newRow("pkt_size 100000") << start(R"("pkt_size":100000)") << true << "out_of_range"
                                     << "pkt_size"
                                     << "got 100000";
    QTest::newRow("huge count") << start(R"("count":18446744073709551615)") << true
                                << "out_of_range"
                                << "count"
                                << "count must be";
    QTest::newRow("negative warmup_ms") << start(R"("warmup_ms":-1)") << true << "out_of_range"
                                        << "warmup_ms"
                                        << "0..86400000";
    QTest::newRow("zero stats_ms") << start(R"("stats_ms":0)") << true << "out_of_range"
                                   << "stats_ms"
                                   << "10..10000";
    QTest::newRow("unknown field") << start(R"("bursts":8)") << true << "unknown_field"
                                   << "bursts"
                                   << "bursts";
    // A kernel skb's setting: pktgen's, not the DPDK engine's.
    QTest::newRow("pktgen's frags") << start(R"("frags":2)") << true << "unknown_field"
                                    << "frags"
                                    << "pktgen's only";
    QTest::newRow("string burst") << start(R"("burst":"32")") << true << "bad_type"
                                  << "burst"
                                  << "integer";
    QTest::newRow("fraction burst") << start(R"("burst":3.5)") << true << "bad_type"
                                    << "burst"
                                    << "integer";
    QTest::newRow("number timestamp") << start(R"("timestamp":1)") << true << "bad_type"
                                      << "timestamp"
                                      << "true or false";
    QTest::newRow("negative run_key") << start(R"("run_key":-1)") << true << "bad_type"
                                      << "run_key"
                                      << "0 to 18446744073709551615";
    QTest::newRow("string run_key") << start(R"("run_key":"7")") << true << "bad_type"
                                    << "run_key"
                                    << "integer";
    QTest::newRow("bad mac") << start(R"("dst_mac":"00:11:22")") << true << "out_of_range"
                             << "dst_mac"
                             << "MAC";
    QTest::newRow("bad ip") << start(R"("dst_ip":"10.0.0.256")") << true << "out_of_range"
                            << "dst_ip"
                            << "IPv4";
    QTest::newRow("ping with a field") << QByteArray(R"({"cmd":"ping","id":7,"x":1})"
                                                     "\n")
                                       << true << "unknown_field"
                                       << "x"
                                       << "x";
    QTest::newRow("malformed JSON")
        << QByteArray("{\"cmd\":\"start\",\"id\":7,\n") << false << "bad_json"
        << ""
        << "JSON";
    QTest::newRow("not an object") << QByteArray("[1,2]\n") << false << "bad_command"
                                   << ""
                                   << "object";
    QTest::newRow("deeply nested") << QByteArray(500000, '[') + QByteArray(500000, ']') + "\n"
                                   << false << "bad_command"
                                   << ""
                                   << "object";
    // What a lenient parser would read differently from a strict one.
    QTest::newRow("nested object") << start(R"("burst":{"a":[1,{"b":null}]})") << true << "bad_type"
                                   << "burst"
                                   << "got object";
    QTest::newRow("integer beyond 64 bits")
        << start(R"("count":99999999999999999999999)") << true << "bad_type"
        << "count"
        << "beyond 64 bits";
    QTest::newRow("beyond double") << start(R"("burst":1e400)") << false << "bad_json"
                                   << ""
                                   << "JSON";
    QTest::newRow("integral float") << start(R"("burst":32.0)") << true << "bad_type"
                                    << "burst"
                                    << "integer";
    QTest::newRow("exponent") << start(R"("burst":1e2)") << true << "bad_type"
                              << "burst"
                              << "integer";
    QTest::newRow("null burst") << start(R"("burst":null)") << true << "bad_type"
                                << "burst"
                                << "got null";
    QTest::newRow("duplicate key") << start(R"("burst":8,"burst":600)") << false << "bad_json"
                                   << ""
                                   << "\"burst\" is given twice";
    QTest::newRow("duplicate nested key") << start(R"("x":{"a":1,"a":2})") << false << "bad_json"
                                          << ""
                                          << "\"a\" is given twice";
    QTest::newRow("duplicate cmd") << QByteArray(R"({"cmd":"ping","id":7,"cmd":"shutdown"})"
                                                 "\n")
                                   << false << "bad_json"
                                   << ""
                                   << "\"cmd\" is given twice";
    QTest::newRow("invalid UTF-8")
        << QByteArray("{\"cmd\":\"p\xffng\",\"id\":7}\n") << false << "bad_json"
        << ""
        << "JSON";
    QTest::newRow("NUL after the object")
        << QByteArray("{\"cmd\":\"ping\",\"id\":7}\0{\"cmd\":\"shutdown\"}\n", 41) << false
        << "bad_json"
        << ""
        << "NUL";
    QTest::newRow("two values") << QByteArray(R"({"cmd":"ping","id":7} {"cmd":"ping","id":8})"
                                              "\n")
                                << false << "bad_json"
                                << ""
                                << "JSON";
    QTest::newRow("fractional id") << QByteArray(R"({"cmd":"ping","id":7.5})"
                                                 "\n")
                                   << false << "bad_type"
                                   << "id"
                                   << "integer";
    QTest::newRow("id beyond int64") << QByteArray(R"({"cmd":"ping","id":9223372036854775808})"
                                                   "\n")
                                     << false << "bad_type"
                                     << "id"
                                     << "integer";
    QTest::newRow("missing id") << QByteArray(R"({"cmd":"ping"})"
                                              "\n")
                                << false << "bad_command"
                                << "id"
                                << "id";
    QTest::newRow("long unknown cmd")
        << QByteArray(R"({"id":7,"cmd":")") + QByteArray(2000, 'c') + "\"}\n"
        << true << "bad_command"
        << "cmd" << QString(64, QLatin1Char('c')) + QStringLiteral("...': use");
    QTest::newRow("missing cmd") << QByteArray(R"({"id":7})"
                                               "\n")
                                 << true << "bad_command"
                                 << "cmd"
                                 << "cmd";
}

void TestEngineProtocol::badInput() {
    QFETCH(QByteArray, line);
    QFETCH(bool, hasId);
    QFETCH(QString, code);
    QFETCH(QString, field);
    QFETCH(QString, messagePart);
    m_engine->sendRaw(line);
    const QJsonObject ack = m_engine->waitFor("ack");
    QVERIFY2(!ack.isEmpty(), "no ack");
    QCOMPARE(ack.value("ok").toBool(), false);
    QCOMPARE(ack.value("id").isNull(), !hasId);
    if (hasId) {
        QCOMPARE(ack.value("id").toInt(), 7);
    }
    const QJsonObject error = ack.value("error").toObject();
    QCOMPARE(error.value("code").toString(), code);
    QCOMPARE(error.value("field").toString(), field);
    QCOMPARE(error.value("field").isNull(), field.isEmpty());
    QVERIFY2(error.value("message").toString().contains(messagePart),
             qPrintable(error.value("message").toString()));
    // Still serving, and nothing was started.
    QVERIFY(pingOk() > 0);
    QVERIFY(m_engine->takeMessages().isEmpty());
}

void TestEngineProtocol::longLineIsSkipped() {
    QByteArray line = R"({"cmd":"ping","id":8,"pad":")";
    line += QByteArray(10 * 1024 * 1024, 'x');
    line += "\"}\n";
    m_engine->sendRaw(line);
    const QJsonObject ack = m_engine->waitFor("ack", -1, 20000);
    QCOMPARE(ack.value("ok").toBool(), false);
    QVERIFY(ack.value("id").isNull());
    QCOMPARE(ack.value("error").toObject().value("code").toString(),
             QStringLiteral("line_too_long"));
    QVERIFY(pingOk() > 0);
    QVERIFY(m_engine->takeMessages().isEmpty());
}

void TestEngineProtocol::hugeKeyIsEchoedShort() {
    // Within the engine's line limit but near a client's 1 MiB: the ack must
    // not echo the key in full.
    const QByteArray key(900 * 1024, 'k');
    m_engine->sendRaw(R"({"cmd":"ping","id":7,")" + key + "\":1}\n");
    const QJsonObject ack = m_engine->waitFor("ack", -1, 20000);
    QCOMPARE(ack.value("ok").toBool(), false);
    const QJsonObject error = ack.value("error").toObject();
    QCOMPARE(error.value("code").toString(), QStringLiteral("unknown_field"));
    QVERIFY(error.value("field").toString().startsWith(QStringLiteral("kkkk")));
    QVERIFY(error.value("field").toString().endsWith(QStringLiteral("...")));
    QVERIFY(QJsonDocument(ack).toJson(QJsonDocument::Compact).size() < 1024);
    QVERIFY(pingOk() > 0);
    QVERIFY(m_engine->takeMessages().isEmpty());
}

void TestEngineProtocol::busyWhileRunning() {
    const QJsonObject ack = m_engine->request(
        {{"cmd", "start"}, {"id", 200}, {"duration_ms", 60000}, {"stats_ms", 50}});
    QVERIFY(ack.value("ok").toBool());
    QVERIFY(!m_engine->waitFor("stats", 200).isEmpty());
    const QJsonObject busy = m_engine->request({{"cmd", "start"}, {"id", 201}});
    QCOMPARE(busy.value("error").toObject().value("code").toString(), QStringLiteral("busy"));
    QVERIFY(pingOk() > 0);
    QVERIFY(m_engine->request({{"cmd", "stop"}, {"id", 202}}).value("ok").toBool());
    const QJsonObject finished = m_engine->waitFor("finished", 200, 3000);
    QCOMPARE(finished.value("reason").toString(), QStringLiteral("stopped"));
    QVERIFY(m_engine->waitFor("finished", 201, 200).isEmpty());
}

void TestEngineProtocol::stdoutCarriesOnlyProtocol() {
    m_engine->takeMessages();
    QVERIFY2(m_engine->garbage().isEmpty(), m_engine->garbage().value(0).constData());
}

QTEST_GUILESS_MAIN(TestEngineProtocol)
#include "tst_engine_protocol.moc"
