#include "exchange/PktgenImport.h"
#include "exchange/ImportChecks.h"
#include "exchange/ImportLimits.h"
#include "model/StepParameters.h"
#include <QJsonArray>
#include <QRegularExpression>
#include <cmath>
#include <tuple>

namespace burstlab {

namespace {

// From the kernel's pktgen_if_show(): "Result: OK: %llu(c%llu+d%llu) usec,
// %llu (%dbyte,%dfrags)" then "  %llupps %lluMb/sec (%llubps) errors: %llu".
// The numbers are taken loosely and checked one by one.
const QRegularExpression resultOk(QStringLiteral(
    "^Result: OK: (\\S+)\\(c(\\S+)\\+d(\\S+)\\) usec, (\\S+) \\((\\S+)byte,(\\S+)frags\\)"));
const QRegularExpression
    rateLine(QStringLiteral("^\\s*(\\S+)pps (\\S+)Mb/sec \\((\\S+)bps\\) errors: (\\S+)"));
const QRegularExpression integerText(QStringLiteral("^[-+]?\\d+$"));
const QRegularExpression nameText(QStringLiteral("^[a-z_]+$"));
const QRegularExpression keyText(QStringLiteral("^[A-Za-z_]+:$"));

// A rate that disagrees with its own count and time by more than this is
// not what pktgen printed.
constexpr double maxRateMismatch = 0.005;

struct Param {
    QString value;
    qsizetype line = 0;
    qsizetype column = -1; // where value starts in its line
};

// One device's output: its "Params:" values and its result.
struct Device {
    QHash<QString, Param> params;
    std::optional<StepResult> result;
    qsizetype resultLine = 0;
    QString ifname;
};

// "count 10000000  min_pkt_size: 60  dst_max: " -> count, min_pkt_size, dst_max.
void readParams(Device &device, const QString &line, qsizetype n) {
    static const QRegularExpression word(QStringLiteral("\\S+"));
    QList<QRegularExpressionMatch> words;
    for (auto it = word.globalMatch(line); it.hasNext();)
        words << it.next();
    for (qsizetype i = 0; i < words.size(); ++i) {
        const QString w = words[i].captured();
        const bool hasNext = i + 1 < words.size();
        const QString next = hasNext ? words[i + 1].captured() : QString();
        const Param value{next, n, hasNext ? words[i + 1].capturedStart() : -1};
        if (w == QLatin1String("Params:"))
            continue;
        // "Flags: NO_TIMESTAMP  FLOW_SEQ": every word after it is a flag.
        if (w == QLatin1String("Flags:")) {
            QStringList flags;
            for (qsizetype f = i + 1; f < words.size(); ++f)
                flags << words[f].captured();
            device.params.insert(QStringLiteral("flags"), Param{flags.join(u' '), n, value.column});
            break;
        }
        if (w.endsWith(QLatin1Char(':'))) {
            // An IPv6 address may end in a colon too ("::", "fd00::").
            const bool hasValue = !next.isEmpty() && !keyText.match(next).hasMatch();
            device.params.insert(w.chopped(1), hasValue ? value : Param{QString(), n});
            i += hasValue ? 1 : 0;
        } else if (nameText.match(w).hasMatch() && integerText.match(next).hasMatch()) {
            device.params.insert(w, value); // "count 10000000"
            ++i;
        }
    }
}

struct Reader {
    const QStringList &lines;
    QString *error;
    QStringList warnings;

    bool fail(qsizetype n, const QString &why, qsizetype column = -1) {
        if (error)
            *error = ImportChecks::atLine(n, lines[n], why, column);
        return false;
    }
    // A number that a pattern took from line n, as its group says.
    std::optional<qint64> number(qsizetype n, const QString &what, const QRegularExpressionMatch &m,
                                 int group, bool zeroAllowed) {
        QString why;
        const auto v = ImportChecks::count(m.captured(group), zeroAllowed, &why);
        if (!v)
            fail(n, QStringLiteral("%1: %2").arg(what, why), m.capturedStart(group));
        return v;
    }
    void warn(qsizetype n, const QString &why) {
        warnings << QStringLiteral("line %1: %2").arg(n + 1).arg(why);
    }

