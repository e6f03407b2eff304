#pragma once
#include <QString>
#include <functional>

namespace burstlab {

// Lines that must fit a width (a comparison's differences in a mailing-list
// post): a long value is cut in its middle with "…", keeping its start and
// end, where a kernel command line or a device name says the most. A width
// of 0 means whole: nothing is cut.
namespace TextFit {

// text, at most width characters.
QString middle(const QString &text, int width);
// The line format(a, b) makes of two values, at most width characters: the
// values share the room the rest of the line leaves (the shorter keeps what
// it needs, up to half of it at least), and the line itself is cut when the
// rest alone is too long.
QString twoValues(const std::function<QString(const QString &, const QString &)> &format,
                  const QString &a, const QString &b, int width);
// The same with one value.
QString oneValue(const std::function<QString(const QString &)> &format, const QString &value,
                 int width);

} // namespace TextFit

} // namespace burstlab
