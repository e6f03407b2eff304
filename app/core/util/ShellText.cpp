#include "util/ShellText.h"
#include <QRegularExpression>

namespace burstlab {

QString ShellText::quote(const QString &text) {
    static const QRegularExpression safe(QStringLiteral("^[A-Za-z0-9_@%+=:,./-]+$"));
    if (safe.match(text).hasMatch())
        return text;
    return QLatin1Char('\'') + QString(text).replace(QLatin1String("'"), QLatin1String("'\\''")) +
           QLatin1Char('\'');
}

QStringList ShellText::words(const QString &command) {
    QStringList out;
    QString word;
    QChar quote;
    for (const QChar c : command) {
        if (quote.isNull() && c.isSpace()) {
            if (!word.isEmpty())
                out << word;
            word.clear();
            continue;
        }
        if (quote.isNull() && (c == QLatin1Char('\'') || c == QLatin1Char('"')))
            quote = c;
        else if (c == quote)
            quote = QChar();
        word += c;
    }
    if (!word.isEmpty())
        out << word;
    return out;
}

std::pair<QString, QString> ShellText::splitComment(const QString &command) {
    const QStringList all = words(command);
    for (qsizetype i = 0; i < all.size(); ++i) {
        if (all[i].startsWith(QLatin1Char('#')))
            return {all.mid(0, i).join(QLatin1Char(' ')),
                    all.mid(i).join(QLatin1Char(' ')).mid(1).trimmed()};
    }
    return {all.join(QLatin1Char(' ')), QString()};
}

QStringList ShellText::wrap(const QStringList &pieces, int width, const QString &indent,
                            const QString &continuation) {
    QStringList lines;
    QString line = indent;
    bool empty = true;
    for (const QString &piece : pieces) {
        // Room for " piece" and the " \" that would continue the line.
        if (!empty && line.size() + 1 + piece.size() + 2 > width) {
            lines << line + QStringLiteral(" \\");
            line = continuation + piece;
        } else {
            line += (empty ? QString() : QStringLiteral(" ")) + piece;
        }
        empty = false;
    }
    lines << line;
    return lines;
}

} // namespace burstlab
