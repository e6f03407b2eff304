#pragma once
#include <QByteArray>
#include <QDateTime>
#include <QJsonObject>
#include <QString>
#include <optional>

namespace burstlab {

// Where an imported run came from: the file's name (not its directory,
// which names the importer's machine), the format it was read as, when it
// was imported, and the SHA-256 of its bytes, by which a second import of
// the same content is recognised (RunStore::runsImportedFrom).
struct ImportOrigin {
    QString format;       // "netdev", "pktgen", "json"
    QString file;         // "seed000.txt"
    QDateTime importedAt; // UTC
    QString sha256;       // hex, of the file's bytes

    // The origin of bytes read from path as format, imported now.
    static ImportOrigin of(const QString &format, const QString &path, const QByteArray &bytes);
    // "seed000.txt (netdev), imported 2026-12-03 06:40 UTC"
    QString describe() const;

    QJsonObject toJson() const;
    static std::optional<ImportOrigin> fromJson(const QJsonObject &object, QString *error);

    bool operator==(const ImportOrigin &other) const = default;
};

} // namespace burstlab
