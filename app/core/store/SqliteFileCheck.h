#pragma once
#include <QString>
#include <QtGlobal>

namespace burstlab {

// Whether an SQLite file is burstlab's to open: new, empty, or burstlab's
// own (its application id, or the tables of a burstlab store older than
// the id). Decided on a read-only, immutable connection before anything
// opens the file for writing, so a mistyped --db that names another
// program's database is refused without a byte of it, or a journal or WAL
// file beside it, written.
struct SqliteFileCheck {
    // PRAGMA application_id of a burstlab store: "BLab".
    static constexpr qint32 kApplicationId = 0x424c6162;

    // Empty when path may be opened as a store (or is no database at all:
    // opening it says so); else why not, naming what the file holds.
    static QString problem(const QString &path);
};

} // namespace burstlab
