#include "TextTable.h"
#include "util/SafeText.h"

#include <QRegularExpression>
#include <algorithm>
#include <numeric>

namespace burstlab {

void TextTable::addRow(const QStringList &cells) {
    QStringList shown;
    for (const QString &cell : cells)
        shown << SafeText::field(cell);
    m_rows.append(shown);
}

namespace {
constexpr int minWrapWidth = 12;
constexpr int gap = 2;
} // namespace

QStringList TextTable::wrap(const QString &text, int width) {
    QStringList lines;
    QString line;
    for (QString word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        while (word.size() > width) {
            if (!line.isEmpty())
                lines << line;
            lines << word.left(width);
            word = word.mid(width);
            line.clear();
        }
        if (line.isEmpty())
            line = word;
        else if (line.size() + 1 + word.size() <= width)
            line += QLatin1Char(' ') + word;
        else {
            lines << line;
            line = word;
        }
    }
    if (!line.isEmpty() || lines.isEmpty())
        lines << line;
    return lines;
}

QString TextTable::toString(int maxWidth) const {
    static const QRegularExpression number(QStringLiteral("^[-+]?[0-9][0-9.,]*%?$"));
    QList<int> widths;
    for (const QString &h : m_header)
        widths.append(int(h.size()));
    for (const QStringList &row : m_rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], int(row[i].size()));
    }
    int total = std::accumulate(widths.begin(), widths.end(), 0) + gap * int(widths.size() - 1);
    while (maxWidth > 0 && total > maxWidth) {
        const auto widest = std::max_element(widths.begin(), widths.end());
        if (*widest <= minWrapWidth)
            break;
        --*widest;
        --total;
    }
    auto line = [&](const QStringList &cells) {
        QList<QStringList> wrapped;
        qsizetype height = 1;
        for (qsizetype i = 0; i < widths.size(); ++i) {
            wrapped << wrap(cells.value(i), widths[i]);
            height = std::max(height, wrapped.last().size());
        }
        QString text;
        for (qsizetype l = 0; l < height; ++l) {
            QStringList padded;
            for (qsizetype i = 0; i < widths.size(); ++i) {
                const QString cell = wrapped[i].value(l);
                const bool right = height == 1 && number.match(cell).hasMatch();
                padded << (right ? cell.rightJustified(widths[i]) : cell.leftJustified(widths[i]));
            }
            QString joined = padded.join(QString(gap, QLatin1Char(' ')));
            while (joined.endsWith(QLatin1Char(' ')))
                joined.chop(1);
            text += joined + QLatin1Char('\n');
        }
        return text;
    };
    QString text = line(m_header);
    for (const QStringList &row : m_rows)
        text += line(row);
    return text;
}

} // namespace burstlab
