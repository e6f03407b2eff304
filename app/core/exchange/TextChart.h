#pragma once
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// Bar charts in plain text for a mailing-list post, where readers see no
// attachments: one line per row, a label, bars of '#' and the value as
// printed in the tables, at most `columns` wide in a fixed font. The scale
// is a round number per '#' (1, 2, 2.5 or 5 times a power of ten) said in
// the title line, so a reader can count.
struct TextChart {
    struct Row {
        QString label;               // "burst=8"; rows may continue a label with ""
        std::optional<double> value; // none: the row shows no bar
        QString text;                // the value as printed elsewhere: "6942821", "+35.46"
    };
    // Non-negative values as bars from the left:
    //   Chart: pps (# = 200,000 pps)
    //    burst=1  ###########################        5571279
    static QStringList bars(const QString &title, const QString &unit, const QList<Row> &rows,
                            int columns);
    // Signed values around an axis '|': negative to the left, positive to
    // the right:
    //   Chart: ns saved vs previous point (# = 2 ns, right = fewer ns)
    //    burst=1        #|                   -1.38
    //    burst=2         |#################  +35.46
    static QStringList signedBars(const QString &title, const QString &unit, const QList<Row> &rows,
                                  int columns);
    // The smallest of 1, 2, 2.5, 5 x 10^k at least `span / cells`.
    static double niceUnit(double span, int cells);
};

} // namespace burstlab
