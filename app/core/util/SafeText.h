#pragma once
#include <QString>
#include <QStringView>

namespace burstlab {

// Text from users, files, stores and other hosts (labels, notes, run names,
// imported strings, host names, an engine's messages) made safe to show: a
// terminal or a text view shows its control characters and escape
// sequences, never obeys them. One place decides which characters those
// are: the C0 controls, DEL and the C1 controls as \xNN, and the invisible
// marks and overrides that reorder text on screen (U+202E and its kind) as
// \uNNNN. Every text output and the GUI show untrusted text through it, CSV
// too (spreadsheetCell() below); JSON escapes it as JSON does (json()
// below), so the exact stored text stays available there.
namespace SafeText {

// For one field of a line (a table cell, a label): newlines and tabs are
// escaped too, so a field cannot break the layout around it.
QString field(QStringView text);
// For whole texts (a netdev post, an error message of several lines):
// newlines and tabs stay.
QString lines(QStringView text);
// A JSON document with those characters as \uNNNN: the same document to a
// JSON reader (they can only stand inside its strings), harmless to a terminal.
QString json(QStringView document);
// A text cell of a CSV file as field() shows it, and kept text when a
// spreadsheet opens the file: one that would start a formula (=, +, -, @)
// gets a leading apostrophe, as a spreadsheet's own "text" mark. Only for
// text: a number cell (a negative delta) is written as the number it is.
QString spreadsheetCell(QStringView text);
// A Markdown table cell or note as field() shows it, its pipes escaped.
QString markdownCell(QStringView text);
// Whether c is one of the characters above (newline and tab count).
bool isUnsafe(QChar c);

} // namespace SafeText

} // namespace burstlab
