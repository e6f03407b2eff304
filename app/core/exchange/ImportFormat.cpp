#include "exchange/ImportFormat.h"
#include "exchange/ImportLimits.h"
#include "exchange/NetdevImport.h"
#include "exchange/NetperfImport.h"
#include "exchange/PerfTableImport.h"
#include "exchange/PktgenImport.h"
#include "exchange/QuotedPrintable.h"
#include "exchange/RunFileChecks.h"
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <algorithm>
#include <cerrno>
#include <fcntl.h>
#include <sys/stat.h>

namespace burstlab {

namespace {

// A run file (RunData::toJson) as one run, or what `export --format json`
// writes (its "runs", each a run file) as its runs, each through the gate of
// RunFileChecks. A run exported while "running" comes back "interrupted":
// nobody is writing the copy.
std::optional<QList<RunData>> readRunJson(const QString &file, const QByteArray &bytes,
                                          QString *error) {
    const auto fail = [&](const QString &why) -> std::optional<QList<RunData>> {
        if (error)
            *error = QStringLiteral("%1: %2").arg(file, why);
        return std::nullopt;
    };
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(bytes, &parseError);
    if (!doc.isObject())
        return fail(QStringLiteral("not a JSON object: %1 at byte %2")
                        .arg(parseError.errorString())
                        .arg(parseError.offset));
    const QJsonValue exported = doc.object().value(QStringLiteral("runs"));
    const QJsonArray objects = exported.isArray() ? exported.toArray() : QJsonArray{doc.object()};
    if (objects.isEmpty())
        return fail(QStringLiteral("an export without runs"));
    QList<RunData> runs;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        QString why;
        auto data =
            objects[i].isObject() ? RunData::fromJson(objects[i].toObject(), &why) : std::nullopt;
        if (data)
            why = RunFileChecks::problem(*data);
        if (!data || !why.isEmpty())
            return fail(exported.isArray() ? QStringLiteral("runs[%1]: %2").arg(i).arg(why) : why);
        if (data->run.status == RunStatus::Running)
            data->run.status = RunStatus::Interrupted;
        runs << *data;
    }
    return runs;
}

// A text of perf or netperf tables and no result table, imported as netdev:
// where to look.
QString formatHint(const QString &text) {
    const auto perf = PerfTableImport::tables(text, nullptr);
    const qsizetype perfTables = perf ? perf->size() : 0;
    const qsizetype netperfTables = NetperfImport::count(text);
    if (perfTables == 0 && netperfTables == 0)
        return {};
    const qsizetype tables = perfTables > 0 ? perfTables : netperfTables;
    return QStringLiteral("; it holds %1 %2 table%3: import %4 with --format %2")
        .arg(tables)
        .arg(perfTables > 0 ? "perf" : "netperf")
        .arg(tables == 1 ? "" : "s")
        .arg(tables == 1 ? "it" : "them");
}

} // namespace

QStringList importFormats() {
    return {QStringLiteral("pktgen"), QStringLiteral("netdev"), QStringLiteral("perf"),
            QStringLiteral("netperf"), QStringLiteral("json")};
}

std::optional<QList<RunData>> importFile(const QString &format, const QString &file,
                                         const ImportOptions &options, QString *error) {
    const auto fail = [&](const QString &why) -> std::optional<QList<RunData>> {
        if (error)
            *error = why;
        return std::nullopt;
    };
    if (!importFormats().contains(format))
        return fail(QStringLiteral("unknown import format '%1' (expected %2)")
                        .arg(format, importFormats().join(QStringLiteral(", "))));
    // Opened without blocking (a FIFO would wait for a writer here) and then
    // asked, of the descriptor that is read and not of the name, what it
    // is: a device, a FIFO or a directory has no size to check and may
    // never end.
    const int fd = ::open(QFile::encodeName(file).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return fail(QStringLiteral("cannot read %1: %2").arg(file, qt_error_string(errno)));
    QFile in;
    in.open(fd, QIODevice::ReadOnly, QFileDevice::AutoCloseHandle);
    struct stat st {};
    if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode))
        return fail(QStringLiteral("%1 is not a regular file (a device, a FIFO or a directory): "
                                   "import reads files only")
                        .arg(file));
    // Its size first, then a read with the bound itself: the file may grow
    // while it is read.
    const QByteArray bytes =
        st.st_size > maxImportBytes ? QByteArray() : in.read(maxImportBytes + 1);
    if (st.st_size > maxImportBytes || bytes.size() > maxImportBytes)
        return fail(QStringLiteral("%1 is %2 bytes, over the import limit of %3 bytes (16 MiB)")
                        .arg(file)
                        .arg(std::max<qint64>(st.st_size, bytes.size()))
                        .arg(maxImportBytes));
    if (const qsizetype nul = bytes.indexOf('\0'); nul >= 0)
        return fail(QStringLiteral("%1: line %2 holds a NUL byte: not a text file")
                        .arg(file)
                        .arg(bytes.left(nul).count('\n') + 1));
    const ImportOrigin origin = ImportOrigin::of(format, file, bytes);
    std::optional<QList<RunData>> runs;
    if (format == QLatin1String("json")) {
        runs = readRunJson(file, bytes, error);
        if (!runs)
            return std::nullopt;
    } else {
        // A mail as archived is read as it was written; its lines are then
        // those of the decoded text.
        const bool encoded = QuotedPrintable::applies(bytes);
        // Line ends as a text-mode read gives them: a table saved on Windows reads the same.
        const QString text = QString::fromUtf8(encoded ? QuotedPrintable::decode(bytes) : bytes)
                                 .replace(QLatin1String("\r\n"), QLatin1String("\n"));
        QString why;
        if (format == QLatin1String("netdev")) {
            runs = NetdevImport::parse(text, options.label, &why);
            if (!runs)
                why += formatHint(text);
        } else if (format == QLatin1String("perf")) {
            runs = PerfTableImport::parse(text, options.label, &why);
        } else if (format == QLatin1String("netperf")) {
            runs = NetperfImport::parse(text, options.label, &why);
        } else if (const auto run = PktgenImport::parse(text, options.label, &why)) {
            runs = QList<RunData>{*run};
        }
        if (runs && format != QLatin1String("perf") && format != QLatin1String("netperf"))
            PerfTableImport::attach(*runs, text);
        if (!runs)
            return fail(
                QStringLiteral("%1%2: %3")
                    .arg(file, encoded ? QStringLiteral(" (quoted-printable, decoded)") : QString(),
                         why));
    }
    for (RunData &run : *runs) {
        // What a run file says of its engine, host and command stays as the
        // source's word: the run is marked as imported like any other.
        run.run.source = QStringLiteral("import:") + format;
        run.run.spec.importOrigin = origin;
        if (options.linkSpeedMbps)
            run.run.spec.linkSpeedMbps = options.linkSpeedMbps;
        if (options.frameSize)
            run.run.spec.fixed.insert(QStringLiteral("pkt_size"), *options.frameSize);
    }
    return runs;
}

} // namespace burstlab
