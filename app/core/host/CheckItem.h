#pragma once
#include "model/EngineKind.h"
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// One checklist entry as defined in the data file (resources/data/checklist.json).
struct CheckItem {
    QString id;
    QString title;
    QString why;
    QString source;   // who recommends it, e.g. "Stephen Hemminger, netdev 2009: ..."
    QString probe;    // name of a probe in ProbeRegistry
    QJsonObject args; // arguments for that probe
    QString recommended;
    QString fix; // shell command; may hold {netdev}, {pci}, {lcores}
    // Fixes that depend on what the probe found: the probe value named
    // fixKey selects one ("turbo_control": "amd_boost" -> its command);
    // other values use fix.
    QString fixKey;
    QJsonObject fixes;
    // What the fix's command needs on the host: a program on the PATH, a
    // file ("/etc/default/grub") or "systemd" running as PID 1. Where one is
    // missing the fix is fixByHand, said in words instead of a command.
    QStringList fixNeeds;
    QString fixByHand;
    QString note;               // setup-note line when the item passes; may hold {key} of values
    bool volatileValue = false; // current value drifts between probes (load): compare status only
    // The engines whose runs it judges ("engines": ["dpdk"] for hugepages);
    // empty: every engine's.
    QList<EngineKind> engines;
    // The host settings (step parameters, model/StepParameters.h) a sweep
    // may set that this item probes: a run that sets one is not judged on
    // the value found before it, and says so.
    QStringList settings;
    // The value the item recommends for some of those settings, in the step
    // parameter's protocol form ("gro": "on", "txqueuelen": 1000): what a
    // trial of the fix (sweep/FixTrial.h) sweeps to from the value found.
    QJsonObject recommendedSettings;

    bool appliesTo(EngineKind kind) const { return engines.isEmpty() || engines.contains(kind); }

    // The fix for what a probe found (its outcome values).
    QString fixFor(const QJsonObject &values) const;

    // Empty optional and *error set when a required field is missing.
    static std::optional<CheckItem> fromJson(const QJsonObject &object, QString *error);
};

} // namespace burstlab
