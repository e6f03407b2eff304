#pragma once
#include "host/HostFs.h"
#include "host/ProbeContext.h"
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>

// Small helpers every probe group shares.
namespace burstlab::probe {

QList<int> onlineCpus(const HostFs &fs);
// The context's lcores, or every online CPU when none were named.
QList<int> cpusToJudge(const ProbeContext &context, const HostFs &fs);
// Value of NAME= on the kernel command line; "" for a bare flag, nullopt when absent.
std::optional<QString> kernelParam(const HostFs &fs, const QString &name);
QStringList stringArgs(const QJsonObject &args, const QString &key);
// Why a netdev probe has nothing to ask, phrased for the port the context describes.
QString noNetdevReason(const ProbeContext &context);

} // namespace burstlab::probe
