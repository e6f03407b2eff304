#pragma once
#include <QList>
#include <QStringList>

namespace burstlab {

// The store's schema as ordered migrations: migrations()[i] takes
// PRAGMA user_version i to i + 1. One statement per string (QSQLITE runs
// one statement per exec()). Never edit a released step: append one.
struct Schema {
    static const QList<QStringList> &migrations();
};

} // namespace burstlab
