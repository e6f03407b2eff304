#include "model/StepFinished.h"

#include "model/FieldJson.h"

namespace burstlab {

using fieldjson::Reader;
using fieldjson::Writer;

qint64 StepFinished::parameter(const QString &name) const {
    return params.value(name).toInteger();
}

QJsonObject StepFinished::toJson() const {
    QJsonObject o = Writer::write(*this);
    o.insert(QStringLiteral("type"), QStringLiteral("finished"));
    return o;
}

QJsonArray StepFinished::lcoresJson() const {
    QJsonArray a;
    for (const LcoreFinished &l : lcores)
        a.append(Writer::write(l));
    return a;
}

std::optional<double> StepFinished::pktgenPps() const {
    double sum = 0;
    bool any = false;
    for (const LcoreFinished &l : lcores) {
        if (l.window.txPkts == 0)
            continue;
        if (!l.pktgenPps)
            return std::nullopt;
        sum += *l.pktgenPps;
        any = true;
    }
    return any ? std::optional<double>(sum) : std::nullopt;
}

namespace {

std::optional<StepFinished> read(const QJsonObject &message, FieldNeed dpdkOnly, QString *error) {
    constexpr qsizetype kBurstHistBuckets = StepFinished::kBurstHistBuckets;
    QString problem;
    Reader in(message, QStringLiteral("finished"), &problem, dpdkOnly);
    if (message.value(QLatin1String("type")) != QLatin1String("finished"))
        in.invalid(QStringLiteral("type"), QStringLiteral("expected \"finished\""));
    StepFinished f;
    StepFinished::fields(f, in);
    if (in.ok() && f.burstHist && f.burstHist->size() != kBurstHistBuckets)
        in.invalid(QStringLiteral("burst_hist"), QStringLiteral("%1 buckets, expected %2")
                                                     .arg(f.burstHist->size())
                                                     .arg(kBurstHistBuckets));
    const QStringList reasons{QStringLiteral("duration"), QStringLiteral("count"),
                              QStringLiteral("stopped")};
    if (in.ok() && !reasons.contains(f.reason))
        in.invalid(QStringLiteral("reason"),
                   QStringLiteral("unknown reason \"%1\"").arg(f.reason.left(64)));
    if (in.ok() && f.thread && !f.thread->problem().isEmpty())
        in.invalid(QStringLiteral("thread.lcores"), f.thread->problem());
    if (!in.ok()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return f;
}

} // namespace

std::optional<StepFinished> StepFinished::fromJson(const QJsonObject &message, QString *error) {
    return read(message, FieldNeed::Optional, error);
}

std::optional<StepFinished> StepFinished::fromEngine(const QJsonObject &message, EngineKind kind,
                                                     QString *error) {
    return read(message, dpdkOnlyNeed(kind), error);
}

} // namespace burstlab
