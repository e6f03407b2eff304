#include "ranges/Assignment.h"
#include "ranges/ValueList.h"
#include <QRegularExpression>

namespace burstlab {

std::optional<Assignment> Assignment::split(const QString &text, QString *error) {
    static const QRegularExpression name(QStringLiteral("^[a-z_][a-z0-9_]*$"));
    const qsizetype eq = text.indexOf(QLatin1Char('='));
    QString why;
    Assignment a;
    if (eq < 0) {
        why = QStringLiteral("expected NAME=VALUE");
    } else {
        a.name = text.left(eq).trimmed();
        a.value = text.mid(eq + 1).trimmed();
        if (!name.match(a.name).hasMatch())
            why = QStringLiteral("'%1' is not a parameter name").arg(a.name);
        else if (a.value.isEmpty())
            why = QStringLiteral("no value after '='");
    }
    if (why.isEmpty())
        return a;
    if (error)
        *error = QStringLiteral("'%1': %2").arg(text, why);
    return std::nullopt;
}

std::optional<QList<qint64>> Assignment::values(QString *error) const {
    return ValueList::parse(name, value, error);
}

QJsonValue Assignment::scalar() const {
    if (value == QLatin1String("true"))
        return true;
    if (value == QLatin1String("false"))
        return false;
    bool ok = false;
    const qint64 number = value.toLongLong(&ok);
    if (ok)
        return number;
    return value;
}

} // namespace burstlab
