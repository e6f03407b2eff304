#pragma once
#include "host/CheckStatus.h"
#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace burstlab {

// One probed checklist item, as stored with a run and shown in the GUI.
struct CheckResult {
    QString id;
    QString title;
    CheckStatus status = CheckStatus::Unknown;
    QString current;
    QString recommended;
    QString why;
    QString source;
    QString fix;
    QString detail; // for Unknown: why it could not be probed
    QString note;   // setup-note text (already expanded); printed only when passing
    QJsonObject values;
    bool volatileValue = false;
    // The run's steps set what the item probes: "qdisc=pfifo_fast,fq";
    // empty: the value found is the run's.
    QString setBySweep;

    // Keys: id, title, status, current, recommended, why, fix, source, detail, note,
    // values, volatile, set_by_sweep (only when set).
    QJsonObject toJson() const;
    static CheckResult fromJson(const QJsonObject &object);

    // " - Ethernet Flow-Control disabled" for a passing item with a note, else empty.
    QString setupNote() const;

    static QJsonArray toJsonArray(const QList<CheckResult> &results);
    static QList<CheckResult> fromJsonArray(const QJsonArray &array);
    // The setup-note lines of every passing item, in checklist order.
    static QStringList setupNotes(const QList<CheckResult> &results);
    // "14 pass, 2 warn, 1 fail, 2 unknown": one line for a status bar or a terminal.
    static QString summary(const QList<CheckResult> &results);
};

} // namespace burstlab
