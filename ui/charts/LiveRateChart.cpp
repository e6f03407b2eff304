#include "charts/LiveRateChart.h"
#include "charts/ChartStyle.h"

#include <QChart>
#include <QLineSeries>
#include <QLocale>
#include <QPen>
#include <QValueAxis>

#include <algorithm>
#include <cmath>

namespace burstlab {

LiveRateChart::LiveRateChart(QWidget *parent) : ChartPane(parent) {
    refresh();
}

void LiveRateChart::startStep(const QString &caption, double plannedSeconds) {
    if (!m_samples.isEmpty() || m_result) {
        m_earlier.append({stepSeconds(), m_samples, m_result});
        if (m_earlier.size() > kEarlierSteps) {
            m_earlier.removeFirst();
        }
    }
    m_caption = caption;
    m_plannedSeconds = plannedSeconds;
    m_samples.clear();
    m_result.reset();
    refresh();
}

void LiveRateChart::clear() {
    m_samples.clear();
    m_result.reset();
    m_earlier.clear();
    startStep(QString());
}

double LiveRateChart::stepSeconds() const {
    double last = m_plannedSeconds > 0 ? m_plannedSeconds : 1;
    for (const QPointF &p : m_samples) {
        last = std::max(last, p.x());
    }
    return last;
}

void LiveRateChart::addSample(double seconds, double pps) {
    const double shownScale = unit().scale;
    m_samples.append(QPointF(seconds, pps));
    QChart *chart = shownChart();
    const double scale = unit().scale;
    if (!chart || chart->series().isEmpty() || scale != shownScale || seconds > m_plannedSeconds) {
        refresh(); // a new unit or a longer time axis: draw it afresh
        return;
    }
    static_cast<QLineSeries *>(chart->series().first())->append(seconds, pps / scale);
    const auto vertical = chart->axes(Qt::Vertical);
    if (!vertical.isEmpty()) {
        ChartStyle::fitValueAxis(vertical.first(), 0, highestRate() / scale, true);
    }
}

void LiveRateChart::finishStep(double pps) {
    m_result = pps;
    refresh();
}

ChartStyle::RateUnit LiveRateChart::unit() const {
    // Before any rate is known, the unit of a typical DPDK port.
    return ChartStyle::rateUnit(highestRate() > 0 ? highestRate() : 1e6);
}

double LiveRateChart::highestRate() const {
    double high = m_result.value_or(0);
    for (const QPointF &p : m_samples) {
        high = std::max(high, p.y());
    }
    for (const EarlierStep &step : m_earlier) {
        high = std::max(high, step.result.value_or(0));
        for (const QPointF &p : step.samples) {
            high = std::max(high, p.y());
        }
    }
    return high;
}

QChart *LiveRateChart::buildChart(qreal fontScale) const {
    const QPalette pal = palette();
    const ChartStyle::RateUnit unit = this->unit();
    // The step's result first: a narrow chart cuts its title at the end.
    QString title = m_caption.isEmpty() ? tr("Live rate: no step running")
                                        : tr("Live rate · %1").arg(m_caption);
    if (m_result) {
        title =
            tr("%1 %2 · %3")
                .arg(QLocale::c().toString(*m_result / unit.scale, 'g', 4), unit.symbol, m_caption);
    }
    QChart *chart = ChartStyle::newChart(pal, title, fontScale);
    auto *xAxis = new QValueAxis;
    xAxis->setLabelFormat(QStringLiteral("%g"));
    auto *yAxis = new QValueAxis;
    yAxis->setLabelFormat(QStringLiteral("%.4g"));
    ChartStyle::addAxis(chart, xAxis, Qt::AlignBottom,
                        m_earlier.isEmpty() ? tr("time in step (s)")
                                            : tr("time in step (s); earlier steps left of 0"),
                        pal, fontScale);
    ChartStyle::addAxis(chart, yAxis, Qt::AlignLeft, unit.title, pal, fontScale);
    // The running step first: addSample appends to the chart's first series.
    auto *series = new QLineSeries;
    series->setPen(QPen(ChartStyle::seriesColor(pal, 0), 2.0 * fontScale));
    // A single sample (a step of one or two stats periods) is a point, not a line.
    series->setPointsVisible(true);
    series->setMarkerSize(6.0 * fontScale);
    const double lastSecond = stepSeconds();
    for (const QPointF &p : m_samples) {
        series->append(p.x(), p.y() / unit.scale);
    }
    ChartStyle::attach(chart, series, xAxis, yAxis, false);
    if (m_result) {
        const QPen pen(pal.color(QPalette::Text), 1.5 * fontScale, Qt::DashLine);
        ChartStyle::addGuide(chart, {0.0, lastSecond}, *m_result / unit.scale, pen, QString(),
                             xAxis, yAxis);
    }
    // The earlier steps end where the running one starts, newest nearest.
    QColor faint = ChartStyle::seriesColor(pal, 0);
    faint.setAlphaF(0.45);
    QColor faintText = pal.color(QPalette::Text);
    faintText.setAlphaF(0.45);
    double end = 0;
    for (auto step = m_earlier.crbegin(); step != m_earlier.crend(); ++step) {
        const double start = end - step->seconds;
        auto *earlier = new QLineSeries;
        earlier->setPen(QPen(faint, 1.5 * fontScale));
        earlier->setPointsVisible(true);
        earlier->setMarkerSize(4.0 * fontScale);
        for (const QPointF &p : step->samples) {
            earlier->append(start + p.x(), p.y() / unit.scale);
        }
        ChartStyle::attach(chart, earlier, xAxis, yAxis, false);
        if (step->result) {
            ChartStyle::addGuide(chart, {start, end}, *step->result / unit.scale,
                                 QPen(faintText, 1.0 * fontScale, Qt::DashLine), QString(), xAxis,
                                 yAxis);
        }
        end = start;
    }
    xAxis->setRange(end, lastSecond);
    // Ticks on round times from 0, where the running step starts: a tick
    // counted from the left edge would print as -0.00043.
    const double raw = (lastSecond - end) / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    double interval = 10 * magnitude;
    for (double nice : {1.0, 2.0, 5.0}) {
        if (nice * magnitude >= raw) {
            interval = nice * magnitude;
            break;
        }
    }
    xAxis->setTickType(QValueAxis::TicksDynamic);
    xAxis->setTickAnchor(0);
    xAxis->setTickInterval(interval);
    ChartStyle::fitValueAxis(yAxis, 0, highestRate() > 0 ? highestRate() / unit.scale : 1, true);
    return chart;
}

} // namespace burstlab
