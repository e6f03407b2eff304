#pragma once
#include <QFont>
#include <QList>
#include <QPalette>
#include <QRectF>
#include <QString>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QPainter;
QT_END_NAMESPACE

namespace burstlab {

// A profile as rows of bars with their figures: a title, one row per
// function (its name, a bar, then its figures as the core printed them) and a
// note under them. A value, drawn by paint() both on screen (ProfilePanel)
// and in an exported figure, so the two cannot differ.
struct ProfileBars {
    enum class Tone {
        Plain,  // a function
        Strong, // a function whose share changed
        Muted,  // [other], the rest
    };
    struct Row {
        QString name;      // cut from its start where it does not fit: the end names the function
        QStringList cells; // after the bar, one per header after the first
        double value = 0;  // the bar: a share, or a signed ns/packet where diverging
        bool interval = false;
        double low = 0; // the whisker, where interval
        double high = 0;
        Tone tone = Tone::Plain;
        QString toolTip; // plain text
    };

    QString title;
    QStringList headers; // over the names, then over each cell
    QString barHeader;   // over the bars
    // A cell column left out where the bars would get too little room (one
    // that the bars or the tooltip show too), -1 for none.
    qsizetype optionalCell = -1;
    QList<Row> rows;
    // Bars from a zero line in the middle, positive to the right.
    bool diverging = false;
    QString note;    // under the rows, wrapped
    QString toolTip; // plain text, outside the rows

    bool isEmpty() const { return title.isEmpty() && rows.isEmpty() && note.isEmpty(); }
    // The height the bars need in that font and width, note included.
    double height(const QFont &font, double width) const;
    void paint(QPainter &painter, const QRectF &area, const QFont &font,
               const QPalette &palette) const;
    // The row drawn at that position, -1 for none.
    int rowAt(const QRectF &area, const QFont &font, const QPointF &position) const;
};

} // namespace burstlab
