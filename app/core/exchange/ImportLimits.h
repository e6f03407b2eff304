#pragma once
#include <QString>
#include <QtGlobal>

namespace burstlab {

// Imports are small hand-posted tables; a multi-megabyte file is a mistake
// (a capture or log), and parsing millions of rows into runs costs minutes
// and hundreds of MB (a run's steps are appended one by one, each checked
// against the earlier ones for its repetition number). A posted table has
// tens of rows. The size is checked before reading, the row count while
// parsing.
inline constexpr qint64 maxImportBytes = 16 * 1024 * 1024;
inline constexpr qsizetype maxImportRows = 10'000;

// True (and *error set) once `rows` result rows exceed maxImportRows.
bool tooManyImportRows(qsizetype rows, QString *error);

} // namespace burstlab
