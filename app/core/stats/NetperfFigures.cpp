#include "stats/NetperfFigures.h"
#include "model/JsonReader.h"
#include <QJsonArray>
#include <QRegularExpression>
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

const QRegularExpression number(QStringLiteral("^-?\\d+(?:\\.(\\d+))?$"));

// The parameters in the order parametersText prints them, with their words.
struct ParameterText {
    const char *key;
    const char *text;
    const char *unit;
};
constexpr ParameterText parameterTexts[] = {
    {"request_bytes", "request", "B"},
    {"response_bytes", "response", "B"},
    {"message_bytes", "message", "B"},
    {"local_send_socket_bytes", "local socket send", "B"},
    {"local_recv_socket_bytes", "local socket recv", "B"},
    {"remote_send_socket_bytes", "remote socket send", "B"},
    {"remote_recv_socket_bytes", "remote socket recv", "B"},
    {"elapsed_s", "elapsed", "s"},
};

} // namespace

std::optional<double> NetperfFigure::value() const {
    // netperf prints -1 where it did not measure (no -c, no -C): any
    // negative reads so, the importer refuses the others.
    const double v = printed.toDouble();
    return v < 0 ? std::nullopt : std::optional<double>(v);
}

int NetperfFigure::decimals() const {
    return int(number.match(printed).captured(1).size());
}

QString NetperfResult::parametersText() const {
    QStringList parts;
    for (const ParameterText &p : parameterTexts) {
        const QJsonValue value = parameters.value(QLatin1String(p.key));
        if (value.isString())
            parts << QStringLiteral("%1 %2 %3")
                         .arg(QLatin1String(p.text), value.toString(), QLatin1String(p.unit));
    }
    return parts.join(QStringLiteral(", "));
}

QJsonObject NetperfResult::toJson() const {
    QJsonArray list;
    for (const NetperfFigure &f : figures)
        list << QJsonObject{
            {QStringLiteral("name"), f.name},
            {QStringLiteral("unit"), f.unit},
            {QStringLiteral("printed"), f.printed},
            {QStringLiteral("value"), f.value() ? QJsonValue(*f.value()) : QJsonValue()}};
    return {{QStringLiteral("test"), test},
            {QStringLiteral("parameters"), parameters},
            {QStringLiteral("figures"), list}};
}

std::optional<NetperfResult> NetperfResult::fromJson(const QJsonObject &object, QString *error) {
    JsonReader r(object, QStringLiteral("netperf"));
    NetperfResult result;
    r.require(QStringLiteral("test"));
    result.test = r.string(QStringLiteral("test"));
    result.parameters = r.object(QStringLiteral("parameters"));
    const QJsonArray list = r.array(QStringLiteral("figures"));
    for (qsizetype i = 0; i < list.size() && r.ok(); ++i) {
        JsonReader f(list[i].toObject(), QStringLiteral("netperf.figures[%1]").arg(i));
        NetperfFigure figure;
        figure.name = f.string(QStringLiteral("name"));
        figure.unit = f.string(QStringLiteral("unit"));
        figure.printed = f.string(QStringLiteral("printed"));
        if (!number.match(figure.printed).hasMatch())
            f.invalid(QStringLiteral("printed"),
                      QStringLiteral("'%1' is not a number").arg(figure.printed));
        if (!f.finish(error))
            return std::nullopt;
        result.figures << figure;
    }
    if (r.ok() && result.figures.isEmpty())
        r.invalid(QStringLiteral("figures"), QStringLiteral("no figure"));
    if (!r.finish(error))
        return std::nullopt;
    return result;
}

std::optional<NetperfResult> NetperfResult::of(const StepResult &step) {
    const QJsonValue netperf = step.recorded.value(QStringLiteral("netperf"));
    if (step.measured || !netperf.isObject())
        return std::nullopt;
    // Checked when imported (NetperfImport); a file edited since reads as none.
    return fromJson(netperf.toObject(), nullptr);
}

QString NetperfChange::changeText() const {
    if (!change)
        return QStringLiteral("-");
    const int decimals = std::max(reference.decimals(), current.decimals());
    const double scale = std::pow(10.0, decimals);
    const double rounded = std::round(*change * scale) / scale;
    return (rounded > 0 ? QStringLiteral("+") : QString()) +
           QString::number(rounded == 0 ? 0.0 : rounded, 'f', decimals);
}

QString NetperfChange::percentText() const {
    if (!percent)
        return {};
    return QStringLiteral("%1%2%").arg(*percent > 0 ? "+" : "").arg(*percent, 0, 'f', 1);
}

QJsonObject NetperfChange::toJson() const {
    const auto printed = [](const NetperfFigure &f) {
        return f.value() ? QJsonValue(f.printed) : QJsonValue();
    };
    return {{QStringLiteral("name"), reference.name},
            {QStringLiteral("unit"), reference.unit},
            {QStringLiteral("reference"), printed(reference)},
            {QStringLiteral("current"), printed(current)},
            {QStringLiteral("change"), change ? QJsonValue(changeText()) : QJsonValue()},
            {QStringLiteral("percent"), percent ? QJsonValue(*percent) : QJsonValue()},
            {QStringLiteral("verdict"), change ? QJsonValue(toString(verdict)) : QJsonValue()}};
}

QList<NetperfChange> NetperfChange::between(const NetperfResult &reference,
                                            const NetperfResult &current) {
    QList<NetperfChange> changes;
    for (const NetperfFigure &from : reference.figures) {
        const auto to = std::find_if(
            current.figures.begin(), current.figures.end(),
            [&](const NetperfFigure &f) { return f.name == from.name && f.unit == from.unit; });
        if (to == current.figures.end())
            continue;
        NetperfChange c{from, *to, std::nullopt, std::nullopt, Verdict::Insufficient};
        if (from.value() && to->value()) {
            c.change = *to->value() - *from.value();
            if (*from.value() != 0)
                c.percent = *c.change / *from.value() * 100;
        }
        changes << c;
    }
    return changes;
}

} // namespace burstlab
