#include "util/SafeText.h"

namespace burstlab::SafeText {

namespace {

enum class Keep { Nothing, LineBreaks };

// Marks and overrides that change the order text is shown in: the Arabic
// letter mark, LRM/RLM, the embeddings and overrides, and the isolates.
bool reorders(char16_t c) {
    return c == 0x061C || c == 0x200E || c == 0x200F || (c >= 0x202A && c <= 0x202E) ||
           (c >= 0x2066 && c <= 0x2069);
}

bool isControl(char16_t c) {
    return c < 0x20 || c == 0x7F || (c >= 0x80 && c <= 0x9F);
}

QString escaped(QStringView text, Keep keep) {
    QString out;
    out.reserve(text.size());
    for (const QChar ch : text) {
        const char16_t c = ch.unicode();
        if (keep == Keep::LineBreaks && (c == u'\n' || c == u'\t'))
            out += ch;
        else if (isControl(c))
            out += QStringLiteral("\\x%1").arg(int(c), 2, 16, QLatin1Char('0'));
        else if (reorders(c))
            out += QStringLiteral("\\u%1").arg(int(c), 4, 16, QLatin1Char('0'));
        else
            out += ch;
    }
    return out;
}

} // namespace

bool isUnsafe(QChar ch) {
    return isControl(ch.unicode()) || reorders(ch.unicode());
}

QString field(QStringView text) {
    return escaped(text, Keep::Nothing);
}

QString lines(QStringView text) {
    return escaped(text, Keep::LineBreaks);
}

QString spreadsheetCell(QStringView text) {
    // A leading tab or carriage return, which some spreadsheets skip before
    // looking for a formula, is escaped by field() to a backslash.
    QString cell = field(text);
    if (!cell.isEmpty() && QStringLiteral("=+-@").contains(cell.front()))
        cell.prepend(QLatin1Char('\''));
    return cell;
}

QString markdownCell(QStringView text) {
    return field(text).replace(QLatin1Char('|'), QLatin1String("\\|"));
}

QString json(QStringView document) {
    QString out;
    out.reserve(document.size());
    for (const QChar ch : document) {
        // The document's own layout (newlines, indentation) stays; inside
        // its strings a JSON writer has escaped every C0 control already.
        if (ch == u'\n' || ch == u'\t' || !isUnsafe(ch))
            out += ch;
        else
            out += QStringLiteral("\\u%1").arg(int(ch.unicode()), 4, 16, QLatin1Char('0'));
    }
    return out;
}

} // namespace burstlab::SafeText
