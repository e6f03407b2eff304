#pragma once
#include <QString>

namespace burstlab {

// A value that breaks a rule, by the field it is in: "max_reps" and "must
// be an integer in 3..1000, got 2". Front ends name the field their way
// (the CLI as its option, --max-reps).
struct FieldProblem {
    QString field;
    QString message;

    QString text() const { return field + QStringLiteral(": ") + message; }
    bool operator==(const FieldProblem &other) const = default;
};

} // namespace burstlab
