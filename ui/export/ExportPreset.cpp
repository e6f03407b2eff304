#include "export/ExportPreset.h"

#include <QCoreApplication>

namespace burstlab {

const QList<ExportPreset> &ExportPreset::all() {
    static const QList<ExportPreset> presets{
        {QCoreApplication::translate("ExportPreset", "Mailing-list post, one chart, 800 × 500"),
         QSize(800, 500), 1},
        {QCoreApplication::translate("ExportPreset", "Mailing-list post, two charts, 1200 × 500"),
         QSize(1200, 500), 2},
        {QCoreApplication::translate("ExportPreset", "Slide 16:9, 1600 × 900"), QSize(1600, 900),
         0},
        {QCoreApplication::translate("ExportPreset", "Slide 4:3, 1024 × 768"), QSize(1024, 768), 0},
    };
    return presets;
}

int ExportPreset::betterFor(int current, int charts) {
    const int made = all().value(current).charts;
    if (made == 0 || made == charts) {
        return -1;
    }
    for (int i = 0; i < all().size(); ++i) {
        if (all().at(i).charts == charts) {
            return i;
        }
    }
    return -1;
}

} // namespace burstlab
