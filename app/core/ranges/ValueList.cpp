#include "ranges/ValueList.h"
#include <QSet>
#include <limits>

namespace burstlab {

namespace {

// A cursor over the whole text, so every error can point at a column.
class Parser {
  public:
    Parser(const QString &field, const QString &text) : m_field(field), m_text(text) {}

    std::optional<QList<qint64>> run(QString *error) {
        if (m_text.trimmed().isEmpty()) {
            fail(error, QStringLiteral("%1: empty value list").arg(m_field));
            return std::nullopt;
        }
        while (true) {
            skipSpaces();
            if (!item(error))
                return std::nullopt;
            skipSpaces();
            if (atEnd())
                return m_values;
            if (m_text[m_pos] != QLatin1Char(',')) {
                failAt(error, QStringLiteral("is not a number"));
                return std::nullopt;
            }
            ++m_pos;
        }
    }

  private:
    bool item(QString *error) {
        if (atEnd() || m_text[m_pos] == QLatin1Char(','))
            return failAt(error, QStringLiteral("has an empty item"));
        const qsizetype start = m_pos;
        const auto first = number(error);
        if (!first)
            return false;
        skipSpaces();
        if (!m_text.mid(m_pos).startsWith(QLatin1String(".."))) {
            return add(*first, start, error);
        }
        m_pos += 2;
        skipSpaces();
        const auto last = number(error);
        if (!last)
            return false;
        skipSpaces();
        qint64 step = 1;
        if (!atEnd() && m_text[m_pos] == QLatin1Char(':')) {
            ++m_pos;
            skipSpaces();
            const qsizetype stepColumn = m_pos;
            const auto s = number(error);
            if (!s)
                return false;
            if (*s == 0) {
                m_pos = stepColumn;
                return failAt(error, QStringLiteral("has a step of 0"));
            }
            step = *s;
        }
        const qint64 direction = *last >= *first ? 1 : -1;
        for (qint64 v = *first; direction > 0 ? v <= *last : v >= *last; v += direction * step) {
            if (!add(v, start, error))
                return false;
            // Stop before overflowing past the end of a range near the limit.
            if ((direction > 0 && *last - v < step) || (direction < 0 && v - *last < step))
                break;
        }
        return true;
    }

    std::optional<qint64> number(QString *error) {
        const qsizetype start = m_pos;
        while (!atEnd() && m_text[m_pos].isDigit() && m_text[m_pos].unicode() < 128)
            ++m_pos;
        if (m_pos == start) {
            failAt(error, QStringLiteral("is not a number"));
            return std::nullopt;
        }
        bool ok = false;
        const qint64 value = m_text.mid(start, m_pos - start).toLongLong(&ok);
        if (!ok || value > std::numeric_limits<qint64>::max() / 4) {
            m_pos = start;
            failAt(error, QStringLiteral("is too large"));
            return std::nullopt;
        }
        return value;
    }

    bool add(qint64 value, qsizetype column, QString *error) {
        if (m_seen.contains(value)) {
            m_pos = column;
            return failAt(error, QStringLiteral("repeats %1").arg(value));
        }
        if (m_values.size() >= ValueList::maxValues) {
            m_pos = column;
            return failAt(error,
                          QStringLiteral("has more than %1 values").arg(ValueList::maxValues));
        }
        m_seen.insert(value);
        m_values << value;
        return true;
    }

    bool failAt(QString *error, const QString &what) {
        return fail(
            error,
            QStringLiteral("%1: '%2' %3 at column %4").arg(m_field, m_text, what).arg(m_pos + 1));
    }

    static bool fail(QString *error, const QString &message) {
        if (error)
            *error = message;
        return false;
    }

    void skipSpaces() {
        while (!atEnd() && m_text[m_pos].isSpace())
            ++m_pos;
    }
    bool atEnd() const { return m_pos >= m_text.size(); }

    QString m_field;
    QString m_text;
    qsizetype m_pos = 0;
    QList<qint64> m_values;
    QSet<qint64> m_seen;
};

} // namespace

std::optional<QList<qint64>> ValueList::parse(const QString &field, const QString &text,
                                              QString *error) {
    return Parser(field, text).run(error);
}

} // namespace burstlab
