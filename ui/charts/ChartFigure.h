#pragma once
#include <QFont>
#include <QImage>
#include <QList>
#include <QSize>
#include <QString>
#include <functional>

QT_BEGIN_NAMESPACE
class QPainter;
class QRectF;
QT_END_NAMESPACE

namespace burstlab {

class ChartPane;

// A panel a figure may carry beside its charts (a point's profile), drawn by
// the code that draws it on screen.
struct FigurePanel {
    QString name; // "the profile of burst=32"
    std::function<void(QPainter &, const QRectF &, double fontScale)> paint;

    bool isEmpty() const { return !paint; }
};

// A figure for a post or a slide: one chart, or several side by side (the pps
// and delta charts of a run, the form a mailing-list post links to), with a
// caption under them that says what was measured, on what, and what the marks
// mean. Rendered at a fixed size, so it never depends on the window.
class ChartFigure {
  public:
    ChartFigure(QList<const ChartPane *> charts, QString caption);

    // Text in a figure must stay readable when it is scaled down in a mail
    // client or projected: a quarter larger than on screen at 500 px, growing
    // with the figure's height beyond.
    static double fontScale(QSize size);
    // The caption's font: 12 pt on a figure 1200 px wide, scaled with its
    // width, and never under 10 pt, so a pasted figure's fine print reads.
    static QFont captionFont(QSize size);

    // The same figure with the panel at its right, as wide as one chart.
    ChartFigure withPanel(FigurePanel panel) const;

    // The charts and the panel: what a preset's width is shared among.
    int chartCount() const { return int(m_charts.size()) + (m_panel.isEmpty() ? 0 : 1); }
    QString caption() const { return m_caption; }

    void paint(QPainter &painter, QSize size) const;
    // The figure as the PNG holds it (and the export dialog previews it).
    QImage image(QSize size) const;
    // False with a reason in *error when the file cannot be written.
    bool writePng(const QString &path, QSize size, QString *error) const;
    bool writeSvg(const QString &path, QSize size, QString *error) const;

  private:
    QList<const ChartPane *> m_charts;
    QString m_caption;
    FigurePanel m_panel;
};

} // namespace burstlab
