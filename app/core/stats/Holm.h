#pragma once
#include <QList>

namespace burstlab {

// Holm's step-down correction of one family of p values: the i-th smallest
// (from 0) times the m - i hypotheses left, never below the adjusted p before
// it, at most 1. Returned in the order given.
QList<double> holmAdjusted(const QList<double> &p);

} // namespace burstlab
