#pragma once
#include "model/RunStatus.h"
#include "model/SweepSpec.h"
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QStringList>
#include <optional>

namespace burstlab {

// A run's own row: what it measured, on what, and what became of it.
struct Run {
    qint64 id = 0;
    QString name;
    QString label; // "baseline", "patch2", ...
    QString notes;
    QStringList tags;
    QDateTime created; // UTC
    RunStatus status = RunStatus::Running;
    QString error;
    SweepSpec spec;
    QJsonObject hello;                         // the engine's hello message
    QJsonObject fingerprint;                   // environment fingerprint
    QJsonArray checklist;                      // [{id, title, status, current, recommended, ...}]
    QString source = QStringLiteral("engine"); // or "import:pktgen", "import:netdev"
    // Who stored it, and from which host, as the store recorded it (on a
    // shared store, the server: the session's role and the client's address).
    QString createdBy;
    QString createdHost;

    // "alice@lab1" (or "alice@lab1 from 10.0.0.5", as a server saw it), or
    // empty for a run stored before stores recorded it.
    static QString creatorText(const QString &by, const QString &host);
    QString creator() const { return creatorText(createdBy, createdHost); }

    // The hello's TX port: {name, driver, link_speed_mbps, ...}, or empty.
    QJsonObject txPort() const { return txPortOf(hello); }
    // The same of any hello: the port whose role is "tx" (the engine lists
    // it first; an old hello without roles has it first too).
    static QJsonObject txPortOf(const QJsonObject &hello);
    // What people call the run: its label ("patch2"), else its name, else "run 7".
    QString title() const;
    // Where a line has little room (a comparison's differences cut to one
    // line each, under a list that names every run): "#7"; title() for a
    // run not stored yet.
    QString shortTitle() const;
    // "net_null0 (net_null)" from the hello's TX port, or empty; a pktgen
    // run on several devices lists each: "dummy0 (dummy), dummy1 (dummy)".
    QString device() const;
    // The same from a TX port object (what run lists keep of the hello).
    static QString deviceOf(const QJsonObject &port);
    // "import:pktgen", "import:netdev": results recorded elsewhere.
    bool isImported() const;
    // The link speed the user gave for the run (SweepSpec::linkSpeedMbps),
    // else the TX port's from the hello when the engine reported one for a
    // port with a wire. Devices without one (net_null, net_ring, net_memif,
    // net_pcap, net_tap) report a nominal speed that no frame obeys, so they
    // have no line rate unless the user gives one.
    std::optional<double> linkSpeedMbps() const;
    // Why linkSpeedMbps() is empty ("net_null0 (net_null) has no wire"), or
    // empty when it is not.
    QString linkSpeedUnknownReason() const;
    // A step parameter's value for the whole run, and its default:
    // StepParameters::valueOf and defaultOf with the run's fixed values and
    // its engine's defaults (the hello's, once it has one).
    QJsonValue parameterValue(const QString &name) const;
    QJsonValue parameterDefault(const QString &name) const;
    // The frame size without FCS the run used: parameterValue("pkt_size");
    // none for an import whose source states none (no pkt_size given and
    // no engine hello with its defaults): no default is invented for
    // results measured elsewhere.
    std::optional<int> frameSize() const;
    // Why frameSize() is empty, or empty when it is not.
    QString frameSizeUnknownReason() const;

    QJsonObject toJson() const;
    static std::optional<Run> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const Run &other) const = default;
};

} // namespace burstlab
