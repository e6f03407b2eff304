#pragma once
#include <QList>
#include <QSize>
#include <QString>

namespace burstlab {

// Fixed chart sizes that read well where results are shown: inline in a
// mailing-list post or full screen on a slide.
struct ExportPreset {
    QString name;
    QSize size;

    static const QList<ExportPreset> &all();
};

} // namespace burstlab
