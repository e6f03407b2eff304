#pragma once
#include "model/TxCounters.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

// Reading and writing the structs of engine messages by the field lists
// they declare (a static fields(s, f) naming each field once), so a message
// is typed in one place: StepFinished, its windows and lcores, StepThreadFigures.
namespace burstlab::fieldjson {

template <typename T>
concept HasFields = requires(T &t) {
    T::fields(t, [](const char *, auto &, FieldNeed) {});
};

// Reads the fields a struct lists, each with its type, into the struct. The
// first problem is kept with the field's path ("finished.window.pps:
// missing"); nested readers share it. dpdkOnly is what a DpdkOnly field is
// in this message (dpdkOnlyNeed): optional unless an engine that measures
// them sent it.
class Reader {
  public:
    Reader(const QJsonObject &object, const QString &path, QString *error,
           FieldNeed dpdkOnly = FieldNeed::Optional)
        : m_object(object), m_path(path), m_error(error), m_dpdkOnly(dpdkOnly) {}

    void operator()(const char *name, qint64 &v, FieldNeed need) {
        take(name, need, isInteger, "an integer", [&](const QJsonValue &x) { v = x.toInteger(); });
    }
    void operator()(const char *name, double &v, FieldNeed need) {
        take(name, need, &QJsonValue::isDouble, "a number",
             [&](const QJsonValue &x) { v = x.toDouble(); });
    }
    void operator()(const char *name, bool &v, FieldNeed need) {
        take(name, need, &QJsonValue::isBool, "true or false",
             [&](const QJsonValue &x) { v = x.toBool(); });
    }
    void operator()(const char *name, QString &v, FieldNeed need) {
        take(name, need, &QJsonValue::isString, "a string",
             [&](const QJsonValue &x) { v = x.toString(); });
    }
    void operator()(const char *name, QJsonObject &v, FieldNeed need) {
        take(name, need, &QJsonValue::isObject, "an object",
             [&](const QJsonValue &x) { v = x.toObject(); });
    }
    void operator()(const char *name, QList<qint64> &v, FieldNeed need) {
        const QJsonValue x = value(name, need);
        if (x.isUndefined())
            return;
        const QJsonArray items = x.toArray();
        if (!x.isArray() || !std::all_of(items.begin(), items.end(), isInteger))
            return invalid(name, QStringLiteral("expected an array of integers"));
        v.clear();
        for (const QJsonValue &item : items)
            v.append(item.toInteger());
    }
    // null is "none" as much as a missing field.
    template <typename T> void operator()(const char *name, std::optional<T> &v, FieldNeed need) {
        v.reset();
        if (value(name, need).isUndefined() || m_object.value(QLatin1String(name)).isNull())
            return;
        T item{};
        (*this)(name, item, need);
        v = item;
    }
    template <HasFields T> void operator()(const char *name, T &v, FieldNeed need) {
        const QJsonValue x = value(name, need);
        if (x.isUndefined())
            return;
        if (!x.isObject())
            return invalid(name, QStringLiteral("expected an object"));
        read(QLatin1String(name), x.toObject(), v);
    }
    template <HasFields T> void operator()(const char *name, QList<T> &v, FieldNeed need) {
        const QJsonValue x = value(name, need);
        if (x.isUndefined())
            return;
        if (!x.isArray())
            return invalid(name, QStringLiteral("expected an array of objects"));
        v.clear();
        for (const QJsonValue &item : x.toArray()) {
            const QString key = QStringLiteral("%1[%2]").arg(QLatin1String(name)).arg(v.size());
            if (!item.isObject())
                return invalid(key, QStringLiteral("expected an object"));
            read(key, item.toObject(), v.emplace_back());
        }
    }

    bool ok() const { return m_error->isEmpty(); }
    void invalid(const QString &key, const QString &why) {
        if (m_error->isEmpty())
            *m_error = QStringLiteral("%1.%2: %3").arg(m_path, key, why);
    }

  private:
    static bool isInteger(const QJsonValue &x) {
        return x.isDouble() && std::trunc(x.toDouble()) == x.toDouble();
    }
    // Sets a present field of the right type, or notes what is wrong with it.
    template <typename Is, typename Set>
    void take(const char *name, FieldNeed need, Is is, const char *what, Set set) {
        const QJsonValue x = value(name, need);
        if (x.isUndefined())
            return;
        if (!std::invoke(is, x))
            return invalid(name, QStringLiteral("expected %1").arg(QLatin1String(what)));
        set(x);
    }
    // The field's value; undefined when it is absent (an error when required).
    QJsonValue value(const char *name, FieldNeed need) {
        const QJsonValue x = m_object.value(QLatin1String(name));
        if (need == FieldNeed::DpdkOnly)
            need = m_dpdkOnly;
        if (x.isUndefined() && need == FieldNeed::Required)
            invalid(QLatin1String(name), QStringLiteral("missing"));
        return x;
    }
    template <typename T> void read(const QString &key, const QJsonObject &object, T &out) {
        Reader nested(object, m_path + QLatin1Char('.') + key, m_error, m_dpdkOnly);
        T::fields(out, nested);
    }

    QJsonObject m_object;
    QString m_path;
    QString *m_error;
    FieldNeed m_dpdkOnly;
};

// Writes the fields a struct lists; empty optional ones are left out, as an
// engine leaves out what it does not measure.
class Writer {
  public:
    void operator()(const char *name, const qint64 &v, FieldNeed) { put(name, v); }
    void operator()(const char *name, const double &v, FieldNeed) { put(name, v); }
    void operator()(const char *name, const bool &v, FieldNeed) { put(name, v); }
    void operator()(const char *name, const QString &v, FieldNeed) { put(name, v); }
    void operator()(const char *name, const QJsonObject &v, FieldNeed) { put(name, v); }
    void operator()(const char *name, const QList<qint64> &v, FieldNeed) {
        QJsonArray a;
        for (qint64 x : v)
            a.append(x);
        put(name, a);
    }
    template <typename T>
    void operator()(const char *name, const std::optional<T> &v, FieldNeed need) {
        if (v)
            (*this)(name, *v, need);
        else if (need == FieldNeed::Required)
            put(name, QJsonValue::Null);
    }
    template <HasFields T> void operator()(const char *name, const T &v, FieldNeed) {
        put(name, write(v));
    }
    template <HasFields T> void operator()(const char *name, const QList<T> &v, FieldNeed) {
        QJsonArray a;
        for (const T &item : v)
            a.append(write(item));
        put(name, a);
    }

    template <typename T> static QJsonObject write(const T &s) {
        Writer w;
        T::fields(s, w);
        return w.m_object;
    }

  private:
    void put(const char *name, const QJsonValue &v) { m_object.insert(QLatin1String(name), v); }
    QJsonObject m_object;
};

// A struct from its JSON object; nullopt with *error naming the field
// ("finished.thread.wall_ns: missing") otherwise.
template <HasFields T>
std::optional<T> read(const QJsonObject &object, const QString &path, QString *error) {
    QString problem;
    Reader in(object, path, &problem);
    T out{};
    T::fields(out, in);
    if (!in.ok()) {
        if (error)
            *error = problem;
        return std::nullopt;
    }
    return out;
}

} // namespace burstlab::fieldjson
