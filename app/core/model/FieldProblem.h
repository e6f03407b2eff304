#pragma once
#include <QList>
#include <QString>

namespace burstlab {

class JsonReader;

// A value that breaks a rule, by the field it is in: "max_reps" and "must
// be an integer in 3..1000, got 2". Front ends name the field their way
// (the CLI as its option, --max-reps).
struct FieldProblem {
    QString field;
    QString message;

    QString text() const { return field + QStringLiteral(": ") + message; }
    bool operator==(const FieldProblem &other) const = default;

    // Ends reading a nested object (in) of outer's key: what in found wrong,
    // else the first of the problems its value has, is outer's error at key.
    static void finishNested(JsonReader &in, JsonReader &outer, const QString &key,
                             const QList<FieldProblem> &problems);
};

} // namespace burstlab