    bool readResult(Device &device, qsizetype n) {
        const auto ok = resultOk.match(lines[n]);
        if (!ok.hasMatch())
            return fail(n, QStringLiteral("pktgen did not report OK"));
        const auto rate =
            n + 1 < lines.size() ? rateLine.match(lines[n + 1]) : QRegularExpressionMatch();
        if (!rate.hasMatch())
            return fail(n, QStringLiteral("no 'NNNpps NNMb/sec' line follows"));
        const auto usec = number(n, QStringLiteral("usec"), ok, 1, false);
        const auto busy = usec ? number(n, QStringLiteral("c"), ok, 2, true) : usec;
        const auto idle = busy ? number(n, QStringLiteral("d"), ok, 3, true) : busy;
        const auto packets = idle ? number(n, QStringLiteral("packets"), ok, 4, false) : idle;
        const auto bytes = packets ? number(n, QStringLiteral("byte"), ok, 5, false) : packets;
        const auto frags = bytes ? number(n, QStringLiteral("frags"), ok, 6, true) : bytes;
        const auto pps = frags ? number(n + 1, QStringLiteral("pps"), rate, 1, false) : frags;
        const auto mbps = pps ? number(n + 1, QStringLiteral("Mb/sec"), rate, 2, true) : pps;
        const auto bps = mbps ? number(n + 1, QStringLiteral("bps"), rate, 3, true) : mbps;
        const auto errors = bps ? number(n + 1, QStringLiteral("errors"), rate, 4, true) : bps;
        if (!errors)
            return false;
        const double expected = double(*packets) * 1e6 / double(*usec);
        const double off = std::fabs(double(*pps) - expected) / expected;
        if (off > maxRateMismatch)
            return fail(n + 1,
                        QStringLiteral("%1 pps disagrees with %2 packets in %3 usec "
                                       "(%4 pps) by %5%")
                            .arg(*pps)
                            .arg(*packets)
                            .arg(*usec)
                            .arg(std::llround(expected))
                            .arg(off * 100, 0, 'f', 2),
                        rate.capturedStart(1));
        // pktgen rounds each of the three to whole microseconds on its own.
        if (std::abs(*busy + *idle - *usec) > 1)
            warn(n, QStringLiteral("c%1 + d%2 is not the %3 usec total")
                        .arg(*busy)
                        .arg(*idle)
                        .arg(*usec));
        const double bitsExpected = double(*pps) * 8.0 * double(*bytes);
        if (std::fabs(double(*bps) - bitsExpected) > bitsExpected * maxRateMismatch)
            warn(n + 1, QStringLiteral("%1 bps is not %2 pps x %3 bytes x 8")
                            .arg(*bps)
                            .arg(*pps)
                            .arg(*bytes));
        if (*errors > 0)
            warn(n + 1, QStringLiteral("pktgen counted %1 errors").arg(*errors));

        StepResult r;
        r.status = RunStatus::Completed;
        r.pps = double(*pps);
        r.txPkts = *packets;
        r.elapsedNs = *usec * 1000;
        QJsonObject params;
        for (auto it = device.params.begin(); it != device.params.end(); ++it)
            params.insert(it.key(), it.value().value);
        r.recorded = {{QStringLiteral("pps"), r.pps},
                      {QStringLiteral("tx_pkts"), r.txPkts},
                      {QStringLiteral("elapsed_ns"), r.elapsedNs},
                      {QStringLiteral("pkt_size"), *bytes},
                      {QStringLiteral("frags"), *frags},
                      {QStringLiteral("bps_l2"), double(*bps)},
                      {QStringLiteral("errors"), *errors},
                      {QStringLiteral("params"), params},
                      {QStringLiteral("line"), lines[n].trimmed()}};
        device.result = r;
        device.resultLine = n;
        // The size sent, as the result says it.
        device.params.insert(QStringLiteral("pkt_size"),
                             Param{QString::number(*bytes), n, ok.capturedStart(5)});
        return true;
    }
};

// The dotted IPv4 address n after text ("198.18.0.2" + 3 = "198.18.0.5"),
// empty when text is not one.
QString ipv4After(const QString &text, qint64 n) {
    const QStringList parts = text.split(u'.');
    quint32 address = 0;
    for (const QString &part : parts) {
        bool ok = false;
        const uint octet = part.toUInt(&ok);
        if (!ok || octet > 255 || parts.size() != 4)
            return {};
        address = address << 8 | octet;
    }
    address += quint32(n);
    return QStringLiteral("%1.%2.%3.%4")
        .arg(address >> 24)
        .arg(address >> 16 & 0xff)
        .arg(address >> 8 & 0xff)
        .arg(address & 0xff);
}

// A device's Params block in burstlab's names and forms, as a live pktgen
// run records the settings it wrote (engine/pktgen: settingsOf is the other
// way round), so that a dump and a live run of the same settings compare
// equal: dst_min is dst_ip, udp_src_min and _max are udp_src "9-9", the
// queue map is queues, delay is rate_pps, pktgen's flows 0 is one flow. What
// only says pktgen's default (frags 0, no MAC counts, the device's own
// source MAC and address) goes; what burstlab has no name for stays under
// pktgen's.
void inOurNames(Device &d) {
    QHash<QString, Param> &p = d.params;
    const auto take = [&p](const char *name) { return p.take(QLatin1String(name)); };
    const auto put = [&p](const char *name, const Param &from, const QString &value) {
        p.insert(QLatin1String(name), Param{value, from.line, from.column});
    };
    // Only whole numbers are translated: anything else stays under pktgen's
    // name, where the checks below refuse it naming its line.
    const auto number = [&p](const char *name) {
        QString why;
        return ImportChecks::count(p.value(QLatin1String(name)).value, true, &why);
    };
    const auto rename = [&](const char *from, const char *to) {
        if (p.contains(QLatin1String(from))) {
            const Param value = take(from);
            put(to, value, value.value);
        }
    };
    rename("clone_skb", "clone");
    rename("vlan_id", "vlan");
    rename("vlan_p", "vlan_pcp");
    // pktgen prints its queue_xmit mode as xmit_queue.
    if (p.value(QStringLiteral("xmit_mode")).value == QLatin1String("xmit_queue"))
        put("xmit_mode", take("xmit_mode"), QStringLiteral("queue_xmit"));
    // pktgen prints its TOS and traffic class bytes in hex ("tos: 0x2e"),
    // each only when it is set.
    for (const char *name : {"tos", "traffic_class"}) {
        if (const QString hex = p.value(QLatin1String(name)).value; hex.startsWith(u"0x")) {
            bool ok = false;
            const uint byte = hex.mid(2).toUInt(&ok, 16);
            if (ok && byte <= 255 && hex.size() <= 4)
                put(name, take(name), QString::number(byte));
        }
    }
    // An IPv6 entry prints its addresses as saddr and daddr, each beside a
    // range (min_/max_, :: unless set). burstlab writes dst6 itself,
    // samples/pktgen's -6 a range of one address; saddr :: is the device's.
    const QString none6 = QStringLiteral("::");
    for (const auto &[one, min, max, ours] :
         {std::tuple{"saddr", "min_saddr", "max_saddr", "src6"},
          std::tuple{"daddr", "min_daddr", "max_daddr", "dst6"}}) {
        const QString lo = p.value(QLatin1String(min)).value;
        if (lo == p.value(QLatin1String(max)).value && !lo.isEmpty()) {
            const Param range = take(min);
            take(max);
            if (lo != none6 && p.value(QLatin1String(one)).value == none6)
                put(one, range, lo);
        }
        if (p.value(QLatin1String(one)).value == none6)
            take(one);
        rename(one, ours);
    }
    // min/max_pkt_size say what pkt_size (the result's size) says.
    take("min_pkt_size");
    if (p.value(QStringLiteral("max_pkt_size")).value == p.value(QStringLiteral("pkt_size")).value)
        take("max_pkt_size");
    for (const char *name : {"frags", "src_mac_count", "dst_mac_count", "vlan_cfi"}) {
        if (p.value(QLatin1String(name)).value == QLatin1String("0"))
            take(name);
    }
    d.ifname = take("ifname").value; // the run's name and port say it
    if (p.value(QStringLiteral("src_mac")).value == QLatin1String("00:00:00:00:00:00"))
        take("src_mac"); // the device's own
    const qint64 flows = std::max<qint64>(number("flows").value_or(1), 1);
    if (number("flows"))
        put("flows", p.value(QStringLiteral("flows")), QString::number(flows));
    if (const QString len = p.value(QStringLiteral("flowlen")).value;
        len == QLatin1String("0") || (flows > 1 && len == QLatin1String("1")))
        take("flowlen");
    // An address range: its first address; the last is the flows' (dst) or
    // the same (src), else the range stays as pktgen's.
    const auto address = [&](const char *min, const char *max, const char *ours, qint64 span) {
        const Param first = p.value(QLatin1String(min));
        const QString last = p.value(QLatin1String(max)).value;
        if (first.value.isEmpty()) {
            take(min); // pktgen's default: the device's own address
            if (last.isEmpty())
                take(max);
            return;
        }
        if (last.isEmpty() || last == first.value || ipv4After(first.value, span - 1) == last) {
            take(min);
            take(max);
            put(ours, first, first.value);
        }
    };
    address("src_min", "src_max", "src_ip", 1);
    address("dst_min", "dst_max", "dst_ip", flows);
    // A range as "lo-hi" (a port range), or as its size (the queue map).
    const auto range = [&](const char *min, const char *max, const char *ours, bool size) {
        const auto lo = number(min);
        const auto hi = number(max);
        if (!lo || !hi || *lo > *hi)
            return;
        const Param from = take(min);
        take(max);
        put(ours, from,
            size ? QString::number(*hi - *lo + 1) : StepParameter::text(QJsonArray{*lo, *hi}));
    };
    range("udp_src_min", "udp_src_max", "udp_src", false);
    range("udp_dst_min", "udp_dst_max", "udp_dst", false);
    range("queue_map_min", "queue_map_max", "queues", true);
    // pktgen waits delay ns between sends of burst packets each.
    if (const auto ns = number("delay")) {
        const qint64 burst = std::max<qint64>(number("burst").value_or(1), 1);
        put("rate_pps", take("delay"),
            QString::number(*ns > 0 ? std::llround(1e9 * double(burst) / double(*ns)) : 0));
    }
    // FLOW_SEQ is what burstlab's flows mean, SHARED pktgen's default (6.10
    // on print it), IPV6 and NODE what dst6 and node set; a flag a boolean
    // parameter stands for (NO_TIMESTAMP) is that parameter, the flags
    // parameter holds those it takes. What is left stays as pktgen prints
    // it, under its name.
    if (p.contains(QStringLiteral("flags"))) {
        const Param from = take("flags");
        QStringList flags = from.value.split(u' ', Qt::SkipEmptyParts);
        if (flows > 1)
            flags.removeAll(QStringLiteral("FLOW_SEQ"));
        flags.removeAll(QStringLiteral("SHARED"));
        // What dst6 and node set, as a live run writes them.
        if (p.contains(QStringLiteral("dst6")))
            flags.removeAll(QStringLiteral("IPV6"));
        if (p.contains(QStringLiteral("node")))
            flags.removeAll(QStringLiteral("NODE"));
        QStringList taken;
        for (const StepParameter &parameter : StepParameters::all()) {
            if (!parameter.pktgenFlag.isEmpty() && flags.removeAll(parameter.pktgenFlag) > 0)
                p.insert(parameter.name, Param{QStringLiteral("false"), from.line, from.column});
            for (const QString &flag :
                 parameter.type == ParameterType::FlagSet ? parameter.choices : QStringList()) {
                if (flags.removeAll(flag) > 0)
                    taken << flag;
            }
        }
        if (!taken.isEmpty())
            put("flags", from, taken.join(u','));
        flags.sort();
        if (!flags.isEmpty())
            put("Flags", from, flags.join(u' '));
    }
}

// Every parameter by our name: its value per device with a result.
struct Parameters {
    QStringList names; // in the order the axes are chosen from
    QHash<QString, QList<Param>> values;
};

Parameters parametersOf(const QList<Device> &devices) {
    Parameters p;
    QStringList seen;
    for (const Device &d : devices) {
        for (auto it = d.params.begin(); it != d.params.end(); ++it) {
            if (!seen.contains(it.key()))
                seen << it.key();
        }
    }
    std::sort(seen.begin(), seen.end());
    // The experiment's own knobs first, so the chart's x axis is burst when it varies.
    for (const QString &name : {QStringLiteral("burst"), QStringLiteral("clone"),
                                QStringLiteral("pkt_size"), QStringLiteral("count")}) {
        if (seen.removeAll(name) > 0 || name == QLatin1String("burst"))
            p.names << name;
    }
    p.names << seen;
    for (const Device &d : devices) {
        for (const QString &name : p.names) {
            // pktgen prints "burst" only when it is not 1.
            const Param fallback{name == QLatin1String("burst") ? QStringLiteral("1") : QString(),
                                 d.resultLine};
            p.values[name] << d.params.value(name, fallback);
        }
    }
    return p;
}

bool varies(const QList<Param> &values) {
    return std::any_of(values.begin(), values.end(),
                       [&](const Param &v) { return v.value != values.first().value; });
}

} // namespace

std::optional<RunData> PktgenImport::parse(const QString &text, const QString &label,
                                           QString *error) {
    QList<Device> devices;
    const QStringList lines = text.split(QLatin1Char('\n'));
    Reader reader{lines, error, {}};
    bool inParams = false;
    qsizetype results = 0;
    for (qsizetype n = 0; n < lines.size(); ++n) {
        const QString &line = lines[n];
        if (line.startsWith(QLatin1String("Params:"))) {
            devices << Device{};
            inParams = true;
        } else if (line.startsWith(QLatin1String("Current:"))) {
            inParams = false;
        } else if (line.startsWith(QLatin1String("Result:"))) {
            inParams = false;
            if (tooManyImportRows(++results, error))
                return std::nullopt;
            // A result without its own Params block belongs to a device of its own.
            if (devices.isEmpty() || devices.last().result)
                devices << Device{};
            if (!reader.readResult(devices.last(), n))
                return std::nullopt;
        }
        if (inParams)
            readParams(devices.last(), line, n);
    }
    devices.removeIf([](const Device &d) { return !d.result; });
    for (Device &d : devices)
        inOurNames(d);
    if (devices.isEmpty()) {
        if (error)
            *error = QStringLiteral("no pktgen 'Result: OK:' block found");
        return std::nullopt;
    }

    RunData data;
    Run &run = data.run;
    run.label = label;
    run.source = QStringLiteral("import:pktgen");
    // pktgen measured it: its text names the parameters as a live pktgen run's does.
    run.spec.engine.kind = EngineKind::Pktgen;
    run.status = RunStatus::Completed;
    // pktgen records each result's own count and time (kept in its totals),
    // and nothing of repetitions, order or seed.
    ImportChecks::asPosted(run.spec);
    run.spec.importWarnings = reader.warnings;

    // Every parameter that varies across the results is an axis (burst
    // when none does); the others are what the source fixed.
    const Parameters params = parametersOf(devices);
    QStringList axes;
    for (const QString &name : params.names) {
        if (varies(params.values.value(name)))
            axes << name;
    }
    if (axes.isEmpty())
        axes << QStringLiteral("burst");
    QHash<QString, bool> numeric;
    for (const QString &name : params.names) {
        const QList<Param> &values = params.values.value(name);
        // A value under one of our names is one that name takes, or no run.
        const StepParameter *known = StepParameters::find(name);
        for (const Param &v : values) {
            QString why;
            if (known && !v.value.isEmpty() && !known->parse(v.value, &why)) {
                if (error)
                    *error = ImportChecks::atLine(v.line, lines[v.line], why, v.column);
                return std::nullopt;
            }
        }
        numeric[name] = std::all_of(values.begin(), values.end(), [](const Param &v) {
            return integerText.match(v.value).hasMatch();
        });
        if (!numeric[name])
            continue;
        for (const Param &v : values) {
            QString why;
            if (!ImportChecks::count(v.value, true, &why)) {
                if (error)
                    *error = ImportChecks::atLine(
                        v.line, lines[v.line], QStringLiteral("%1: %2").arg(name, why), v.column);
                return std::nullopt;
            }
        }
    }
    for (const QString &name : axes)
        run.spec.axes << Axis{name, {}};
    for (const QString &name : params.names) {
        const Param &first = params.values.value(name).first();
        if (axes.contains(name) || first.value.isEmpty())
            continue;
        // A true/false setting or a set of flags is stored as a live run stores it.
        const StepParameter *known = StepParameters::find(name);
        if (known &&
            (known->type == ParameterType::Boolean || known->type == ParameterType::FlagSet))
            run.spec.fixed.insert(name, known->parse(first.value, nullptr).value_or(first.value));
        else
            run.spec.fixed.insert(name, numeric[name] ? QJsonValue(first.value.toLongLong())
                                                      : QJsonValue(first.value));
    }
    for (qsizetype i = 0; i < devices.size(); ++i) {
        StepResult result = *devices[i].result;
        for (const QString &name : axes) {
            const QString &value = params.values.value(name)[i].value;
            result.point.values << (numeric[name] ? AxisValue(value.toLongLong())
                                                  : AxisValue(value));
        }
        for (qsizetype a = 1; a < axes.size(); ++a) {
            if (!run.spec.axes[a].values.contains(result.point.values[a]))
                run.spec.axes[a].values << result.point.values[a];
        }
        data.appendResult(result);
    }
    QStringList ifnames;
    for (const Device &d : devices) {
        if (!d.ifname.isEmpty() && !ifnames.contains(d.ifname))
            ifnames << d.ifname;
    }
    run.name = QStringLiteral("pktgen %1").arg(ifnames.join(QStringLiteral(", "))).trimmed();
    if (ifnames.size() == 1)
        run.fingerprint.insert(QStringLiteral("port_name"), ifnames.first());
    return data;
}

} // namespace burstlab
