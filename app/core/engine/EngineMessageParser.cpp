#include "engine/EngineMessageParser.h"
#include "model/JsonReader.h"

#include <QJsonDocument>
#include <QJsonParseError>

namespace burstlab {
namespace {

// Every field the protocol lists for a message must be there with its type:
// a message read with a silent default is how a wrong number gets stored.
class RequiredFields {
  public:
    RequiredFields(const QJsonObject &o, const QString &context) : m_object(o), in(o, context) {}

    qint64 integer(const QString &key) { return in.require(key) ? in.integer(key) : 0; }
    double number(const QString &key) { return in.require(key) ? in.number(key) : 0; }
    QString string(const QString &key) { return in.require(key) ? in.string(key) : QString(); }
    bool boolean(const QString &key) { return in.require(key) && in.boolean(key); }
    QJsonObject object(const QString &key) {
        return in.require(key) ? in.object(key) : QJsonObject();
    }
    QJsonArray array(const QString &key) { return in.require(key) ? in.array(key) : QJsonArray(); }
    QList<qint64> integers(const QString &key) {
        QList<qint64> out;
        for (const QJsonValue &v : array(key)) {
            if (!v.isDouble() || std::trunc(v.toDouble()) != v.toDouble()) {
                in.invalid(key, QStringLiteral("expected an array of integers"));
                return {};
            }
            out.append(v.toInteger());
        }
        return out;
    }
    bool has(const QString &key) const { return m_object.contains(key); }
    QString error() const {
        QString e;
        in.finish(&e);
        return e;
    }

  private:
    QJsonObject m_object;

