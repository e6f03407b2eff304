#include "TextTable.h"

#include <QRegularExpression>

namespace burstlab {

QString TextTable::toString() const {
    static const QRegularExpression number(QStringLiteral("^[-+]?[0-9][0-9.,]*%?$"));
    QList<int> widths;
    for (const QString &h : m_header)
        widths.append(int(h.size()));
    for (const QStringList &row : m_rows) {
        for (qsizetype i = 0; i < row.size() && i < widths.size(); ++i)
            widths[i] = std::max(widths[i], int(row[i].size()));
    }
    auto line = [&](const QStringList &cells) {
        QStringList padded;
        for (qsizetype i = 0; i < widths.size(); ++i) {
            const QString cell = cells.value(i);
            const bool right = number.match(cell).hasMatch();
            padded << (right ? cell.rightJustified(widths[i]) : cell.leftJustified(widths[i]));
        }
        QString text = padded.join(QStringLiteral("  "));
        while (text.endsWith(QLatin1Char(' ')))
            text.chop(1);
        return text + QLatin1Char('\n');
    };
    QString text = line(m_header);
    for (const QStringList &row : m_rows)
        text += line(row);
    return text;
}

} // namespace burstlab
