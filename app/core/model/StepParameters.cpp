#include "model/StepParameters.h"

#include "Parameters.h"

#include <QJsonArray>
#include <QRegularExpression>
#include <arpa/inet.h>

namespace burstlab {

namespace {

using T = ParameterType;

ParameterType typeOf(protocol::ParameterKind kind) {
    switch (kind) {
    case protocol::ParameterKind::Integer:
        return T::Integer;
    case protocol::ParameterKind::Boolean:
        return T::Boolean;
    case protocol::ParameterKind::Mac:
        return T::Mac;
    case protocol::ParameterKind::Ipv4:
        return T::Ipv4;
    case protocol::ParameterKind::Ipv6:
        return T::Ipv6;
    case protocol::ParameterKind::PortRange:
        return T::PortRange;
    case protocol::ParameterKind::Choice:
        return T::Choice;
    case protocol::ParameterKind::FlagSet:
        return T::FlagSet;
    }
    return T::Integer;
}

// RFC 5952's form of an IPv6 address, as pktgen prints it (%pI6c) and the
// engine echoes it; empty when text is not one.
QString canonicalIpv6(const QString &text) {
    in6_addr address{};
    char canonical[INET6_ADDRSTRLEN] = {};
    if (inet_pton(AF_INET6, text.toLatin1().constData(), &address) != 1 ||
        !inet_ntop(AF_INET6, &address, canonical, sizeof canonical))
        return {};
    return QString::fromLatin1(canonical);
}

QString latin1(std::string_view text) {
    return QString::fromLatin1(text.data(), qsizetype(text.size()));
}

QJsonValue integerOrNone(std::optional<int64_t> value) {
    return value ? QJsonValue(qint64(*value)) : QJsonValue(QJsonValue::Undefined);
}

// The protocol's default in its JSON form.
QJsonValue defaultOf(const protocol::Parameter &p) {
    switch (p.kind) {
    case protocol::ParameterKind::Integer:
        return integerOrNone(p.value);
    case protocol::ParameterKind::Boolean:
        return QJsonValue(p.value.value_or(0) != 0);
    case protocol::ParameterKind::Mac:
    case protocol::ParameterKind::Ipv4:
    case protocol::ParameterKind::Ipv6:
    case protocol::ParameterKind::Choice:
        return latin1(p.text);
    case protocol::ParameterKind::PortRange:
        return QJsonArray{qint64(p.ports.lo), qint64(p.ports.hi)};
    case protocol::ParameterKind::FlagSet:
        return QJsonArray{};
    }
    return {};
}

// What the client says about a parameter beside the protocol's table
// (engine/protocol/Parameters.h, which owns its name, range, defaults and
// pktgen's name).
struct Words {
    const char *name;
    bool sweepable;
    const char *unit;
    const char *help;
    bool fromPort = false;
    // A pktgen run's text names it as the seeds do, not as pktgen takes it.
    const char *pktgenText = nullptr;
};

// In the table's order (checked below).
constexpr Words kWords[] = {
    {"burst", true, "packets",
     "packets per rte_eth_tx_burst() call (one doorbell), as kernel pktgen's burst (its default "
     "1 in a pktgen run); 1 = no bulking",
     false, "skb_burst"},
    {"clone", true, "packets",
     "times each mbuf is sent (by reference count) before the next is built, as kernel pktgen's "
     "clone_skb; 0 and 1 = every packet its own mbuf"},
    {"pkt_size", true, "bytes", "frame size as sent, without FCS; at most the port's MTU + 14",
     true},
    {"duration_ms", true, "ms", "step length"},
    {"warmup_ms", false, "ms", "sent but left out of the measured window; a sweep's --warmup-ms"},
    {"count", true, "packets",
     "packets to send; with duration_ms the step ends at whichever comes first"},
    {"queues", true, "queues", "TX queues, one TX lcore each; at most the engine's TX lcores",
     true},
    {"tx_desc", true, "descriptors", "TX ring descriptors per queue, within the port's limits",
     true},
    // pktgen's ratep counts sends of burst packets: a pktgen run's text
    // says packets, as the value is.
    {"rate_pps", true, "pps", "target rate, paced per TX lcore; 0 = unlimited", false, "rate_pps"},
    {"flows", true, "flows",
     "flows over fresh packets: flow f adds f to dst_ip and takes its UDP ports from udp_src and "
     "udp_dst"},
    {"timestamp", false, "",
     "the send time in every built packet: the TSC in burstlab's signature, for the sink's "
     "one-way latency; in a pktgen run pktgen's own header (false: flag NO_TIMESTAMP)"},
    {"stats_ms", false, "ms",
     "period of the live stats samples; unless set, a sweep takes about 20 a step "
     "(duration_ms/20, 20..100 ms), a pktgen sweep one each 500 ms"},
    {"profile_hz", false, "Hz",
     "samples per on-CPU second of each sending thread's profile over its measured window "
     "(the DPDK engine's TX lcores, pktgen's kpktgend threads: which functions the ns/packet "
     "go to); 0 = no profile; at most the kernel's perf_event_max_sample_rate",
     true},
    {"src_mac", false, "", "source MAC; the engine's default is the TX port's own", true},
    {"dst_mac", false, "", "destination MAC"},
    {"src_ip", false, "", "source IPv4 address"},
    {"dst_ip", false, "", "destination IPv4 address of flow 0"},
    {"udp_src", false, "",
     "UDP source ports: flow f uses lo + f % (hi - lo + 1); dynamic ports by default"},
    {"udp_dst", false, "", "UDP destination ports, counted like udp_src"},
    {"vlan", false, "",
     "802.1Q VLAN id of every packet; 0 = untagged. The 4-byte tag is part of pkt_size (at least "
     "64 with a tag)"},
    {"vlan_pcp", false, "", "802.1Q priority (PCP) of the tag; needs a vlan"},
    {"tos", true, "",
     "IPv4 type of service byte of every packet (DSCP << 2 | ECN, e.g. 184 = EF); a qdisc or "
     "receiver that classifies on it sees it. pktgen: tos, in hex"},
    {"skb_priority", true, "",
     "pktgen only: skb->priority of every packet, which picks a prio qdisc's band, an mqprio "
     "traffic class or a VLAN's egress priority"},
    {"frags", true, "fragments",
     "pktgen only: the payload in this many page fragments beyond the skb's head (a NIC's "
     "scatter-gather path); at most the kernel's net.core.max_skb_frags",
     true},
    {"xmit_mode", false, "",
     "pktgen only: where each skb goes: the driver (start_xmit), the receive path as if it "
     "arrived (netif_receive; clone 0) or the qdisc (queue_xmit; burst 1)"},
    {"flags", false, "",
     "pktgen only: pktgen's flags, comma-separated: UDPCSUM (a UDP checksum), QUEUE_MAP_CPU (the "
     "queue of the sending CPU), *_RND (each field at random within its range)",
     false, "flags"},
    {"dst6", false, "",
     "pktgen only: IPv6 destination; set, every packet is IPv6 (pkt_size at least 78, one flow, "
     "no tos); none = IPv4"},
    {"src6", false, "",
     "pktgen only: IPv6 source, with dst6; none = the device's link-local address"},
    {"traffic_class", true, "",
     "pktgen only: the IPv6 header's traffic class byte (DSCP << 2 | ECN), with dst6; pktgen "
     "takes it in hex"},
    {"node", false, "",
     "pktgen only: the NUMA node pktgen allocates its skbs on (flag NODE); -1 = the sending "
     "CPU's, as pktgen; at most the kernel's possible nodes",
     true},
    // Host settings: the engine sets them on its devices before the step and
    // puts them back as found: pktgen's host devices, the DPDK engine's
    // af_packet, AF_XDP and tap ports' interfaces (docs/kernel-pktgen.md,
    // "Host settings").
    {"gro", true, "",
     "host setting (ethtool -K gro): generic receive offload of the host device, set where it "
     "acts (--host-device: a veth pair's receiving end; DPDK: a sink port's interface); "
     "unchanged = as found"},
    {"gso", true, "", "host setting (ethtool -K gso): generic segmentation offload"},
    {"tso", true, "", "host setting (ethtool -K tso): TCP segmentation offload"},
    {"flow_control", true, "",
     "host setting (ethtool -A rx/tx): pause frames both ways on or off, autonegotiation as "
     "found"},
    {"tx_ring", true, "descriptors",
     "host setting (ethtool -G tx): the device's TX ring; -1 = unchanged, at most the "
     "driver's maximum"},
    {"rx_usecs", true, "us",
     "host setting (ethtool -C rx-usecs): RX interrupt coalescing; -1 = "
     "unchanged"},
    {"tx_usecs", true, "us",
     "host setting (ethtool -C tx-usecs): TX interrupt coalescing; -1 = "
     "unchanged"},
    {"txqueuelen", true, "packets",
     "host setting (ip link set txqueuelen): the device's queue length, which a fifo qdisc "
     "takes as its limit; -1 = unchanged"},
    {"bql_limit_max", true, "bytes",
     "host setting: every TX queue's byte_queue_limits/limit_max (sysfs, uid 0); -1 = "
     "unchanged"},
    {"qdisc", true, "",
     "host setting (tc qdisc replace dev DEV root): the root qdisc pktgen's queue_xmit (and "
     "af_packet without qdisc bypass) goes through; put back as the kernel's default"},
};

constexpr bool wordsFollowTable() {
    if (std::size(kWords) != protocol::kParameters.size())
        return false;
    for (std::size_t i = 0; i < std::size(kWords); ++i) {
        if (protocol::kParameters[i].name != kWords[i].name)
            return false;
    }
    return true;
}
static_assert(wordsFollowTable(), "every parameter of the protocol's table needs its words");

StepParameter fromTable(const Words &w) {
    const protocol::Parameter &p = protocol::parameter(w.name);
    StepParameter s;
    s.name = latin1(p.name);
    s.type = typeOf(p.kind);
    if (s.type == T::Integer || s.type == T::PortRange) {
        s.min = p.limit.lo;
        s.max = p.limit.hi;
        s.dpdkMax = protocol::dpdkLimitOf(p).hi;
    }
    for (std::string_view choice : p.choices)
        s.choices << latin1(choice);
    s.defaultValue = defaultOf(p);
    s.sweepable = w.sweepable;
    s.unit = QLatin1String(w.unit);
    s.help = QLatin1String(w.help);
    s.fromPort = w.fromPort;
    s.pktgen = latin1(p.pktgen);
    s.pktgenText = QLatin1String(w.pktgenText);
    s.pktgenFlag = latin1(p.pktgenFlagWhenFalse);
    s.dpdk = p.dpdk;
    s.host = p.host;
    if (p.pktgenValue)
        s.pktgenDefault =
            s.type == T::Boolean ? QJsonValue(*p.pktgenValue != 0) : integerOrNone(p.pktgenValue);
    return s;
}

// An older name: an integer port that sets the range it is an older form of.
StepParameter olderForm(const protocol::PortAlias &alias, const char *help) {
    const protocol::Parameter &of = protocol::parameter(alias.of);
    StepParameter s;
    s.name = latin1(alias.name);
    s.min = of.limit.lo;
    s.max = of.limit.hi;
    s.dpdkMax = protocol::dpdkLimitOf(of).hi;
    s.defaultValue = QJsonValue(QJsonValue::Undefined);
    s.help = QLatin1String(help);
    s.olderFormOf = latin1(alias.of);
    s.pktgen = latin1(alias.name);
    return s;
}

// Whether the pktgen engine takes it, and under which name when pktgen's
// own differs: "yes", "`clone_skb`", "no".
QString pktgenCell(const StepParameter &p) {
    if (!p.takenBy(EngineKind::Pktgen))
        return QStringLiteral("no");
    if (!p.pktgenFlag.isEmpty())
        return QStringLiteral("`flag %1` when false").arg(p.pktgenFlag);
    if (p.host)
        return QStringLiteral("host setting");
    if (!p.dpdk)
        return QStringLiteral("only pktgen");
    return p.pktgen == p.name ? QStringLiteral("yes") : QStringLiteral("`%1`").arg(p.pktgen);
}

// "32 (pktgen 1)": the table's default, and a pktgen run's where it differs.
QString defaultsText(const StepParameter &p) {
    QString text = p.defaultValue.isUndefined() ? QStringLiteral("none") : p.text(p.defaultValue);
    if (!p.pktgenDefault.isUndefined())
        text += QStringLiteral(" (pktgen %1)").arg(p.text(p.pktgenDefault));
    return text;
}

// "1..65536 (DPDK 1..512)": what a value may be, and the DPDK engine's
// narrower range where pktgen takes more.
QString allowedByKind(const StepParameter &p) {
    if (p.dpdkMax == p.max || !p.dpdk)
        return p.allowed();
    return QStringLiteral("%1 (DPDK %2..%3)").arg(p.allowed()).arg(p.min).arg(p.dpdkMax);
}

QString cell(QString text) {
    return text.replace(QLatin1Char('|'), QLatin1String("\\|"));
}

} // namespace

const QList<StepParameter> &StepParameters::all() {
    static const QList<StepParameter> table = [] {
        QList<StepParameter> t;
        for (const Words &w : kWords)
            t.append(fromTable(w));
        t.append(olderForm(protocol::kPortAliases[0], "older form: src_port P is udp_src P-65535"));
        t.append(olderForm(protocol::kPortAliases[1], "older form: dst_port P is udp_dst P-P"));
        return t;
    }();
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

QStringList StepParameters::hostSettings() {
    QStringList names;
    for (const StepParameter &p : all()) {
        if (p.host)
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
    return kind == EngineKind::Dpdk ? dpdk : !pktgen.isEmpty();
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
    case T::Ipv6:
        return QStringLiteral("IPv6");
    case T::PortRange:
        return QStringLiteral("port range");
    case T::Choice:
        return QStringLiteral("choice");
    case T::FlagSet:
        return QStringLiteral("flags");
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
    case T::Ipv6:
        return QStringLiteral("an IPv6 address or none");
    case T::PortRange:
        return QStringLiteral("LO-HI within %1..%2").arg(min).arg(max);
    case T::Choice:
        return QStringList(choices.mid(0, choices.size() - 1)).join(QStringLiteral(", ")) +
               QStringLiteral(" or ") + choices.constLast();
    case T::FlagSet:
        return QStringLiteral("none or some of ") + choices.join(QStringLiteral(","));
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
    case T::Ipv6:
        if (t.isEmpty() || t == QLatin1String("none"))
            return QJsonValue(QString());
        if (const QString canonical = canonicalIpv6(t); !canonical.isEmpty())
            return QJsonValue(canonical);
        break;
    case T::PortRange:
        if (const auto m = portRange.match(t); m.hasMatch()) {
            const qint64 lo = m.captured(1).toLongLong();
            const qint64 hi = m.captured(2).isEmpty() ? lo : m.captured(2).toLongLong();
            return QJsonValue(QJsonArray{lo, hi});
        }
        break;
    case T::Choice:
        if (choices.contains(t))
            return QJsonValue(t);
        break;
    case T::FlagSet: {
        const QStringList words =
            t == QLatin1String("none") ? QStringList() : t.split(u',', Qt::KeepEmptyParts);
        QJsonArray set;
        for (const QString &flag : choices) {
            if (words.count(flag) == 1)
                set.append(flag);
        }
        if (set.size() == words.size())
            return QJsonValue(set);
        break;
    }
    }
    if (why && (type == T::Choice || type == T::FlagSet))
        *why = QStringLiteral("%1 must be %2, got '%3'").arg(name, allowed(), text);
    else if (why)
        *why = QStringLiteral("%1 must be %2 (%3), got '%4'")
                   .arg(name, type == T::Integer ? QStringLiteral("an integer") : typeName(),
                        allowed(), text);
    return std::nullopt;
}

QString StepParameter::text(const QJsonValue &value) {
    // An address parameter's none (dst6's default).
    if (value.isString() && value.toString().isEmpty())
        return QStringLiteral("none");
    if (value.isBool())
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.isDouble())
        return QString::number(value.toInteger());
    if (value.isArray() && (value.toArray().isEmpty() || value.toArray().at(0).isString())) {
        QStringList words;
        for (const QJsonValue &word : value.toArray())
            words << word.toString();
        return words.isEmpty() ? QStringLiteral("none") : words.join(u',');
    }
    if (value.isArray()) {
        const QJsonArray a = value.toArray();
        return QStringLiteral("%1-%2").arg(a.at(0).toInteger()).arg(a.at(1).toInteger());
    }
    return value.toString();
}

QString StepParameter::netdevText(const QJsonValue &value, EngineKind kind) const {
    if (kind == EngineKind::Pktgen && type == T::FlagSet && !value.toArray().isEmpty()) {
        QStringList flags;
        for (const QJsonValue &flag : value.toArray())
            flags << QStringLiteral("flag ") + flag.toString();
        return flags.join(u' ');
    }
    if (kind == EngineKind::Pktgen && !pktgenFlag.isEmpty())
        return QStringLiteral("flag ") + (value.toBool() ? QStringLiteral("!") : QString()) +
               pktgenFlag;
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

qint64 StepParameter::maxFor(EngineKind kind) const {
    return kind == EngineKind::Dpdk ? dpdkMax : max;
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
            p.type == T::Boolean || p.type == T::Mac || p.type == T::Ipv4 || p.type == T::Ipv6
                ? QString()
                : allowedByKind(p);
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
                               : p.host  ? QStringLiteral("; host setting (pktgen's devices; "
                                                           "DPDK's af_packet, AF_XDP, tap ports)")
                               : !p.dpdk ? QStringLiteral("; pktgen only")
                               : p.pktgen == p.name
                                   ? QStringLiteral("; dpdk and pktgen")
                                   : QStringLiteral("; dpdk and pktgen (%1)").arg(p.pktgen);
        lines << QStringLiteral("%1 (%2, %3; default %4%5%6): %7")
                     .arg(p.name, p.typeName(), allowedByKind(p), fallback,
                          p.sweepable ? QStringLiteral("; sweepable") : QString(), pktgen, p.help);
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

} // namespace burstlab
