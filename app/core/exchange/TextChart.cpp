#include "exchange/TextChart.h"
#include "exchange/TextLayout.h"
#include <algorithm>
#include <cmath>

namespace burstlab {

namespace {

using T = TextLayout;

// Chart lines never go below this many bar cells: narrower is not readable.
constexpr int minCells = 10;

QString unitText(double unit, const QString &name) {
    const QString number = unit >= 1000 && unit == std::floor(unit) ? T::thousands(qint64(unit))
                                                                    : QString::number(unit, 'g', 6);
    return QStringLiteral("# = %1 %2").arg(number, name);
}

struct Layout {
    qsizetype labelWidth = 0;
    qsizetype textWidth = 0;
    int cells = minCells;
};

Layout layoutOf(const QList<TextChart::Row> &rows, int columns) {
    Layout l;
    for (const TextChart::Row &row : rows) {
        l.labelWidth = std::max(l.labelWidth, row.label.size());
        l.textWidth = std::max(l.textWidth, row.text.size());
    }
    // " label  bars  text"
    l.cells = std::max(minCells, int(columns - 1 - l.labelWidth - 2 - 2 - l.textWidth));
    return l;
}

int cellsOf(double value, double unit) {
    return int(std::llround(std::fabs(value) / unit));
}

QString line(const Layout &l, const TextChart::Row &row, const QString &bars) {
    QString text = QLatin1Char(' ') + T::padRight(row.label, l.labelWidth) + QStringLiteral("  ") +
                   bars + QStringLiteral("  ") + T::padLeft(row.text, l.textWidth);
    while (text.endsWith(QLatin1Char(' ')))
        text.chop(1);
    return text;
}

} // namespace

double TextChart::niceUnit(double span, int cells) {
    const double raw = span > 0 ? span / std::max(cells, 1) : 1;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    for (double step : {1.0, 2.0, 2.5, 5.0, 10.0}) {
        if (step * power >= raw * (1 - 1e-12))
            return step * power;
    }
    return 10 * power;
}

QStringList TextChart::bars(const QString &title, const QString &unit, const QList<Row> &rows,
                            int columns) {
    const Layout l = layoutOf(rows, columns);
    double high = 0;
    for (const Row &row : rows)
        high = std::max(high, row.value.value_or(0));
    const double step = niceUnit(high, l.cells);
    QStringList lines{QStringLiteral("Chart: %1 (%2)").arg(title, unitText(step, unit))};
    for (const Row &row : rows) {
        const int n = row.value ? std::min(l.cells, cellsOf(*row.value, step)) : 0;
        lines << line(l, row, T::padRight(QString(n, QLatin1Char('#')), l.cells));
    }
    return lines;
}

QStringList TextChart::signedBars(const QString &title, const QString &unit, const QList<Row> &rows,
                                  int columns) {
    const Layout l = layoutOf(rows, columns);
    double low = 0;
    double high = 0;
    for (const Row &row : rows) {
        low = std::min(low, row.value.value_or(0));
        high = std::max(high, row.value.value_or(0));
    }
    // One cell for the axis; the rest split in proportion to each side's reach.
    const int cells = l.cells - 1;
    const double step = niceUnit(high - low, cells);
    const int left = std::min(cells, int(std::ceil(-low / step - 1e-9)));
    const int right = cells - left;
    QStringList lines{QStringLiteral("Chart: %1 (%2)").arg(title, unitText(step, unit))};
    for (const Row &row : rows) {
        const double v = row.value.value_or(0);
        const int n = row.value ? cellsOf(v, step) : 0;
        const QString neg = v < 0 ? QString(std::min(n, left), QLatin1Char('#')) : QString();
        const QString pos = v > 0 ? QString(std::min(n, right), QLatin1Char('#')) : QString();
        lines << line(l, row, T::padLeft(neg, left) + QLatin1Char('|') + T::padRight(pos, right));
    }
    return lines;
}

} // namespace burstlab
