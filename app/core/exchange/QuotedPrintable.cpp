#include "exchange/QuotedPrintable.h"
#include <QRegularExpression>

namespace burstlab {

namespace {

int hexValue(char c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

// The length of a soft line break at text[i] (an '='), or 0.
qsizetype softBreak(const QByteArray &text, qsizetype i) {
    qsizetype j = i + 1;
    while (j < text.size() && (text[j] == ' ' || text[j] == '\t'))
        ++j;
    if (j < text.size() && text[j] == '\r')
        ++j;
    if (j < text.size() && text[j] == '\n')
        return j + 1 - i;
    // Flattened: the line end became the one space after the '='.
    if (i + 1 < text.size() && text[i + 1] == ' ')
        return 2;
    return 0;
}

} // namespace

bool QuotedPrintable::applies(const QByteArray &text) {
    static const QRegularExpression header(
        QStringLiteral("Content-Transfer-Encoding:\\s*quoted-printable"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression encodedSpace(QStringLiteral(">=20(\\s|$)"));
    const QString latin = QString::fromLatin1(text);
    return text.contains("=3D") || latin.contains(header) || latin.contains(encodedSpace);
}

QByteArray QuotedPrintable::decode(const QByteArray &text) {
    QByteArray out;
    out.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != '=') {
            out += text[i];
            continue;
        }
        if (const qsizetype soft = softBreak(text, i)) {
            i += soft - 1;
            continue;
        }
        const int high = i + 2 < text.size() ? hexValue(text[i + 1]) : -1;
        const int low = high >= 0 ? hexValue(text[i + 2]) : -1;
        if (low < 0) {
            out += '=';
            continue;
        }
        out += char(high * 16 + low);
        i += 2;
    }
    return out;
}

} // namespace burstlab
