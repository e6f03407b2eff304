#pragma once
#include <QString>
#include <QStringList>
#include <utility>

namespace burstlab {

// Shell command lines as text a user copies: quoted where needed and
// wrapped with " \" continuations only between words, never inside quotes
// or a comment, so the wrapped text runs as the unwrapped one would.
struct ShellText {
    // text quoted for a POSIX shell when it needs it.
    static QString quote(const QString &text);
    // The words of a command line, split at blanks outside quotes (quotes kept).
    static QStringList words(const QString &command);
    // "cmd   # why" -> {"cmd", "why"}: the comment starts at the first word
    // outside quotes that begins with '#'.
    static std::pair<QString, QString> splitComment(const QString &command);
    // Pieces (each kept whole) joined by spaces into lines at most `width`
    // wide: the first line starts with `indent`, the others with
    // `continuation`, and every line but the last ends with " \".
    static QStringList wrap(const QStringList &pieces, int width, const QString &indent,
                            const QString &continuation);
};

} // namespace burstlab
