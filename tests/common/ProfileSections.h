#pragma once
#include <QRegularExpression>
#include <QString>
#include <QStringList>
#include <algorithm>

namespace burstlab {

// What compare's "Where the ns/pkt went, ..." sections say of each point:
// the printed delta and the ns/pkt it is the difference of, the sum of its
// rows' ns saved, the functions shown and which of them changed, and the
// widest line, as a reader of the text sees them.
struct ProfilePointSection {
    QString point; // "burst=32"
    double delta = 0;
    double reference = 0;
    double current = 0;
    double rowsSum = 0;
    QStringList functions; // as printed, trimmed (a long name cut at its start)
    QStringList changed;
    QList<double> saved; // each function's ns saved, as printed
};

struct ProfileSections {
    QList<ProfilePointSection> points;
    qsizetype widest = 0;
    bool ruleStated = false; // the rule of "changed" follows the sections

    static ProfileSections of(const QString &text) {
        static const QRegularExpression point(
            QStringLiteral(R"(^ (\S+=\S+): (-?\d+\.\d\d) ns/pkt = (\d+\.\d\d) - (\d+\.\d\d)$)"));
        static const QRegularExpression row(QStringLiteral(
            R"(^   (.+?)\s+(-|\d+\.\d\d)\s+(-|\d+\.\d\d)\s+(-?\d+\.\d\d)(  \S+->\S+)?$)"));
        ProfileSections out;
        bool inside = false;
        for (const QString &line : text.split(QLatin1Char('\n'))) {
            if (line.startsWith(QStringLiteral("Where the ns/pkt went, "))) {
                inside = true;
                continue;
            }
            if (line.startsWith(QStringLiteral("Profiles: ")))
                inside = false;
            if (!inside)
                continue;
            out.widest = std::max(out.widest, line.size());
            if (const auto m = point.match(line); m.hasMatch()) {
                out.points.append({m.captured(1),
                                   m.captured(2).toDouble(),
                                   m.captured(3).toDouble(),
                                   m.captured(4).toDouble(),
                                   0,
                                   {},
                                   {},
                                   {}});
            } else if (const auto m = row.match(line); m.hasMatch() && !out.points.isEmpty()) {
                ProfilePointSection &p = out.points.last();
                p.rowsSum += m.captured(4).toDouble();
                p.functions << m.captured(1).trimmed();
                p.saved << m.captured(4).toDouble();
                if (!m.captured(5).isEmpty())
                    p.changed << m.captured(1).trimmed();
            }
        }
        // The rule's line is wrapped at 72 columns.
        out.ruleStated = text.contains(QStringLiteral("Profiles: ")) &&
                         text.simplified().contains(QStringLiteral("two-proportion z-test"));
        return out;
    }
};

} // namespace burstlab
