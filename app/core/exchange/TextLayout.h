#pragma once
#include <QString>
#include <QStringList>

namespace burstlab {

// Small text helpers shared by the plain-text exporters.
struct TextLayout {
    // "5,857,065"
    static QString thousands(qint64 value);
    // Two decimals, never "-0.00".
    static QString fixed2(double value);
    static QString padLeft(const QString &text, qsizetype width);
    static QString padRight(const QString &text, qsizetype width);
    static qsizetype widest(const QStringList &texts);
    // Joins lines with '\n' (and a final one), tabs turned into spaces and
    // every line longer than columns wrapped at a space, continuation lines
    // indented two more than the line they continue; runs of blank lines
    // become one, and there are none at the start or the end.
    static QString render(const QStringList &lines, int columns);
};

} // namespace burstlab
