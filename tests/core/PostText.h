#pragma once
// What the netdev tests ask of any text meant for a mailing-list post.
#include "exchange/NetdevExport.h"
#include <QString>

// No tabs and no line wider than a post allows.
inline bool fitsPost(const QString &text) {
    if (text.contains(QLatin1Char('\t')))
        return false;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        if (line.size() > burstlab::NetdevExport::maxColumns)
            return false;
    }
    return true;
}
