#pragma once
#include <QJsonArray>
#include <QJsonValue>
#include <QString>
#include <QStringList>

namespace burstlab {

// Small text helpers shared by the plain-text exporters.
struct TextLayout {
    // "5,857,065"
    static QString thousands(qint64 value);
    // Two decimals, never "-0.00": how ns/packet and deltas are printed.
    static QString fixed2(double value);
    // A share (0..1) as a percentage with one decimal: "12.3%".
    static QString percent1(double share);
    // A bit rate in Mbit/s with two decimals ("2694.90"), as pktgen's Mb/sec.
    static QString mbits(double bps);
    // A table cell of CSV or Markdown: a whole number without decimals,
    // others to 12 significant digits, booleans as true/false, null empty.
    static QString cell(const QJsonValue &value);
    // One field of every object of an array as one CSV cell, ';'-separated
    // (a text's own ';' changed to ',', as a folded stack's frames are;
    // the cell is shown safe as a whole).
    static QString listCell(const QJsonArray &objects, const QString &field);
    static QString padLeft(const QString &text, qsizetype width);
    static QString padRight(const QString &text, qsizetype width);
    static qsizetype widest(const QStringList &texts);
    // Joins lines with '\n' (and a final one; a line holding line breaks is
    // several), shown through SafeText, tabs turned into spaces and
    // every line longer than columns wrapped at a space, continuation lines
    // indented two more than the line they continue; runs of blank lines
    // become one, and there are none at the start or the end.
    static QString render(const QStringList &lines, int columns);
};

} // namespace burstlab
