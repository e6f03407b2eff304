#pragma once
#include <QJsonValue>
#include <QList>
#include <QString>
#include <optional>

namespace burstlab {

// NAME=VALUES from the command line: `--sweep burst=1..10` and
// `--set pkt_size=64`, `--set dst_mac=02:00:00:00:00:02`, `--set timestamp=true`.
struct Assignment {
    QString name;
    QString value; // the text after the first '='

    // Splits at the first '='; the name must be [a-z_][a-z0-9_]* and the
    // value non-empty. Errors quote the text.
    static std::optional<Assignment> split(const QString &text, QString *error);
    // The value as a value list (see ValueList), errors prefixed with name.
    std::optional<QList<qint64>> values(QString *error) const;
    // The value as one JSON scalar: an integer, true/false, or otherwise the
    // string itself (MAC and IP addresses).
    QJsonValue scalar() const;
};

} // namespace burstlab
