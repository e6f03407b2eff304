#include "exchange/PktgenImport.h"
#include "exchange/ImportLimits.h"
#include <QRegularExpression>

namespace burstlab {

namespace {

// From the kernel's pktgen_if_show(): "Result: OK: %llu(c%llu+d%llu) usec,
// %llu (%dbyte,%dfrags)" then "  %llupps %lluMb/sec (%llubps) errors: %llu".
const QRegularExpression resultOk(QStringLiteral(
    "^Result: OK: (\\d+)\\(c(\\d+)\\+d(\\d+)\\) usec, (\\d+) \\((\\d+)byte,(\\d+)frags\\)"));
const QRegularExpression
    rateLine(QStringLiteral("^\\s*(\\d+)pps (\\d+)Mb/sec \\((\\d+)bps\\) errors: (\\d+)"));
const QRegularExpression param(QStringLiteral("\\b(\\w+):\\s+(\\S+)"));

// One device's output: its "Params:" values and its result.
struct Device {
    QHash<QString, QString> params;
    std::optional<StepResult> result;
};

bool failLine(QString *error, qsizetype n, const QString &line, const QString &why) {
    if (error)
        *error = QStringLiteral("line %1: '%2': %3").arg(n + 1).arg(line.trimmed(), why);
    return false;
}

bool readResult(Device &device, const QStringList &lines, qsizetype n, QString *error) {
    const auto ok = resultOk.match(lines[n]);
    if (!ok.hasMatch())
        return failLine(error, n, lines[n], QStringLiteral("pktgen did not report OK"));
    const auto rate =
        n + 1 < lines.size() ? rateLine.match(lines[n + 1]) : QRegularExpressionMatch();
    if (!rate.hasMatch())
        return failLine(error, n, lines[n], QStringLiteral("no 'NNNpps NNMb/sec' line follows"));
    StepResult r;
    r.status = RunStatus::Completed;
    r.pps = rate.captured(1).toDouble();
    r.nsPerPkt = r.pps > 0 ? 1e9 / r.pps : 0;
    r.txPkts = ok.captured(4).toLongLong();
    r.elapsedNs = ok.captured(1).toLongLong() * 1000;
    r.totals = {{QStringLiteral("pps"), r.pps},
                {QStringLiteral("tx_pkts"), r.txPkts},
                {QStringLiteral("elapsed_ns"), r.elapsedNs},
                {QStringLiteral("ns_per_pkt"), r.nsPerPkt},
                {QStringLiteral("pkt_size"), ok.captured(5).toInt()},
                {QStringLiteral("frags"), ok.captured(6).toInt()},
                {QStringLiteral("bps_l2"), rate.captured(3).toDouble()},
                {QStringLiteral("errors"), rate.captured(4).toLongLong()},
                {QStringLiteral("line"), lines[n].trimmed()}};
    device.result = r;
    return true;
}

} // namespace

std::optional<RunData> PktgenImport::parse(const QString &text, const QString &label,
                                           QString *error) {
    QList<Device> devices;
    const QStringList lines = text.split(QLatin1Char('\n'));
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
            if (devices.isEmpty())
                devices << Device{};
            if (!readResult(devices.last(), lines, n, error))
                return std::nullopt;
        }
        if (inParams) {
            for (auto it = param.globalMatch(line); it.hasNext();) {
                const auto m = it.next();
                devices.last().params.insert(m.captured(1), m.captured(2));
            }
        }
    }

    RunData data;
    Run &run = data.run;
    run.label = label;
    run.source = QStringLiteral("import:pktgen");
    run.status = RunStatus::Completed;
    run.spec.reps = 1;
    run.spec.axes = {Axis{QStringLiteral("burst"), {}}};
    for (const Device &d : devices) {
        if (!d.result)
            continue;
        StepResult result = *d.result;
        result.point = Point{
            {AxisValue(d.params.value(QStringLiteral("burst"), QStringLiteral("1")).toLongLong())}};
        data.appendResult(result);
        if (run.name.isEmpty()) {
            const QString ifname = d.params.value(QStringLiteral("ifname"));
            run.name = QStringLiteral("pktgen %1").arg(ifname).trimmed();
            run.spec.fixed.insert(QStringLiteral("pkt_size"),
                                  result.totals.value(QStringLiteral("pkt_size")));
            run.spec.fixed.insert(
                QStringLiteral("clone"),
                d.params.value(QStringLiteral("clone_skb"), QStringLiteral("0")).toLongLong());
            run.fingerprint.insert(QStringLiteral("port_name"), ifname);
        }
    }
    if (data.steps.isEmpty()) {
        if (error)
            *error = QStringLiteral("no pktgen 'Result: OK:' block found");
        return std::nullopt;
    }
    return data;
}

} // namespace burstlab
