#pragma once
#include <QByteArray>

namespace burstlab {

// Mail posted to netdev and archived as quoted-printable (RFC 2045): a
// table in it reads "tsc=3Dreliable", "c= pu" and ">=20" until decoded.
namespace QuotedPrintable {

// Whether the text is quoted-printable: its header says so, or it shows
// what only the encoding writes: "=3D" (an encoded '=') or "=20" right
// after a quote marker (an encoded trailing space, ">=20"). A plain
// "burst=20" is not taken for one.
bool applies(const QByteArray &text);

// The text decoded: "=XX" is the byte XX; a soft line break is dropped,
// as written ("=" at a line's end, trailing blanks allowed) and as an
// archive that flattened the mail into one line shows it ("= ", the line
// end turned into a space: "c= pu" is "cpu"). Any other '=' is kept.
QByteArray decode(const QByteArray &text);

} // namespace QuotedPrintable

} // namespace burstlab
