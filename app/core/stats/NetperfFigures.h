#pragma once
#include "model/StepResult.h"
#include "stats/Welch.h"
#include <QJsonObject>
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// One figure of a netperf test as its classic output printed it: the
// transaction rate of a *_RR test or the throughput of a *_STREAM test,
// and, with -c/-C, the local and remote CPU utilisation and service demand.
// The printed text is kept, so every output prints it as netperf did; -1
// (netperf's "not measured") has no value, never a number.
struct NetperfFigure {
    QString name;    // "transactions/s", "throughput", "CPU local", "S.dem remote"
    QString unit;    // "trans/s", "10^6bits/s", "%", "us/Tr", "us/KB"
    QString printed; // "8118.31", "-1.00"

    // The printed number, or nullopt for netperf's -1: not measured.
    std::optional<double> value() const;
    // The decimals netperf printed it with.
    int decimals() const;
};

// A netperf test's figures and the parameters of its table, the "netperf"
// object an imported step records (StepResult::recorded). burstlab's figures
// are packets: pps, and ns/packet derived from it (stats/Figure.h); a
// transaction or a throughput in bits is another unit, so these figures are
// kept as netperf's own and never put into pps.
struct NetperfResult {
    QString test; // "TCP_RR", "TCP_STREAM", "UDP_RR"; "RR" where the source names no protocol
    // The table's parameters as printed, name -> value: "request_bytes",
    // "response_bytes" (RR), "message_bytes" (STREAM), "local_send_socket_bytes",
    // "local_recv_socket_bytes", "remote_send_socket_bytes",
    // "remote_recv_socket_bytes", "elapsed_s".
    QJsonObject parameters;
    QList<NetperfFigure> figures; // the rate first, then CPU and service demand where printed

    // "request 128 B, response 14336 B, local socket send 16384 B recv
    // 87380 B, remote ..., 10.00 s"
    QString parametersText() const;

    QJsonObject toJson() const;
    // nullopt with *error naming the field for an object that is no netperf result.
    static std::optional<NetperfResult> fromJson(const QJsonObject &object, QString *error);
    // The step's netperf figures: recorded's "netperf" object, or nullopt.
    static std::optional<NetperfResult> of(const StepResult &step);
};

// One figure of two netperf tests: the change this - reference, and its
// verdict by the rules every comparison uses (stats/Delta.h): a verdict
// needs Welch's test on at least 2 repetitions a side, and a netperf table
// is one repetition (netperf prints one figure per test, its own -i/-I
// confidence iterations folded into it), so the verdict is "insufficient".
// The change is printed all the same, to the decimals netperf printed, so
// a reader can redo it from the two figures beside it.
struct NetperfChange {
    NetperfFigure reference;
    NetperfFigure current;
    // current - reference; nullopt where either is not measured.
    std::optional<double> change;
    // change / reference x 100; nullopt also for a reference of 0.
    std::optional<double> percent;
    Verdict verdict = Verdict::Insufficient;

    // "-2280.96", to the larger of the two figures' decimals, signed; "-"
    // without a change.
    QString changeText() const;
    // "-28.1%", or empty.
    QString percentText() const;
    // {name, unit, reference, current (as printed, null: not measured),
    // change, percent (null without), verdict}
    QJsonObject toJson() const;

    // The figures the two results share by name, in the reference's order.
    static QList<NetperfChange> between(const NetperfResult &reference,
                                        const NetperfResult &current);
};

} // namespace burstlab
