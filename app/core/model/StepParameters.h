#pragma once
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>
#include <QtGlobal>
#include <optional>

#include "model/EngineKind.h"

namespace burstlab {

// How a step parameter's value is written: in the protocol (JSON) and as
// text (command line, GUI field, netdev text).
enum class ParameterType {
    Integer,   // a JSON integer in min..max
    Boolean,   // true or false
    Mac,       // "xx:xx:xx:xx:xx:xx"
    Ipv4,      // "a.b.c.d"
    Ipv6,      // RFC 5952's form, or "" for none (as text: none)
    PortRange, // [lo,hi] with min <= lo <= hi <= max; as text LO-HI (or one port P)
    Choice,    // one of choices, as a string
    FlagSet,   // some of choices, as an array of strings; as text A,B (or none)
};

// One engine step parameter, described once. The CLI's --set/--sweep help
// and checks, the GUI's setup fields and tooltips, the sweep rules, the
// netdev text and the docs' parameter table (`burstlab-cli parameters
// --format md`) all read it from StepParameters::all(). The engine checks
// every value again (it is the security boundary) and says its own ranges
// in its hello, which a test compares with this table.
struct StepParameter {
    QString name; // the protocol's name (fixed)
    ParameterType type = ParameterType::Integer;
    qint64 min = 0;          // Integer, and each end of a PortRange
    qint64 max = 0;          // the widest: pktgen's where it takes more
    qint64 dpdkMax = 0;      // the DPDK engine's
    QStringList choices;     // a Choice's words, a FlagSet's flags
    QJsonValue defaultValue; // the protocol's form; undefined: none (count)
    bool sweepable = false;  // a sweep may vary it (--sweep, the GUI's axes)
    QString unit;            // "packets", "bytes", "ms", "pps"; empty: none
    QString help;            // one line
    // How netdev text prints it: %1 is the value as text. Empty: NAME=%1.
    QString netdev;
    // The engine narrows the range to its port or lcores (the hello's is a
    // part of the table's), or takes the default from its port.
    bool fromPort = false;
    // The parameter this one is an older name for (src_port: udp_src), or
    // empty. Older names are accepted but not offered (GUI fields, docs).
    QString olderFormOf;
    // The name kernel pktgen takes it under in its control file (burst,
    // clone_skb, pkt_size), which `parameters` shows; empty: the pktgen
    // engine does not take it.
    QString pktgen;
    // The name a pktgen run's text gives it where it differs from pktgen's
    // (burst: skb_burst, the name of seed 000's tables); empty: pktgen's.
    QString pktgenText;
    // A pktgen run's default where it differs (burst: pktgen's own 1, so that
    // a run with no burst set is what pktgen users mean); undefined: the same.
    QJsonValue pktgenDefault{QJsonValue::Undefined};
    // The pktgen flag a false value sets (timestamp: NO_TIMESTAMP), which a
    // pktgen run's text shows as pktgen's scripts write it.
    QString pktgenFlag;
    // Whether the DPDK engine takes it (skb_priority and frags are the
    // kernel's only).
    bool dpdk = true;
    // A setting of the sending host's device (gro, qdisc, ...), which the
    // engine sets before the step and puts back as found; the step's
    // finished message says what it read back (StepFinished::hostSettings).
    bool host = false;

    // "integer", "true/false", "MAC", "IPv4", "IPv6", "port range", "choice",
    // "flags".
    QString typeName() const;
    // What a value may be: "1..512", "true or false", "LO-HI within 0..65535",
    // "start_xmit, netif_receive or queue_xmit".
    QString allowed() const;
    // A value as typed (--set NAME=TEXT, a GUI field) in the protocol's
    // form; nullopt with *why for text of the wrong syntax. Ranges are the
    // limits' to check (StepLimits::check).
    std::optional<QJsonValue> parse(const QString &text, QString *why) const;
    // The protocol's value as it is typed: "32", "true", "50000-53999",
    // "UDPCSUM,QUEUE_MAP_CPU", "none" (no flag, no address).
    static QString text(const QJsonValue &value);
    // The protocol's value in netdev text: "pkt_size=64"; a pktgen run's
    // under pktgen's name: "clone_skb=64", "flag NO_TIMESTAMP", "flag UDPCSUM
    // flag QUEUE_MAP_CPU".
    QString netdevText(const QJsonValue &value, EngineKind kind = EngineKind::Dpdk) const;
    // The name a run's text gives it: pktgen's for a pktgen run, else its own.
    QString textName(EngineKind kind) const;
    // The largest value an engine of this kind takes by the table (max, or
    // the DPDK engine's narrower dpdkMax).
    qint64 maxFor(EngineKind kind) const;
    // The table's default for a run of this kind (pktgenDefault, defaultValue).
    QJsonValue defaultFor(EngineKind kind) const;
    // Whether an engine of this kind takes the parameter (the CLI and GUI
    // offer a run's engine only those).
    bool takenBy(EngineKind kind) const;
};

struct StepParameters {
    // Every step parameter the engine takes, in the protocol's order.
    static const QList<StepParameter> &all();
    static const StepParameter *find(const QString &name);
    // A parameter's default: the engine's (engineDefaults, its hello's
    // "defaults") where it says one, else the table's for the engine's kind;
    // undefined where neither has one (count). Before an engine is known,
    // the table's.
    static QJsonValue defaultOf(const QString &name, EngineKind kind,
                                const QJsonObject &engineDefaults = {});
    // THE value a sweep gives a parameter: its fixed value, else defaultOf.
    // The setup text, the command line, the matching of runs and the GUI's
    // fields all take it from here (Run::parameterValue).
    static QJsonValue valueOf(const QString &name, const QJsonObject &fixed, EngineKind kind,
                              const QJsonObject &engineDefaults = {});
    // The parameters a run's setup text always names, at their defaults too
    // when a sweep neither varies nor sets them: burst and clone, the two a
    // reader of a table must know (a pktgen clone_skb table at burst 32 is
    // another experiment than pktgen's own at burst 1).
    static QStringList alwaysStated();
    // The names a sweep may vary, in table order.
    static QStringList sweepable();
    // The host settings, in table order.
    static QStringList hostSettings();
    // The names an engine of this kind takes, in table order, older forms
    // left out: what a refusal lists.
    static QStringList takenBy(EngineKind kind);
    // The name a run's text gives a parameter (textName); a name that is not
    // a parameter as it is.
    static QString textName(const QString &name, EngineKind kind);
    // Why an engine of this kind cannot be given the parameter, naming what
    // it takes; empty when it takes it (or it is not a parameter: that is
    // another refusal).
    static QString notTakenBy(const QString &name, EngineKind kind);
    // The table for docs/protocol.md (and `burstlab-cli parameters --format
    // md`); olderFormOf entries in one line below it. Plain text otherwise.
    static QString markdown();
    static QString text();
};

} // namespace burstlab
