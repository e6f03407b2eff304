#include "exchange/TextLayout.h"
#include "util/SafeText.h"
#include <QJsonObject>
#include <algorithm>
#include <cmath>

namespace burstlab {

QString TextLayout::thousands(qint64 value) {
    QString digits = QString::number(std::llabs(value));
    for (qsizetype at = digits.size() - 3; at > 0; at -= 3)
        digits.insert(at, QLatin1Char(','));
    return value < 0 ? QLatin1Char('-') + digits : digits;
}

QString TextLayout::fixed2(double value) {
    const QString text = QString::number(value, 'f', 2);
    return text == QLatin1String("-0.00") ? QStringLiteral("0.00") : text;
}

QString TextLayout::cell(const QJsonValue &v) {
    if (v.isDouble()) {
        const double d = v.toDouble();
        return d == std::floor(d) && std::fabs(d) < 1e15 ? QString::number(qint64(d))
                                                         : QString::number(d, 'g', 12);
    }
    if (v.isBool())
        return v.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    return v.toString();
}

QString TextLayout::listCell(const QJsonArray &objects, const QString &field) {
    QStringList values;
    for (const QJsonValue &v : objects) {
        const QJsonValue value = v.toObject().value(field);
        values << (value.isString() ? value.toString().replace(QLatin1Char(';'), QLatin1Char(','))
                                    : cell(value));
    }
    return values.join(QLatin1Char(';'));
}

QString TextLayout::percent1(double share) {
    return QString::number(share * 100, 'f', 1) + QLatin1Char('%');
}

QString TextLayout::mbits(double bps) {
    return fixed2(bps / 1e6);
}

QString TextLayout::padLeft(const QString &text, qsizetype width) {
    return text.rightJustified(width, QLatin1Char(' '));
}

QString TextLayout::padRight(const QString &text, qsizetype width) {
    return text.leftJustified(width, QLatin1Char(' '));
}

qsizetype TextLayout::widest(const QStringList &texts) {
    qsizetype width = 0;
    for (const QString &t : texts)
        width = std::max(width, t.size());
    return width;
}

QString TextLayout::render(const QStringList &lines, int columns) {
    QString out;
    bool blank = true; // no blank lines at the start
    for (const QString &element : lines) {
        // Untrusted text (a label, notes) may hold line breaks of its own:
        // each is a line here, and every line is shown safe.
        for (QString line : element.split(QLatin1Char('\n'))) {
            // Sections end with a blank line: never two in a row.
            if (line.trimmed().isEmpty()) {
                if (!blank)
                    out += QLatin1Char('\n');
                blank = true;
                continue;
            }
            blank = false;
            line = SafeText::field(line.replace(QLatin1Char('\t'), QLatin1String("    ")));
            while (line.endsWith(QLatin1Char(' ')))
                line.chop(1);
            const qsizetype indent = std::find_if(line.begin(), line.end(),
                                                  [](QChar c) { return c != QLatin1Char(' '); }) -
                                     line.begin();
            const QString continuation(std::min<qsizetype>(indent + 2, columns / 2),
                                       QLatin1Char(' '));
            while (line.size() > columns) {
                qsizetype cut = line.lastIndexOf(QLatin1Char(' '), columns);
                // pktgen's "flag NO_TIMESTAMP" is one setting: its two words
                // stay on one line, as a reader copies them.
                if (const qsizetype before = line.lastIndexOf(QLatin1Char(' '), cut - 1);
                    cut > 0 && line.mid(before + 1, cut - before - 1) == QLatin1String("flag") &&
                    before > continuation.size())
                    cut = before;
                if (cut <= continuation.size())
                    cut = columns; // one word longer than a line: break inside it
                out += line.left(cut) + QLatin1Char('\n');
                line = continuation + line.mid(cut).trimmed();
            }
            out += line + QLatin1Char('\n');
        }
    }
    // ... and none at the end.
    while (out.endsWith(QLatin1String("\n\n")))
        out.chop(1);
    return out;
}

} // namespace burstlab
