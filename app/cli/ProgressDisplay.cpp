#include "ProgressDisplay.h"
#include "CliOutput.h"
#include "exchange/TextLayout.h"
#include "util/SafeText.h"

#include <cmath>

namespace burstlab {
namespace {
constexpr int kBarWidth = 24;
} // namespace

ProgressDisplay::ProgressDisplay(bool terminal, const QStringList &axisNames, const QString &reps,
                                 const NoisePolicy &noise)
    : m_terminal(terminal), m_axisNames(axisNames), m_reps(reps), m_noise(noise) {}

QString ProgressDisplay::formatDuration(qint64 ms) {
    if (ms < 0)
        return QStringLiteral("?");
    const qint64 s = (ms + 999) / 1000;
    if (s >= 3600)
        return QStringLiteral("%1:%2:%3")
            .arg(s / 3600)
            .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
            .arg(s % 60, 2, 10, QLatin1Char('0'));
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

void ProgressDisplay::stepStarted(int total, const Point &point, int rep) {
    m_total = total;
    m_current = QStringLiteral("%1 rep %2/%3")
                    .arg(SafeText::field(point.describe(m_axisNames)))
                    .arg(rep + 1)
                    .arg(m_reps);
    m_pps = 0;
    redraw();
}

void ProgressDisplay::rates(const StepRates &rates) {
    m_pps = rates.intervalPps;
    redraw();
}

void ProgressDisplay::stepFinished(const StepResult &r) {
    const bool invalid = r.status == RunStatus::Invalid;
    const RepetitionNoise noise = RepetitionNoise::of(r, m_noise);
    // On a terminal the bar shows the rates; an invalid or disturbed
    // repetition still says why.
    if (m_terminal && !invalid && !noise.disturbed)
        return;
    // The repetition's rate and its ns/packet, as every output prints them.
    const qint64 pps = qRound64(r.effectivePps());
    const std::optional<double> ns = r.nsPerPacket();
    const QString line =
        QStringLiteral("step %1/%2 %3 rep %4/%5: %6")
            .arg(m_done + 1)
            .arg(m_total)
            .arg(r.point.describe(m_axisNames))
            .arg(r.rep + 1)
            .arg(m_reps)
            .arg(invalid ? QStringLiteral("invalid (%1)").arg(r.error)
                         : QStringLiteral("%1 pps, %2 ns/pkt")
                               .arg(pps)
                               .arg(ns ? QString::number(*ns, 'f', 2) : QStringLiteral("-")));
    message(noise.disturbed ? line + QStringLiteral(", disturbed (%1)").arg(noise.figures())
                            : line);
}

void ProgressDisplay::pointCompleted(const PointStats &s) {
    QString line = s.ppsFigure ? QStringLiteral("point %1: median %2 pps, %3 ns/pkt (n=%4")
                                     .arg(s.point.describe(m_axisNames))
                                     .arg(*s.ppsFigure)
                                     .arg(TextLayout::fixed2(s.nsFigure().value_or(0)))
                                     .arg(s.ppsSummary.n)
                               : QStringLiteral("point %1: no valid repetition (n=0")
                                     .arg(s.point.describe(m_axisNames));
    if (!std::isnan(s.ppsSummary.cv))
        line += QStringLiteral(", CV %1%").arg(s.ppsSummary.cv * 100, 0, 'f', 2);
    line += QLatin1Char(')');
    if (!s.warnings.isEmpty())
        line += QStringLiteral("; ") + s.warnings.join(QStringLiteral("; "));
    message(line);
}

void ProgressDisplay::progress(int done, int total, qint64 etaMs) {
    m_done = done;
    m_total = total;
    m_etaMs = etaMs;
    redraw();
}

void ProgressDisplay::loadSampled(const LoadSample &sample) {
    if (sample.busy() == m_hostBusy)
        return;
    m_hostBusy = sample.busy();
    message(m_hostBusy ? QStringLiteral("host busy: ") + sample.describe()
                       : QStringLiteral("host quiet again: ") + sample.describe());
}

void ProgressDisplay::message(const QString &line) {
    clearBar();
    // Engine log lines and point labels are untrusted; the bar's own
    // control sequences are the only ones this display writes.
    CliOutput::err() << SafeText::lines(line) << Qt::endl;
    redraw();
}

void ProgressDisplay::clearBar() {
    if (m_barShown)
        CliOutput::err() << "\r\x1b[K";
    m_barShown = false;
}

void ProgressDisplay::redraw() {
    if (!m_terminal || m_total == 0)
        return;
    const int filled = m_done * kBarWidth / m_total;
    QString bar =
        QStringLiteral("\r[%1%2] %3/%4  %5")
            .arg(QString(filled, QLatin1Char('#')), QString(kBarWidth - filled, QLatin1Char('.')))
            .arg(m_done)
            .arg(m_total)
            .arg(m_current);
    if (m_pps > 0)
        bar += QStringLiteral("  %1 Mpps").arg(m_pps / 1e6, 0, 'f', 2);
    if (m_hostBusy)
        bar += QStringLiteral("  HOST BUSY");
    bar += QStringLiteral("  ETA %1\x1b[K").arg(formatDuration(m_etaMs));
    CliOutput::err() << bar;
    CliOutput::err().flush();
    m_barShown = true;
}

void ProgressDisplay::finish() {
    clearBar();
    CliOutput::err().flush();
}

} // namespace burstlab
