#pragma once

#include "OptionsError.h"

#include <QStringList>
#include <functional>
#include <string>
#include <vector>

// A command line as the engine's argv would hold it.
inline std::vector<std::string> words(const QString &line) {
    std::vector<std::string> out;
    for (const QString &w : line.split(' ', Qt::SkipEmptyParts)) {
        out.push_back(w.toStdString());
    }
    return out;
}

// The OptionsError text f throws, or "ok".
inline QString outcome(const std::function<void()> &f) {
    try {
        f();
        return "ok";
    } catch (const burstlab::engine::OptionsError &e) {
        return QString::fromStdString(e.what());
    }
}
