#include "stats/LineRate.h"
#include <QRegularExpression>
#include <algorithm>

namespace burstlab {

namespace {
constexpr int minFrameWithoutFcs = LineRate::kMinFrameWithoutFcs;
constexpr int fcsBytes = 4;
constexpr int preambleSfdGapBytes = 20; // 7 preamble + 1 SFD + 12 inter-frame gap
// Rounding in a rate printed as an integer must not count as "too high".
constexpr double tolerance = 1e-6;
} // namespace

int LineRate::wireBytes(int frameBytesWithoutFcs) {
    return std::max(frameBytesWithoutFcs, minFrameWithoutFcs) + fcsBytes + preambleSfdGapBytes;
}

double LineRate::pps(double linkMbps, int frameBytesWithoutFcs) {
    return linkMbps * 1e6 / (8.0 * wireBytes(frameBytesWithoutFcs));
}

bool LineRate::above(double measuredPps, double linkMbps, int frameBytesWithoutFcs) {
    return linkMbps > 0 && measuredPps > pps(linkMbps, frameBytesWithoutFcs) * (1 + tolerance);
}

double LineRate::l2Bps(double pps, int frameBytesWithoutFcs) {
    return pps * 8.0 * frameBytesWithoutFcs;
}

double LineRate::l1Bps(double pps, int frameBytesWithoutFcs) {
    return pps * 8.0 * wireBytes(frameBytesWithoutFcs);
}

std::optional<double> LineRate::parseSpeedMbps(const QString &text, QString *error) {
    static const QRegularExpression speed(
        QStringLiteral("^\\s*(\\d+(?:\\.\\d+)?)\\s*(?:([gGmM])(?:bit/s|bps|b/s|bit|b)?)?\\s*$"));
    const auto m = speed.match(text);
    bool ok = false;
    double mbps = m.hasMatch() ? m.captured(1).toDouble(&ok) : 0;
    if (ok && m.captured(2).compare(QLatin1String("g"), Qt::CaseInsensitive) == 0)
        mbps *= 1000;
    if (!ok || mbps < kMinSpeedMbps || mbps > kMaxSpeedMbps) {
        if (error)
            *error = QStringLiteral("'%1' is not a link speed: expected e.g. 10G, 25000M or "
                                    "100G (1M..1600G; a plain number is Mbit/s)")
                         .arg(text);
        return std::nullopt;
    }
    return mbps;
}

QString LineRate::speedText(double mbps) {
    if (mbps >= 1000)
        return QString::number(mbps / 1000, 'g', 6) + QLatin1Char('G');
    return QString::number(mbps, 'g', 6) + QLatin1Char('M');
}

} // namespace burstlab
