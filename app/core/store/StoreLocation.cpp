#include "store/StoreLocation.h"
#include "store/SqlDialect.h"
#include <QRegularExpression>
#include <QStringList>
#include <QUrl>
#include <QUrlQuery>

namespace burstlab {

namespace {

const QString passwordAdvice = QStringLiteral(
    "a password is not given with the store: put it in ~/.pgpass (or PGPASSFILE), or PGPASSWORD");

// libpq's quoting of a key=value setting's value.
QString quoted(QString value) {
    value.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    value.replace(QLatin1Char('\''), QStringLiteral("\\'"));
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

bool isUri(const QString &text) {
    return text.startsWith(QLatin1String("postgresql://")) ||
           text.startsWith(QLatin1String("postgres://"));
}

// libpq's key=value form starts with a setting; a file path does not.
bool isKeywordValue(const QString &text) {
    static const QRegularExpression setting(QStringLiteral("^\\s*[a-z_]+\\s*="));
    return setting.match(text).hasMatch();
}

// libpq takes a socket folder as the host, percent-encoded
// (%2Frun%2Fpostgresql), which a URL's host may not hold: it moves to the
// host= parameter, which libpq reads the same way.
QString socketHostAsParameter(const QString &text) {
    static const QRegularExpression socketHost(
        QStringLiteral("^(postgres(?:ql)?://(?:[^@/?#]*@)?)(%2[Ff][^:/?#]*)(.*)$"));
    const auto m = socketHost.match(text);
    if (!m.hasMatch())
        return text;
    QString rest = m.captured(3);
    const qsizetype query = rest.indexOf(QLatin1Char('?'));
    const QString host = QStringLiteral("host=") + m.captured(2);
    rest = query < 0 ? rest + QLatin1Char('?') + host
                     : rest.left(query + 1) + host + QLatin1Char('&') + rest.mid(query + 1);
    return m.captured(1) + rest;
}

// A URI as key=value settings, which is what Qt's driver passes on to libpq.
std::optional<QString> settingsOfUri(const QString &text, QString *error) {
    const QUrl url(socketHostAsParameter(text), QUrl::StrictMode);
    if (!url.isValid()) {
        // QUrl's text goes on to repeat the whole URI and its parts, a
        // password among them: only its reason is kept.
        *error = QStringLiteral("not a PostgreSQL connection URI (%1)")
                     .arg(url.errorString().section(QStringLiteral("; source was"), 0, 0));
        return std::nullopt;
    }
    if (!url.password().isEmpty()) {
        *error = passwordAdvice;
        return std::nullopt;
    }
    QStringList settings;
    const auto add = [&](const QString &key, const QString &value) {
        if (!value.isEmpty())
            settings << key + QLatin1Char('=') + quoted(value);
    };
    add(QStringLiteral("host"), url.host());
    add(QStringLiteral("port"), url.port() > 0 ? QString::number(url.port()) : QString());
    add(QStringLiteral("user"), url.userName());
    add(QStringLiteral("dbname"), url.path().mid(1));
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded))
        add(key, value);
    return settings.join(QLatin1Char(' '));
}

} // namespace

QString StoreLocation::redacted(const QString &text) {
    // user:password@ of a URI (up to the last '@' before the path), and
    // password=value of key=value settings, quoted or not.
    static const QRegularExpression uriPassword(
        QStringLiteral("(postgres(?:ql)?://[^:@/?#\\s]*:)[^/?#]*(@)"));
    static const QRegularExpression setting(
        QStringLiteral("(password\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'|\\S*)"));
    QString out = text;
    out.replace(uriPassword, QStringLiteral("\\1***\\2"));
    out.replace(setting, QStringLiteral("\\1***"));
    return out;
}

std::optional<StoreLocation> StoreLocation::parse(const QString &text, QString *error) {
    StoreLocation location;
    location.m_text = text;
    if (!isUri(text) && !isKeywordValue(text))
        return location;
    location.m_kind = Kind::Postgres;
    if (isUri(text)) {
        const auto settings = settingsOfUri(text, error);
        if (!settings)
            return std::nullopt;
        location.m_conninfo = *settings;
    } else {
        location.m_conninfo = text;
    }
    static const QRegularExpression password(QStringLiteral("(^|\\s)password\\s*="));
    if (password.match(location.m_conninfo).hasMatch()) {
        *error = passwordAdvice;
        return std::nullopt;
    }
    // Qt's driver turns ';' into a space before libpq sees the settings.
    if (location.m_conninfo.contains(QLatin1Char(';'))) {
        *error = QStringLiteral("a PostgreSQL connection cannot hold ';' here");
        return std::nullopt;
    }
    return location;
}

QSqlDatabase StoreLocation::addDatabase(const QString &name) const {
    QSqlDatabase db = QSqlDatabase::addDatabase(SqlDialect::of(m_kind).driver(), name);
    if (isFile())
        db.setDatabaseName(m_text);
    else
        db.setConnectOptions(m_conninfo);
    return db;
}

} // namespace burstlab
