#pragma once
#include <QList>
#include <QSize>
#include <QString>

namespace burstlab {

// Fixed figure sizes that read well where results are shown: inline in a
// mailing-list post (one chart, or the pps and delta charts side by side) or
// full screen on a slide.
struct ExportPreset {
    QString name;
    QSize size;
    int charts = 0; // the number of charts side by side it is made for; 0: any

    static const QList<ExportPreset> &all();
    // The preset to switch to for a figure of that many charts, when the one
    // chosen was made for another number; -1 to keep it.
    static int betterFor(int current, int charts);
};

} // namespace burstlab
