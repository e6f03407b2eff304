#pragma once
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// Sweep value lists. Syntax (items separated by commas, spaces ignored):
//   N          a single integer, e.g. 16
//   A..B       every integer from A to B inclusive (descending when A > B)
//   A..B:S     from A towards B in steps of S (S > 0), e.g. 1..64:8 = 1,9,...,57
// Items keep their written order: "1..10,16,24,32". A value may appear only
// once, and a list holds at most maxValues values.
// Errors name the field, the text and the 1-based column:
//   "burst: '1..x' is not a number at column 4"
struct ValueList {
    static constexpr int maxValues = 100000;
    static std::optional<QList<qint64>> parse(const QString &field, const QString &text,
                                              QString *error);
};

} // namespace burstlab
