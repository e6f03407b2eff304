#include "exchange/NetperfText.h"
#include "exchange/TextLayout.h"

namespace burstlab {

namespace {

using T = TextLayout;

const QString notMeasured = QStringLiteral("not measured");

} // namespace

QString NetperfText::figureName(const NetperfFigure &f) {
    return f.name == QLatin1String("transactions/s") ? f.unit : f.name + QLatin1Char(' ') + f.unit;
}

QString NetperfText::valueText(const NetperfFigure &f) {
    return f.value() ? f.printed : QStringLiteral("-");
}

QString NetperfText::measuredText(const NetperfFigure &f) {
    return f.value() ? f.printed : notMeasured;
}

QString NetperfText::verdictText(const NetperfChange &change) {
    return change.change ? QString::fromLatin1(toString(change.verdict)) : notMeasured;
}

QString NetperfText::verdictRule() {
    return QStringLiteral("netperf verdicts: a netperf table is one repetition, and a verdict "
                          "needs Welch's test on 2 or more a side: insufficient.");
}

std::optional<NetperfResult> NetperfText::of(const PointStats &stats) {
    for (const StepResult &step : stats.disturbance.counted) {
        if (auto result = NetperfResult::of(step))
            return result;
    }
    return std::nullopt;
}

QStringList NetperfText::run(const QList<PointStats> &stats, const QStringList &labels) {
    QStringList lines;
    for (qsizetype p = 0; p < stats.size(); ++p) {
        const auto result = of(stats[p]);
        if (!result)
            continue;
        QStringList names;
        for (const NetperfFigure &f : result->figures)
            names << figureName(f);
        const qsizetype width = T::widest(names);
        lines << QStringLiteral("netperf %1 figures%2 (as netperf printed them; - = not measured):")
                     .arg(result->test,
                          labels.value(p).isEmpty() ? QString() : QStringLiteral(", ") + labels[p])
              << QStringLiteral(" ") + result->parametersText();
        for (qsizetype i = 0; i < result->figures.size(); ++i) {
            const NetperfFigure &f = result->figures[i];
            lines << QStringLiteral("   %1  %2%3")
                         .arg(T::padRight(names[i], width), T::padLeft(valueText(f), 10),
                              f.value() ? QString() : QStringLiteral("  ") + notMeasured);
        }
        lines << QString();
    }
    return lines;
}

QList<NetperfVs> NetperfText::against(const Comparison &c) {
    QList<NetperfVs> list;
    for (qsizetype r = 1; r < c.runs.size(); ++r) {
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &baseCell = c.cells[0][p];
            const auto &cell = c.cells[r][p];
            auto before = baseCell ? of(*baseCell) : std::nullopt;
            auto after = cell ? of(*cell) : std::nullopt;
            if (before && after)
                list << NetperfVs{r, p, *before, *after, NetperfChange::between(*before, *after)};
        }
    }
    return list;
}

// "request 128 B, response 14336 B, ..." parameter by parameter: what differs.
QStringList NetperfText::parameterDifferences(const NetperfVs &vs, const QString &baseName,
                                              const QString &name) {
    const NetperfResult &reference = vs.baseline;
    const NetperfResult &current = vs.current;
    QStringList lines;
    if (reference.test != current.test)
        lines << QStringLiteral("test: %1 in %2, %3 in %4")
                     .arg(reference.test, baseName, current.test, name);
    QStringList keys = reference.parameters.keys();
    for (const QString &key : current.parameters.keys()) {
        if (!keys.contains(key))
            keys << key;
    }
    for (const QString &key : keys) {
        const QString from = reference.parameters.value(key).toString();
        const QString to = current.parameters.value(key).toString();
        if (from != to)
            lines << QStringLiteral("%1: %2 in %3, %4 in %5")
                         .arg(key, from.isEmpty() ? QStringLiteral("not printed") : from, baseName,
                              to.isEmpty() ? QStringLiteral("not printed") : to, name);
    }
    return lines;
}

QStringList NetperfText::comparison(const Comparison &c, const QStringList &names,
                                    const QStringList &labels) {
    QStringList lines;
    const QString base = c.tag(0);
    for (const NetperfVs &vs : against(c)) {
        const QString tag = c.tag(vs.run);
        lines << QStringLiteral("netperf figures%1, %2 vs %3 (as netperf printed them; "
                                "change = %4 - %5; - = not measured):")
                     .arg(labels.value(vs.point).isEmpty()
                              ? QString()
                              : QStringLiteral(" at ") + labels[vs.point],
                          names[vs.run], names[0], tag, base);
        QStringList figureNames{QStringLiteral("figure")};
        for (const NetperfChange &change : vs.changes)
            figureNames << figureName(change.reference);
        const qsizetype width = T::widest(figureNames);
        lines << QStringLiteral("   %1 %2 %3 %4          verdict")
                     .arg(T::padRight(figureNames[0], width), T::padLeft(base, 8),
                          T::padLeft(tag, 8), T::padLeft(QStringLiteral("change"), 8));
        for (qsizetype i = 0; i < vs.changes.size(); ++i) {
            const NetperfChange &change = vs.changes[i];
            lines << QStringLiteral("   %1 %2 %3 %4 %5  %6")
                         .arg(T::padRight(figureNames[i + 1], width),
                              T::padLeft(valueText(change.reference), 8),
                              T::padLeft(valueText(change.current), 8),
                              T::padLeft(change.changeText(), 8),
                              T::padLeft(change.percentText(), 7), verdictText(change));
        }
        for (const QString &difference : parameterDifferences(vs, base, tag))
            lines << QStringLiteral(" ! ") + difference;
        lines << QString();
    }
    if (!lines.isEmpty())
        lines << verdictRule();
    return lines;
}

} // namespace burstlab
