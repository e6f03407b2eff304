#pragma once
#include "host/CheckItem.h"
#include "host/CheckResult.h"
#include "host/Checklist.h"
#include "model/Axis.h"
#include "model/EngineLaunch.h"
#include "model/Run.h"
#include "model/RunData.h"
#include "stats/Delta.h"

#include <QJsonValue>
#include <optional>

namespace burstlab {

// A checklist fix as an experiment ("does this tuning matter here?"): one
// host setting an item names, swept from the value the item's probe found
// on the device to the value the item recommends, everything else as the
// run would have it. It is stored like any sweep; whether the fix mattered
// is the recommended point's delta against the found one
// (PointStats::vsPrevious), with the verdict every output gives a delta.
// The engine puts the setting back as found at the run's end.
struct FixTrial {
    QString item;  // the checklist item's id
    QString title; // its title, for the run's notes
    QString setting;
    QString device; // where the value was found
    QJsonValue found;
    QJsonValue recommended;

    // The run's label ("try-fix gro") and tag.
    static inline const QString kTag = QStringLiteral("try-fix");

    // The settings of an item a trial can sweep: those the item recommends a
    // value for, in the item's order.
    static QStringList settingsOf(const CheckItem &item);
    // The items with a setting the launch's engine can sweep on its ports, in
    // the checklist's order, whether or not its runs are judged on them:
    // pktgen's are not on the root qdisc (start_xmit passes it by), but
    // try-fix, and queue_xmit, can try it.
    static QList<CheckItem> itemsFor(const Checklist &checklist, const EngineLaunch &launch);
    // The trial of one of the item's settings from what its probe found on
    // device; nullopt and *why, naming the setting, where it cannot run: a
    // launch whose engine sets no host settings (a DPDK port that is no
    // kernel interface), no recommended value for it, a
    // probe that did not read it (the device has no such setting: tx_ring
    // on veth), a value found that the parameter cannot set, or nothing to
    // try (the device has the recommended value already).
    static std::optional<FixTrial> of(const CheckItem &item, const QString &setting,
                                      const CheckResult &result, const QString &device,
                                      const EngineLaunch &launch, QString *why);
    // The item's probe of setting on each device the launch's steps set
    // host settings on (EngineLaunch::hostDevices): the value they
    // agree on; nullopt and *why otherwise.
    static std::optional<FixTrial> probe(const Checklist &checklist, const QString &itemId,
                                         const QString &setting, const EngineLaunch &launch,
                                         QString *why, const QString &root = QStringLiteral("/"));
    // The setting's value on the devices now, as the probe reads it; nullopt
    // and *why when it cannot be read or the devices disagree.
    std::optional<QJsonValue> readNow(const Checklist &checklist, const EngineLaunch &launch,
                                      QString *why,
                                      const QString &root = QStringLiteral("/")) const;

    // "try-fix gro"
    QString label() const;
    // "gro off -> on on hs1"
    QString describe() const;
    // setting=found,recommended, in that order: the recommended point's
    // previous point is the found one.
    Axis axis() const;
    // The run of the trial on a sweep's settings: its axes replaced by
    // axis(), a fixed value of the setting dropped, the rest kept; labelled,
    // named, tagged and noted so the user recognises it.
    Run run(const SweepSpec &spec) const;

    // The recommended point's delta against the found one in the stored
    // run's statistics (PointStats::ofRun); nullopt when either point has no
    // figure.
    std::optional<Delta> delta(const RunData &data) const;
    // "try-fix gro off -> on on hs1: 9281.43 -> 8827.14 ns per packet
    // (454.29 ns fewer, +5545 pps): better (Welch's t-test, ...)"
    QString outcomeText(const RunData &data) const;
};

} // namespace burstlab
