#include "model/StepParameters.h"

#include <QJsonArray>
#include <QRegularExpression>

namespace burstlab {

namespace {

using T = ParameterType;

// A parameter without a default (count: no limit unless given).
QJsonValue none() {
    return QJsonValue(QJsonValue::Undefined);
}

StepParameter other(const char *name, ParameterType type, QJsonValue defaultValue,
                    const char *help) {
    StepParameter p;
    p.name = QLatin1String(name);
    p.type = type;
    p.defaultValue = defaultValue;
    p.help = QLatin1String(help);
    return p;
}

StepParameter integer(const char *name, qint64 min, qint64 max, QJsonValue defaultValue,
                      bool sweepable, const char *unit, const char *help) {
    StepParameter p = other(name, T::Integer, defaultValue, help);
    p.min = min;
    p.max = max;
    p.sweepable = sweepable;
    p.unit = QLatin1String(unit);
    return p;
}

StepParameter ports(const char *name, qint64 lo, qint64 hi, const char *help) {
    StepParameter p = other(name, T::PortRange, QJsonArray{lo, hi}, help);
    p.max = 65535;
    return p;
}

StepParameter fromPort(StepParameter p) {
    p.fromPort = true;
    return p;
}

// A pktgen run's default differs from the table's.
StepParameter pktgenDefault(StepParameter p, QJsonValue value) {
    p.pktgenDefault = value;
    return p;
}

// A pktgen run's text names it as the seeds do, not as pktgen takes it.
StepParameter pktgenText(StepParameter p, const char *name) {
    p.pktgenText = QLatin1String(name);
    return p;
}

StepParameter olderFormOf(StepParameter p, const char *of) {
    p.olderFormOf = QLatin1String(of);
    return p;
}

// The pktgen engine takes it, under pktgen's name.
StepParameter pktgenAs(StepParameter p, const char *name) {
    p.pktgen = QLatin1String(name);
    return p;
}

// The pktgen engine takes it under burstlab's own name.
StepParameter pktgenToo(StepParameter p) {
    p.pktgen = p.name;
    return p;
}

// Whether the pktgen engine takes it, and under which name when pktgen's
// own differs: "yes", "`clone_skb`", "no".
QString pktgenCell(const StepParameter &p) {
    if (!p.takenBy(EngineKind::Pktgen))
        return QStringLiteral("no");
    return p.pktgen == p.name ? QStringLiteral("yes") : QStringLiteral("`%1`").arg(p.pktgen);
}

// "32 (pktgen 1)": the table's default, and a pktgen run's where it differs.
QString defaultsText(const StepParameter &p) {
    QString text = p.defaultValue.isUndefined() ? QStringLiteral("none") : p.text(p.defaultValue);
    if (!p.pktgenDefault.isUndefined())
        text += QStringLiteral(" (pktgen %1)").arg(p.text(p.pktgenDefault));
    return text;
}

QString cell(QString text) {
    return text.replace(QLatin1Char('|'), QLatin1String("\\|"));
}

} // namespace

const QList<StepParameter> &StepParameters::all() {
    // The engine's ranges (engine/src/StepParams.h) before its port and
    // lcores narrow them; the docs' table is printed from here.
    static const QList<StepParameter> table{
        pktgenText(pktgenDefault(
                       pktgenToo(integer("burst", 1, 512, 32, true, "packets",
                                         "packets per rte_eth_tx_burst() call (one doorbell), as "
                                         "kernel pktgen's burst (its default 1 in a pktgen run); "
                                         "1 = no bulking")),
                       1),
                   "skb_burst"),
        pktgenAs(
            integer("clone", 0, 4294967295LL, 0, true, "packets",
                    "times each mbuf is sent (by reference count) before the next is built, as "
                    "kernel pktgen's clone_skb; 0 and 1 = every packet its own mbuf"),
            "clone_skb"),
        pktgenToo(
            fromPort(integer("pkt_size", 60, 1514, 60, true, "bytes",
                             "frame size as sent, without FCS; at most the port's MTU + 14"))),
        pktgenToo(integer("duration_ms", 1, 86400000, 1000, true, "ms", "step length")),
        integer("warmup_ms", 0, 86400000, 0, false, "ms",
                "sent but left out of the measured window; a sweep's --warmup-ms"),
        pktgenToo(
            integer("count", 1, 1000000000000000LL, none(), true, "packets",
                    "packets to send; with duration_ms the step ends at whichever comes first")),
        pktgenToo(
            fromPort(integer("queues", 1, 256, 1, true, "queues",
                             "TX queues, one TX lcore each; at most the engine's TX lcores"))),
        fromPort(integer("tx_desc", 64, 4096, 1024, true, "descriptors",
                         "TX ring descriptors per queue, within the port's limits")),
        pktgenAs(integer("rate_pps", 0, 1000000000, 0, true, "pps",
                         "target rate, paced per TX lcore; 0 = unlimited"),
                 "ratep"),
        pktgenToo(
            integer("flows", 1, 65536, 1, true, "flows",
                    "flows over fresh packets: flow f adds f to dst_ip and takes its UDP ports "
                    "from udp_src and udp_dst")),
        other("timestamp", T::Boolean, false,
              "the TSC in every built packet's signature, for the sink's one-way latency"),
        pktgenToo(
            integer("stats_ms", 10, 10000, 100, false, "ms",
                    "period of the live stats samples; unless set, a sweep takes about 20 a step "
                    "(duration_ms/20, 20..100 ms), a pktgen sweep one each 500 ms")),
        pktgenToo(fromPort(other("src_mac", T::Mac, QStringLiteral("02:00:00:00:00:01"),
                                 "source MAC; the engine's default is the TX port's own"))),
        pktgenToo(other("dst_mac", T::Mac, QStringLiteral("02:00:00:00:00:02"), "destination MAC")),
        pktgenAs(other("src_ip", T::Ipv4, QStringLiteral("198.18.0.1"), "source IPv4 address"),
                 "src_min"),
        pktgenAs(other("dst_ip", T::Ipv4, QStringLiteral("198.18.0.2"),
                       "destination IPv4 address of flow 0"),
                 "dst"),
        pktgenToo(ports(
            "udp_src", 50000, 53999,
            "UDP source ports: flow f uses lo + f % (hi - lo + 1); dynamic ports by default")),
        pktgenToo(ports("udp_dst", 54000, 54000, "UDP destination ports, counted like udp_src")),
        pktgenAs(integer("vlan", 0, 4094, 0, false, {},
                         "802.1Q VLAN id of every packet; 0 = untagged. The 4-byte tag is part of "
                         "pkt_size (at least 64 with a tag)"),
                 "vlan_id"),
        pktgenAs(integer("vlan_pcp", 0, 7, 0, false, {},
                         "802.1Q priority (PCP) of the tag; needs a vlan"),
                 "vlan_p"),
        pktgenToo(olderFormOf(integer("src_port", 0, 65535, none(), false, {},
                                      "older form: src_port P is udp_src P-65535"),
                              "udp_src")),
        pktgenToo(olderFormOf(integer("dst_port", 0, 65535, none(), false, {},
                                      "older form: dst_port P is udp_dst P-P"),
                              "udp_dst")),
    };
    return table;
}

const StepParameter *StepParameters::find(const QString &name) {
    for (const StepParameter &p : all()) {
        if (p.name == name)
            return &p;
    }
    return nullptr;
}

QJsonValue StepParameters::defaultOf(const QString &name, EngineKind kind,
                                     const QJsonObject &engineDefaults) {
    if (engineDefaults.contains(name))
        return engineDefaults.value(name);
    const StepParameter *parameter = find(name);
    return parameter ? parameter->defaultFor(kind) : QJsonValue(QJsonValue::Undefined);
}

QJsonValue StepParameters::valueOf(const QString &name, const QJsonObject &fixed, EngineKind kind,
                                   const QJsonObject &engineDefaults) {
    return fixed.contains(name) ? fixed.value(name) : defaultOf(name, kind, engineDefaults);
}

QStringList StepParameters::alwaysStated() {
    return {QStringLiteral("burst"), QStringLiteral("clone")};
}

QStringList StepParameters::sweepable() {
    QStringList names;
    for (const StepParameter &p : all()) {
        if (p.sweepable)
            names << p.name;
    }
    return names;
}

QStringList StepParameters::takenBy(EngineKind kind) {
    QStringList names;
    for (const StepParameter &p : all()) {
        if (p.takenBy(kind) && p.olderFormOf.isEmpty())
            names << p.name;
    }
    return names;
}

QString StepParameters::textName(const QString &name, EngineKind kind) {
    const StepParameter *p = find(name);
    return p ? p->textName(kind) : name;
}

QString StepParameters::notTakenBy(const QString &name, EngineKind kind) {
    const StepParameter *p = find(name);
    if (!p || p->takenBy(kind))
        return {};
    return QStringLiteral("the %1 engine does not take %2 (it takes %3)")
        .arg(engineKindName(kind), name, takenBy(kind).join(QStringLiteral(", ")));
}

bool StepParameter::takenBy(EngineKind kind) const {
    return kind == EngineKind::Dpdk || !pktgen.isEmpty();
}

QString StepParameter::typeName() const {
    switch (type) {
    case T::Integer:
        return QStringLiteral("integer");
    case T::Boolean:
        return QStringLiteral("true/false");
    case T::Mac:
        return QStringLiteral("MAC");
    case T::Ipv4:
        return QStringLiteral("IPv4");
    case T::PortRange:
        return QStringLiteral("port range");
    }
    return {};
}

QString StepParameter::allowed() const {
    switch (type) {
    case T::Integer:
        return QStringLiteral("%1..%2").arg(min).arg(max);
    case T::Boolean:
        return QStringLiteral("true or false");
    case T::Mac:
        return QStringLiteral("xx:xx:xx:xx:xx:xx");
    case T::Ipv4:
        return QStringLiteral("a.b.c.d");
    case T::PortRange:
        return QStringLiteral("LO-HI within %1..%2").arg(min).arg(max);
    }
    return {};
}

std::optional<QJsonValue> StepParameter::parse(const QString &text, QString *why) const {
    static const QRegularExpression mac(QStringLiteral("^([0-9a-fA-F]{2}:){5}[0-9a-fA-F]{2}$"));
    static const QRegularExpression ipv4(
        QStringLiteral("^(25[0-5]|2[0-4]\\d|1?\\d?\\d)(\\.(25[0-5]|2[0-4]\\d|1?\\d?\\d)){3}$"));
    static const QRegularExpression portRange(QStringLiteral("^(\\d{1,5})(?:-(\\d{1,5}))?$"));
    const QString t = text.trimmed();
    bool ok = false;
    switch (type) {
    case T::Integer:
        if (const qint64 v = t.toLongLong(&ok); ok)
            return QJsonValue(v);
        break;
    case T::Boolean:
        if (t == QLatin1String("true") || t == QLatin1String("false"))
            return QJsonValue(t == QLatin1String("true"));
        break;
    case T::Mac:
        if (mac.match(t).hasMatch())
            return QJsonValue(t.toLower());
        break;
    case T::Ipv4:
        if (ipv4.match(t).hasMatch())
            return QJsonValue(t);
        break;
    case T::PortRange:
        if (const auto m = portRange.match(t); m.hasMatch()) {
            const qint64 lo = m.captured(1).toLongLong();
            const qint64 hi = m.captured(2).isEmpty() ? lo : m.captured(2).toLongLong();
            return QJsonValue(QJsonArray{lo, hi});
        }
        break;
    }
    if (why)
        *why = QStringLiteral("%1 must be %2 (%3), got '%4'")
                   .arg(name, type == T::Integer ? QStringLiteral("an integer") : typeName(),
                        allowed(), text);
    return std::nullopt;
}

QString StepParameter::text(const QJsonValue &value) {
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return QString::number(value.toInteger());
    if (value.isArray()) {
        const QJsonArray a = value.toArray();
        return QStringLiteral("%1-%2").arg(a.at(0).toInteger()).arg(a.at(1).toInteger());
    }
    return value.toString();
}

QString StepParameter::netdevText(const QJsonValue &value, EngineKind kind) const {
    const QString format = netdev.isEmpty() || kind == EngineKind::Pktgen
                               ? textName(kind) + QStringLiteral("=%1")
                               : netdev;
    return format.arg(text(value));
}

QString StepParameter::textName(EngineKind kind) const {
    if (kind != EngineKind::Pktgen || pktgen.isEmpty())
        return name;
    return pktgenText.isEmpty() ? pktgen : pktgenText;
}

QJsonValue StepParameter::defaultFor(EngineKind kind) const {
    return kind == EngineKind::Pktgen && !pktgenDefault.isUndefined() ? pktgenDefault
                                                                      : defaultValue;
}

QString StepParameters::markdown() {
    QStringList lines{
        QStringLiteral("| name | type | range | default | sweep | unit | pktgen | meaning |"),
        QStringLiteral("|---|---|---|---|---|---|---|---|")};
    QStringList older;
    for (const StepParameter &p : all()) {
        if (!p.olderFormOf.isEmpty()) {
            older << QStringLiteral("`%1` (%2)").arg(p.name, p.help);
            continue;
        }
        const QString range =
            p.type == T::Integer || p.type == T::PortRange ? p.allowed() : QString();
        lines << QStringLiteral("| `%1` | %2 | %3 | %4 | %5 | %6 | %7 | %8 |")
                     .arg(p.name, p.typeName(),
                          range + (p.fromPort ? QStringLiteral(" (port)") : QString()),
                          defaultsText(p),
                          p.sweepable ? QStringLiteral("yes") : QStringLiteral("no"), p.unit,
                          pktgenCell(p), cell(p.help));
    }
    if (!older.isEmpty())
        lines << QString()
              << QStringLiteral("Older names, still accepted: ") +
                     older.join(QStringLiteral(", ")) + QLatin1Char('.');
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

QString StepParameters::text() {
    QStringList lines;
    for (const StepParameter &p : all()) {
        const QString fallback = defaultsText(p);
        const QString pktgen = !p.takenBy(EngineKind::Pktgen) ? QStringLiteral("; dpdk only")
                               : p.pktgen == p.name
                                   ? QStringLiteral("; dpdk and pktgen")
                                   : QStringLiteral("; dpdk and pktgen (%1)").arg(p.pktgen);
        lines << QStringLiteral("%1 (%2, %3; default %4%5%6): %7")
                     .arg(p.name, p.typeName(), p.allowed(), fallback,
                          p.sweepable ? QStringLiteral("; sweepable") : QString(), pktgen, p.help);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace burstlab