  public:
    JsonReader in;
};

ProtocolViolation garbage(const QString &message) {
    return {ProtocolViolation::Kind::Garbage, message};
}

template <typename T> EngineMessage checked(const T &message, const RequiredFields &r) {
    if (!r.in.ok())
        return garbage(r.error());
    return message;
}

EnginePort parsePort(const QJsonValue &value, JsonReader &outer) {
    RequiredFields r(value.toObject(), QStringLiteral("hello.ports[]"));
    if (!value.isObject())
        r.in.invalid(QStringLiteral("port"), QStringLiteral("expected an object"));
    EnginePort p;
    p.role = r.string(QStringLiteral("role"));
    p.portId = r.integer(QStringLiteral("port_id"));
    p.name = r.string(QStringLiteral("name"));
    p.driver = r.string(QStringLiteral("driver"));
    p.mac = r.string(QStringLiteral("mac"));
    p.linkSpeedMbps = r.integer(QStringLiteral("link_speed_mbps"));
    p.linkUp = r.boolean(QStringLiteral("link_up"));
    p.mtu = r.integer(QStringLiteral("mtu"));
    if (!r.in.ok())
        outer.invalid(QStringLiteral("ports"), r.error());
    return p;
}

EngineMessage parseHello(const QJsonObject &o, EngineKind) {
    // Read first, so that a version mismatch names the program to update.
    const QJsonValue kindValue = o.value(QLatin1String("engine_kind"));
    const std::optional<EngineKind> kind =
        kindValue.isUndefined() ? EngineKind::Dpdk : engineKindFromName(kindValue.toString());
    if (!kind)
        return garbage(QStringLiteral("hello.engine_kind: expected %1")
                           .arg(engineKindNames().join(QStringLiteral(" or "))));
    const QJsonValue protocol = o.value(QLatin1String("protocol"));
    if (!protocol.isDouble())
        return garbage(QStringLiteral("hello.protocol: missing or not a number"));
    if (protocol.toDouble() != EngineHello::kProtocolVersion)
        return ProtocolViolation{
            ProtocolViolation::Kind::VersionMismatch,
            QStringLiteral("the engine speaks protocol version %1, this program speaks version "
                           "%2; install matching versions of burstlab and %3")
                .arg(protocol.toDouble())
                .arg(EngineHello::kProtocolVersion)
                .arg(engineProgramName(*kind))};

    RequiredFields r(o, QStringLiteral("hello"));
    EngineHello h;
    h.protocol = EngineHello::kProtocolVersion;
    h.kind = *kind;
    h.engineVersion = r.string(QStringLiteral("engine_version"));
    // What transmits, versioned: DPDK, or the kernel and its pktgen.
    if (h.kind == EngineKind::Dpdk) {
        h.dpdkVersion = r.string(QStringLiteral("dpdk_version"));
    } else {
        h.kernelVersion = r.string(QStringLiteral("kernel_version"));
        h.pktgenVersion = r.string(QStringLiteral("pktgen_version"));
    }
    h.tscHz = r.integer(QStringLiteral("tsc_hz"));
    if (r.has(QStringLiteral("tsc_calibration"))) {
        RequiredFields cr(r.object(QStringLiteral("tsc_calibration")),
                          QStringLiteral("hello.tsc_calibration"));
        h.tscSource = cr.string(QStringLiteral("source"));
        // DPDK's own TSC rate and the span it was measured over; pktgen's
        // clock is the kernel's nanoseconds, taken as they are.
        if (h.kind == EngineKind::Dpdk) {
            h.dpdkTscHz = cr.integer(QStringLiteral("dpdk_hz"));
            cr.integer(QStringLiteral("span_ns"));
        }
        if (!cr.in.ok())
            r.in.invalid(QStringLiteral("tsc_calibration"), cr.error());
    }
    if (h.kind == EngineKind::Pktgen) {
        // pktgen has no lcores: its kpktgend threads' CPUs stand for them.
        h.workerCpus = r.integers(QStringLiteral("worker_cpus"));
        h.workerLcores = r.has(QStringLiteral("worker_lcores"))
                             ? r.integers(QStringLiteral("worker_lcores"))
                             : h.workerCpus;
        h.mainLcore =
            r.has(QStringLiteral("main_lcore")) ? r.integer(QStringLiteral("main_lcore")) : -1;
    } else {
        h.mainLcore = r.integer(QStringLiteral("main_lcore"));
        h.workerLcores = r.integers(QStringLiteral("worker_lcores"));
        // Engines before shared CPUs ran lcore N on CPU N.
        h.workerCpus = o.contains(QStringLiteral("worker_cpus"))
                           ? r.integers(QStringLiteral("worker_cpus"))
                           : h.workerLcores;
    }
    if (r.in.ok() && h.workerCpus.size() != h.workerLcores.size())
        r.in.invalid(QStringLiteral("worker_cpus"), QStringLiteral("one CPU per worker lcore"));
    h.numaNodes = h.kind == EngineKind::Pktgen && !r.has(QStringLiteral("numa_nodes"))
                      ? 1
                      : r.integer(QStringLiteral("numa_nodes"));
    for (const QJsonValue &pv : r.array(QStringLiteral("ports")))
        h.ports.append(parsePort(pv, r.in));
    if (r.in.ok() && !h.txPort())
        r.in.invalid(QStringLiteral("ports"), QStringLiteral("no port with role tx"));
    const QJsonObject limits = r.object(QStringLiteral("limits"));
    RequiredFields lr(limits, QStringLiteral("hello.limits"));
    for (auto it = limits.begin(); it != limits.end(); ++it) {
        const QList<qint64> range = lr.integers(it.key());
        if (range.size() != 2 || range[0] > range[1])
            lr.in.invalid(it.key(), QStringLiteral("expected a [min,max] pair"));
        else
            h.limits.insert(it.key(), ParameterLimit{range[0], range[1]});
    }
    if (!lr.in.ok())
        r.in.invalid(QStringLiteral("limits"), lr.error());
    h.defaults = r.object(QStringLiteral("defaults"));
    h.raw = o;
    return checked(h, r);
}

EngineMessage parseAck(const QJsonObject &o, EngineKind) {
    RequiredFields r(o, QStringLiteral("ack"));
    EngineAck a;
    // "id":null answers a command whose id could not be read
    if (!r.has(QStringLiteral("id")) || !o.value(QLatin1String("id")).isNull())
        a.id = r.integer(QStringLiteral("id"));
    a.ok = r.boolean(QStringLiteral("ok"));
    if (r.in.ok() && !a.ok) {
        const QJsonObject error = r.object(QStringLiteral("error"));
        RequiredFields er(error, QStringLiteral("ack.error"));
        a.errorCode = er.string(QStringLiteral("code"));
        a.errorMessage = er.string(QStringLiteral("message"));
        // "field" is null when the error is not about one parameter
        if (er.in.require(QStringLiteral("field")) && !error.value(QLatin1String("field")).isNull())
            a.errorField = er.string(QStringLiteral("field"));
        if (!er.in.ok())
            r.in.invalid(QStringLiteral("error"), er.error());
    }
    return checked(a, r);
}

EngineMessage parseStats(const QJsonObject &o, EngineKind kind) {
    RequiredFields r(o, QStringLiteral("stats"));
    Sample s;
    s.stepId = r.integer(QStringLiteral("id"));
    Sample::forEachCounter(s, [&](const QString &key, auto &value, FieldNeed need) {
        if (need == FieldNeed::DpdkOnly)
            need = dpdkOnlyNeed(kind);
        if (need == FieldNeed::Required || r.has(key))
            value = r.integer(key);
    });
    return checked(s, r);
}

EngineMessage parseFinished(const QJsonObject &o, EngineKind kind) {
    QString error;
    if (auto finished = StepFinished::fromEngine(o, kind, &error))
        return *finished;
    return garbage(error);
}

EngineMessage parseError(const QJsonObject &o, EngineKind) {
    RequiredFields r(o, QStringLiteral("error"));
    EngineErrorMessage e;
    e.fatal = r.boolean(QStringLiteral("fatal"));
    e.code = r.string(QStringLiteral("code"));
    e.message = r.string(QStringLiteral("message"));
    return checked(e, r);
}

} // namespace

EngineMessage EngineMessageParser::parse(const QByteArray &line, EngineKind kind) {
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(line, &err);
    if (err.error != QJsonParseError::NoError)
        return garbage(
            QStringLiteral("not JSON (%1 at offset %2)").arg(err.errorString()).arg(err.offset));
    if (!doc.isObject())
        return garbage(QStringLiteral("a JSON line that is not an object"));
    return parse(doc.object(), kind);
}

EngineMessage EngineMessageParser::parse(const QJsonObject &o, EngineKind kind) {
    const QJsonValue type = o.value(QLatin1String("type"));
    if (!type.isString())
        return garbage(QStringLiteral("a message without a string field type"));
    using Parse = EngineMessage (*)(const QJsonObject &, EngineKind);
    const std::pair<const char *, Parse> parsers[] = {{"hello", parseHello},
                                                      {"ack", parseAck},
                                                      {"stats", parseStats},
                                                      {"finished", parseFinished},
                                                      {"error", parseError}};
    for (const auto &[name, parse] : parsers) {
        if (type.toString() == QLatin1String(name))
            return parse(o, kind);
    }
    return garbage(QStringLiteral("unknown message type \"%1\"").arg(type.toString().left(64)));
}

} // namespace burstlab
