#pragma once
#include <QDateTime>
#include <QJsonArray>
#include <QJsonObject>
#include <QString>
#include <QStringList>
#include <optional>

namespace burstlab {

// Typed reads from a JSON object for the fromJson functions: a missing key
// gives the default, a key of the wrong type records the first error
// ("run.label: expected a string") and gives the default.
// The stored text form of a time: UTC, ISO 8601 with milliseconds (empty
// for an invalid time). Sorts as text in time order.
QString dateTimeText(const QDateTime &time);
QDateTime dateTimeFromText(const QString &text);

class JsonReader {
  public:
    JsonReader(const QJsonObject &object, const QString &context);

    QString string(const QString &key, const QString &fallback = {});
    qint64 integer(const QString &key, qint64 fallback = 0);
    double number(const QString &key, double fallback = 0);
    bool boolean(const QString &key, bool fallback = false);
    QJsonObject object(const QString &key);
    QJsonArray array(const QString &key);
    QStringList strings(const QString &key);
    // ISO 8601 with milliseconds; missing or empty gives an invalid QDateTime.
    QDateTime dateTime(const QString &key);
    // An optional number: absent or null gives nullopt.
    std::optional<double> optionalNumber(const QString &key);
    // Marks key as required: an error when it is absent.
    bool require(const QString &key);
    // Records an error about key that the caller found (e.g. an unknown enum).
    void invalid(const QString &key, const QString &why);

    bool ok() const { return m_error.isEmpty(); }
    // Copies the first error into *error (when given); returns ok().
    bool finish(QString *error) const;

  private:
    bool typed(const QString &key, bool matches, const char *expected);

    QJsonObject m_object;
    QString m_context;
    QString m_error;
};

} // namespace burstlab
