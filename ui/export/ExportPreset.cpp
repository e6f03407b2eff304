#include "export/ExportPreset.h"

#include <QCoreApplication>

namespace burstlab {

const QList<ExportPreset> &ExportPreset::all() {
    static const QList<ExportPreset> presets{
        {QCoreApplication::translate("ExportPreset", "Mailing-list post, 800 × 500"),
         QSize(800, 500)},
        {QCoreApplication::translate("ExportPreset", "Slide 16:9, 1600 × 900"), QSize(1600, 900)},
        {QCoreApplication::translate("ExportPreset", "Slide 4:3, 1024 × 768"), QSize(1024, 768)},
    };
    return presets;
}

} // namespace burstlab
