#include "model/Run.h"
#include "model/JsonReader.h"
#include "model/PortDriver.h"
#include "model/RunSummary.h"
#include "model/StepParameters.h"

namespace burstlab {

QJsonObject Run::txPortOf(const QJsonObject &hello) {
    const QJsonArray ports = hello.value(QStringLiteral("ports")).toArray();
    for (const QJsonValue &p : ports) {
        if (p.toObject().value(QStringLiteral("role")).toString() == QLatin1String("tx"))
            return p.toObject();
    }
    return ports.isEmpty() ? QJsonObject() : ports.first().toObject();
}

QString Run::creatorText(const QString &by, const QString &host) {
    if (by.isEmpty())
        return {};
    return host.isEmpty() ? by : by + QLatin1Char('@') + host;
}

QString Run::title() const {
    if (!label.isEmpty())
        return label;
    if (!name.isEmpty())
        return name;
    return QStringLiteral("run %1").arg(id);
}

QString Run::shortTitle() const {
    return id > 0 ? QStringLiteral("#%1").arg(id) : title();
}

QString Run::device() const {
    // A pktgen run may send on several devices, each a tx port.
    QStringList devices;
    for (const QJsonValue &p : hello.value(QStringLiteral("ports")).toArray()) {
        if (p.toObject().value(QStringLiteral("role")).toString() == QLatin1String("tx"))
            devices << deviceOf(p.toObject());
    }
    return devices.size() > 1 ? devices.join(QStringLiteral(", ")) : deviceOf(txPort());
}

QString Run::deviceOf(const QJsonObject &port) {
    const QString name = port.value(QStringLiteral("name")).toString();
    const QString driver = port.value(QStringLiteral("driver")).toString();
    if (name.isEmpty())
        return driver;
    return driver.isEmpty() ? name : QStringLiteral("%1 (%2)").arg(name, driver);
}

bool Run::isImported() const {
    return isImportedSource(source);
}

namespace {
bool wireless(const QJsonObject &port) {
    return driverHasNoWire(port.value(QStringLiteral("driver")).toString());
}
} // namespace

std::optional<double> Run::linkSpeedMbps() const {
    if (spec.linkSpeedMbps)
        return spec.linkSpeedMbps;
    const QJsonObject port = txPort();
    if (wireless(port))
        return std::nullopt;
    const QJsonValue speed = port.value(QStringLiteral("link_speed_mbps"));
    if (!speed.isDouble() || speed.toDouble() <= 0)
        return std::nullopt;
    return speed.toDouble();
}

QString Run::linkSpeedUnknownReason() const {
    if (linkSpeedMbps())
        return {};
    if (isImported())
        return QStringLiteral("the source gives no link speed");
    if (wireless(txPort()))
        return QStringLiteral("%1 has no wire").arg(device());
    if (hello.isEmpty())
        return QStringLiteral("no engine hello recorded");
    return QStringLiteral("%1 reported no link speed").arg(device());
}

QJsonValue Run::parameterValue(const QString &name) const {
    return StepParameters::valueOf(name, spec.fixed, spec.engine.kind,
                                   hello.value(QStringLiteral("defaults")).toObject());
}

QJsonValue Run::parameterDefault(const QString &name) const {
    return StepParameters::defaultOf(name, spec.engine.kind,
                                     hello.value(QStringLiteral("defaults")).toObject());
}

std::optional<int> Run::frameSize() const {
    // A run file of an engine's run states it through the engine's hello.
    if (isImported() && hello.isEmpty() && !spec.fixed.contains(QStringLiteral("pkt_size")))
        return std::nullopt;
    return parameterValue(QStringLiteral("pkt_size")).toInt();
}

QString Run::frameSizeUnknownReason() const {
    if (frameSize() || spec.axisNames().contains(QStringLiteral("pkt_size")))
        return {};
    return QStringLiteral("the source states no frame size (import --frame-size gives one)");
}

QJsonObject Run::toJson() const {
    return {{QStringLiteral("name"), name},
            {QStringLiteral("label"), label},
            {QStringLiteral("notes"), notes},
            {QStringLiteral("tags"), QJsonArray::fromStringList(tags)},
            {QStringLiteral("created"), dateTimeText(created)},
            {QStringLiteral("status"), burstlab::toString(status)},
            {QStringLiteral("error"), error},
            {QStringLiteral("sweep"), spec.toJson()},
            {QStringLiteral("hello"), hello},
            {QStringLiteral("fingerprint"), fingerprint},
            {QStringLiteral("checklist"), checklist},
            {QStringLiteral("source"), source}};
}

std::optional<Run> Run::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("run"));
    Run r;
    r.name = in.string(QStringLiteral("name"));
    r.label = in.string(QStringLiteral("label"));
    r.notes = in.string(QStringLiteral("notes"));
    r.tags = in.strings(QStringLiteral("tags"));
    r.created = in.dateTime(QStringLiteral("created"));
    r.status = readRunStatus(in, QStringLiteral("status"));
    r.error = in.string(QStringLiteral("error"));
    r.hello = in.object(QStringLiteral("hello"));
    r.fingerprint = in.object(QStringLiteral("fingerprint"));
    r.checklist = in.array(QStringLiteral("checklist"));
    r.source = in.string(QStringLiteral("source"), r.source);
    const QJsonObject sweep = in.object(QStringLiteral("sweep"));
    if (!in.finish(error))
        return std::nullopt;
    const auto spec = SweepSpec::fromJson(sweep, error);
    if (!spec)
        return std::nullopt;
    r.spec = *spec;
    return r;
}

} // namespace burstlab
