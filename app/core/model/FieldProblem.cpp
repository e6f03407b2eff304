#include "model/FieldProblem.h"
#include "model/JsonReader.h"

namespace burstlab {

void FieldProblem::finishNested(JsonReader &in, JsonReader &outer, const QString &key,
                                const QList<FieldProblem> &problems) {
    QString error;
    if (!in.finish(&error))
        outer.invalid(key, error);
    else if (!problems.isEmpty())
        outer.invalid(key, problems.first().text());
}

} // namespace burstlab
