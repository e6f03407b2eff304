#include "charts/NetperfChart.h"
#include "charts/ChartStyle.h"
#include "exchange/NetperfText.h"
#include "util/SafeText.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QHorizontalBarSeries>
#include <QValueAxis>

#include <algorithm>

namespace burstlab {

namespace {

const NetperfFigure *figureNamed(const NetperfResult &result, const QString &name) {
    for (const NetperfFigure &f : result.figures) {
        if (f.name == name)
            return &f;
    }
    return nullptr;
}

// The words every label starts with ("TCP_RR"), when there are several
// labels and each has words after them; a single bar's whole label.
QStringList sharedWords(const QList<NetperfBar> &bars) {
    if (bars.size() == 1)
        return bars.first().label.split(QLatin1Char(' '));
    if (bars.isEmpty())
        return {};
    QStringList shared = bars.first().label.split(QLatin1Char(' '));
    for (const NetperfBar &bar : bars) {
        const QStringList words = bar.label.split(QLatin1Char(' '));
        qsizetype n = 0;
        while (n < shared.size() && n + 1 < words.size() && words[n] == shared[n])
            ++n;
        shared = shared.mid(0, n);
    }
    return shared;
}

} // namespace

NetperfChart::NetperfChart(Figure figure, QWidget *parent) : ChartPane(parent), m_figure(figure) {
    refresh();
}

void NetperfChart::setBars(const QList<NetperfBar> &bars) {
    // What every bar shares goes into the title, so the bars' labels keep to
    // what tells them apart and fit beside the bars on a laptop's screen.
    const QStringList shared = sharedWords(bars);
    m_shared = shared.join(QLatin1Char(' '));
    m_bars = bars;
    for (NetperfBar &bar : m_bars)
        bar.label = bar.label.split(QLatin1Char(' ')).mid(shared.size()).join(QLatin1Char(' '));
    m_name.clear();
    if (m_figure == Figure::Rate) {
        if (!bars.isEmpty() && !bars.first().result.figures.isEmpty())
            m_name = bars.first().result.figures.first().name;
    } else {
        for (const QString &name : {QStringLiteral("S.dem local"), QStringLiteral("S.dem remote")}) {
            const bool measured = std::any_of(bars.begin(), bars.end(), [&](const NetperfBar &b) {
                const NetperfFigure *f = figureNamed(b.result, name);
                return f && f->value();
            });
            if (measured) {
                m_name = name;
                break;
            }
        }
    }
    refresh();
}

QList<NetperfBar> NetperfChart::barsOf(const QList<PointStats> &stats,
                                       const QStringList &axisNames, const QString &label) {
    QList<NetperfBar> bars;
    for (const PointStats &s : stats) {
        if (const std::optional<NetperfResult> result = NetperfText::of(s)) {
            const QString point = s.point.describe(axisNames);
            bars << NetperfBar{point.isEmpty() ? label : label + QLatin1Char(' ') + point, *result};
        }
    }
    return bars;
}

QList<NetperfChart::Row> NetperfChart::rows() const {
    QList<Row> rows;
    if (m_name.isEmpty())
        return rows;
    for (const NetperfBar &bar : m_bars) {
        if (const NetperfFigure *f = figureNamed(bar.result, m_name))
            rows << Row{bar.label, *f};
    }
    return rows;
}

QString NetperfChart::labelOf(const Row &row) {
    // A run's label comes from its source or its user: escaped, like every output.
    const QString value = NetperfText::measuredText(row.figure);
    return row.label.isEmpty() ? value
                               : QStringLiteral("%1: %2").arg(SafeText::field(row.label), value);
}

QStringList NetperfChart::barLabels() const {
    QStringList labels;
    for (const Row &row : rows())
        labels << labelOf(row);
    return labels;
}

int NetperfChart::dataPointCount() const {
    const QList<Row> all = rows();
    return int(std::count_if(all.begin(), all.end(),
                             [](const Row &row) { return row.figure.value().has_value(); }));
}

QChart *NetperfChart::buildChart(qreal fontScale) const {
    const QPalette pal = palette();
    const QList<Row> all = rows();
    const QString unit = all.isEmpty() ? QString() : all.first().figure.unit;
    // A single bar's label is the run's, which the view and the caption
    // name: the title keeps to the figure.
    const QString what = m_shared.isEmpty() || m_bars.size() == 1
                             ? m_name
                             : SafeText::field(m_shared) + u' ' + m_name;
    const QString title = m_figure == Figure::Rate
                              ? tr("netperf %1").arg(what)
                              : tr("netperf %1 (lower: less CPU)").arg(what);
    QChart *chart = ChartStyle::newChart(pal, title, fontScale);
    auto *categories = new QBarCategoryAxis;
    // The layout shrinks a vertical axis to "..." before the plot: a label
    // is what tells the bars apart, the plot can be narrower.
    categories->setTruncateLabels(false);
    auto *values = new QValueAxis;
    // Whole numbers to 10^6 as such: a reader compares them with the table.
    values->setLabelFormat(QStringLiteral("%g"));
    auto *set = new QBarSet(m_name);
    set->setColor(ChartStyle::seriesColor(pal, 0));
    set->setBorderColor(ChartStyle::seriesColor(pal, 0));
    double high = 0;
    // A horizontal bar chart draws its first category at the bottom: the
    // rows go in reversed, so they read top down in the tables' order.
    for (auto row = all.crbegin(); row != all.crend(); ++row) {
        const double value = row->figure.value().value_or(0);
        high = std::max(high, value);
        *set << value;
        categories->append(labelOf(*row));
    }
    auto *series = new QHorizontalBarSeries;
    series->append(set);
    series->setBarWidth(0.6);
    chart->addSeries(series);
    ChartStyle::addAxis(chart, categories, Qt::AlignLeft, QString(), pal, fontScale);
    ChartStyle::addAxis(chart, values, Qt::AlignBottom, unit, pal, fontScale);
    ChartStyle::fitValueAxis(values, 0, high, true, true);
    series->attachAxis(categories);
    series->attachAxis(values);
    return chart;
}


} // namespace burstlab
