#include "util/TextFit.h"
#include <algorithm>

namespace burstlab {

QString TextFit::middle(const QString &text, int width) {
    if (width <= 0 || text.size() <= width)
        return text;
    const qsizetype kept = width - 1;
    return text.left(kept - kept / 2) + QStringLiteral("…") + text.right(kept / 2);
}

QString TextFit::twoValues(const std::function<QString(const QString &, const QString &)> &format,
                           const QString &a, const QString &b, int width) {
    const QString whole = format(a, b);
    if (width <= 0 || whole.size() <= width)
        return whole;
    const int room = std::max(width - int(format({}, {}).size()), 2);
    const int half = room / 2;
    const int forA = a.size() <= half ? int(a.size()) : std::max(half, room - int(b.size()));
    return middle(format(middle(a, std::max(forA, 1)), middle(b, std::max(room - forA, 1))), width);
}

QString TextFit::oneValue(const std::function<QString(const QString &)> &format,
                          const QString &value, int width) {
    const QString whole = format(value);
    if (width <= 0 || whole.size() <= width)
        return whole;
    const int room = std::max(width - int(format({}).size()), 1);
    return middle(format(middle(value, room)), width);
}

} // namespace burstlab
