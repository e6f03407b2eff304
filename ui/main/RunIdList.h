#pragma once
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// Run ids as a script writes them after --run or --compare: "12" or
// "4,7,9" (the first is the baseline). nullopt with *error naming the bad part.
std::optional<QList<qint64>> parseRunIds(const QString &text, QString *error);

} // namespace burstlab
