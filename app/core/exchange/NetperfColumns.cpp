#include "exchange/NetperfColumns.h"
#include "exchange/NetperfText.h"
#include "exchange/TextLayout.h"
#include "util/SafeText.h"

#include <QJsonArray>

namespace burstlab {

namespace {

using T = TextLayout;

const QStringList figureListed{QStringLiteral("name"), QStringLiteral("unit"),
                               QStringLiteral("value")};
const QStringList deltaListed{QStringLiteral("name"),      QStringLiteral("unit"),
                              QStringLiteral("reference"), QStringLiteral("current"),
                              QStringLiteral("change"),    QStringLiteral("percent"),
                              QStringLiteral("verdict")};

// The figures with "value" their printed text, null where not measured:
// netperf's decimals, never the double's.
QJsonArray printedFigures(const QJsonArray &figures) {
    QJsonArray out;
    for (const QJsonValue &v : figures) {
        QJsonObject figure = v.toObject();
        if (!figure.value(QStringLiteral("value")).isNull())
            figure.insert(QStringLiteral("value"), figure.value(QStringLiteral("printed")));
        out << figure;
    }
    return out;
}

} // namespace

bool NetperfColumns::any(const Comparison &c) {
    for (const auto &cells : c.cells) {
        for (const auto &cell : cells) {
            if (cell && NetperfText::of(*cell))
                return true;
        }
    }
    return false;
}

QStringList NetperfColumns::csvNames() {
    QStringList names{QStringLiteral("netperf_test"), QStringLiteral("netperf_parameters")};
    for (const QString &field : figureListed)
        names << QStringLiteral("netperf_") + field;
    for (const QString &field : deltaListed)
        names << QStringLiteral("netperf_delta_") + field;
    return names;
}

QStringList NetperfColumns::csvFields(const QJsonObject &row) {
    const QJsonObject netperf = row.value(QStringLiteral("netperf")).toObject();
    const auto result = NetperfResult::fromJson(netperf, nullptr);
    QStringList fields{netperf.value(QStringLiteral("test")).toString(),
                       result ? result->parametersText() : QString()};
    const QJsonArray figures = printedFigures(netperf.value(QStringLiteral("figures")).toArray());
    for (const QString &field : figureListed)
        fields << T::listCell(figures, field);
    const QJsonArray changes = row.value(QStringLiteral("netperf_vs_baseline")).toArray();
    for (const QString &field : deltaListed)
        fields << T::listCell(changes, field);
    return fields;
}

QStringList NetperfColumns::markdown(const Comparison &c) {
    const QStringList names = c.names();
    QStringList figures{QStringLiteral("| run | point | test | figure | value |"),
                        QStringLiteral("|---|---|---|---|---|")};
    QStringList parameters;
    QStringList changes{
        QStringLiteral("| run | point | figure | baseline | value | change | % | verdict |"),
        QStringLiteral("|---|---|---|---|---|---|---|---|")};
    for (qsizetype r = 0; r < c.runs.size(); ++r) {
        for (qsizetype p = 0; p < c.points.size(); ++p) {
            const auto &cell = c.cells[r][p];
            const auto result = cell ? NetperfText::of(*cell) : std::nullopt;
            if (!result)
                continue;
            const QString lead =
                QStringLiteral("| %1 | %2 | ")
                    .arg(SafeText::markdownCell(names[r]),
                         SafeText::markdownCell(c.points[p].describe(c.axisNames)));
            for (const NetperfFigure &f : result->figures)
                figures << lead + QStringLiteral("%1 | %2 | %3 |")
                                      .arg(SafeText::markdownCell(result->test),
                                           SafeText::markdownCell(NetperfText::figureName(f)),
                                           SafeText::markdownCell(NetperfText::valueText(f)));
            parameters << QStringLiteral("> %1: %2 %3")
                              .arg(SafeText::markdownCell(names[r]),
                                   SafeText::markdownCell(result->test),
                                   SafeText::markdownCell(result->parametersText()));
            const auto &base = c.cells[0][p];
            const auto before = r > 0 && base ? NetperfText::of(*base) : std::nullopt;
            if (!before)
                continue;
            for (const NetperfChange &change : NetperfChange::between(*before, *result))
                changes << lead + QStringLiteral("%1 | %2 | %3 | %4 | %5 | %6 |")
                                      .arg(SafeText::markdownCell(
                                               NetperfText::figureName(change.reference)),
                                           SafeText::markdownCell(
                                               NetperfText::valueText(change.reference)),
                                           SafeText::markdownCell(
                                               NetperfText::valueText(change.current)),
                                           change.changeText(), change.percentText(),
                                           NetperfText::verdictText(change));
        }
    }
    QStringList out;
    if (figures.size() > 2)
        out << QString()
            << QStringLiteral("netperf figures (as netperf printed them; - = not measured):")
            << QString() << figures << QString() << parameters;
    if (changes.size() > 2)
        out << QString()
            << QStringLiteral("netperf figures against the baseline (change = this run - "
                              "baseline):")
            << QString() << changes << QString()
            << QStringLiteral("> ") + NetperfText::verdictRule();
    return out;
}

} // namespace burstlab
