#include "model/ImportOrigin.h"
#include "model/JsonReader.h"
#include <QCryptographicHash>
#include <QFileInfo>

namespace burstlab {

ImportOrigin ImportOrigin::of(const QString &format, const QString &path, const QByteArray &bytes) {
    return {
        format, QFileInfo(path).fileName(), QDateTime::currentDateTimeUtc(),
        QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex())};
}

QString ImportOrigin::describe() const {
    return QStringLiteral("%1 (%2), imported %3")
        .arg(file, format, importedAt.toUTC().toString(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'")));
}

QJsonObject ImportOrigin::toJson() const {
    return {{QStringLiteral("format"), format},
            {QStringLiteral("file"), file},
            {QStringLiteral("imported_at"), dateTimeText(importedAt)},
            {QStringLiteral("sha256"), sha256}};
}

std::optional<ImportOrigin> ImportOrigin::fromJson(const QJsonObject &object, QString *error) {
    JsonReader in(object, QStringLiteral("import_origin"));
    ImportOrigin o;
    o.format = in.string(QStringLiteral("format"));
    o.file = in.string(QStringLiteral("file"));
    o.importedAt = in.dateTime(QStringLiteral("imported_at"));
    o.sha256 = in.string(QStringLiteral("sha256"));
    if (!in.finish(error))
        return std::nullopt;
    return o;
}

} // namespace burstlab
