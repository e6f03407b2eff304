#pragma once
#include <QString>

namespace burstlab {

// Checks a store file from outside the program that wrote it.
class StoreCheck {
  public:
    // What PRAGMA integrity_check says ("ok" for a sound file), or the error
    // that kept it from running.
    static QString integrity(const QString &path);
};

} // namespace burstlab
