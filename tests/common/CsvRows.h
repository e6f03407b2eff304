#pragma once
#include <QMap>
#include <QString>
#include <QStringList>

namespace burstlab {

// The rows of an exported CSV as a spreadsheet reads them: a field in
// quotes may hold commas, and "" in it is one quote. Each row maps the
// header's column names to its fields. No field of an export holds a line
// break (SafeText::spreadsheetCell), so a line is a row.
inline QList<QMap<QString, QString>> csvRows(const QString &text) {
    const auto fields = [](const QString &line) {
        QStringList cells;
        QString cell;
        bool quoted = false;
        for (qsizetype i = 0; i < line.size(); ++i) {
            const QChar c = line[i];
            if (c == u'"' && quoted && i + 1 < line.size() && line[i + 1] == u'"')
                cell += line[++i];
            else if (c == u'"')
                quoted = !quoted;
            else if (c == u',' && !quoted) {
                cells << cell;
                cell.clear();
            } else
                cell += c;
        }
        return cells << cell;
    };
    const QStringList lines = text.trimmed().split(u'\n');
    const QStringList header = fields(lines.first());
    QList<QMap<QString, QString>> rows;
    for (const QString &line : lines.mid(1)) {
        const QStringList cells = fields(line);
        QMap<QString, QString> row;
        for (qsizetype c = 0; c < header.size(); ++c)
            row.insert(header[c], cells.value(c));
        rows << row;
    }
    return rows;
}

} // namespace burstlab
