// Hostile text in a run (terminal escapes CSI and OSC, BEL, a carriage-return
// overwrite, backspace, a right-to-left override, NUL) reaches every output
// of burstlab-cli shown, never obeyed: runs, show, compare and the netdev,
// Markdown and CSV exports escape it (SafeText), JSON escapes it as JSON
// does, so it reads back to what was stored; and stdout on a terminal
// escapes whatever the format. A CSV text cell that would start a formula
// stays text in a spreadsheet; numbers stay numbers.
#include "compare/Comparison.h"
#include "exchange/TableExport.h"
#include "store/RunStore.h"
#include "util/SafeText.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <utility>

using namespace burstlab;

namespace {

const QString kCli = QStringLiteral(BURSTLAB_BIN_DIR "/burstlab-cli");

// Clears the screen, sets the window title, rings, overwrites the line,
// erases a character, turns the rest right to left, and ends a C string.
const QString kHostile = QStringLiteral("\x1b[2J\x1b]0;pwned\x07 ok\rOVER\bX") + QChar(0x202E) +
                         QStringLiteral("evil") + QChar(0) + QStringLiteral("end");

// The first character a terminal would obey, as "U+001B at 12"; empty when none.
QString firstUnsafe(const QString &text) {
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != u'\n' && SafeText::isUnsafe(text[i]))
            return QStringLiteral("U+%1 at %2")
                .arg(int(text[i].unicode()), 4, 16, QLatin1Char('0'))
                .arg(i);
    }
    return {};
}

// The records of a CSV text as a spreadsheet reads them (RFC 4180): fields
// split on commas, a quoted field's doubled quotes one quote, its commas
// and line breaks part of it.
QList<QStringList> csvRecords(const QString &csv) {
    QList<QStringList> records;
    QStringList record;
    QString field;
    bool quoted = false;
    for (qsizetype i = 0; i < csv.size(); ++i) {
        const QChar c = csv[i];
        if (quoted && c == u'"' && i + 1 < csv.size() && csv[i + 1] == u'"') {
            field += c;
            ++i;
        } else if (c == u'"') {
            quoted = !quoted;
        } else if (!quoted && c == u',') {
            record << std::exchange(field, {});
        } else if (!quoted && c == u'\n') {
            records << (record << std::exchange(field, {}));
            record.clear();
        } else {
            field += c;
        }
    }
    return records;
}

// Whether a spreadsheet evaluates the cell: it starts a formula, or is a
// tab or carriage return before one; a number is a value, not a formula.
bool evaluated(const QString &cell) {
    static const QString starts = QStringLiteral("=+-@\t\r");
    bool number = false;
    cell.toDouble(&number);
    return !cell.isEmpty() && starts.contains(cell.front()) && !number;
}

RunData hostileRun(const QString &label) {
    RunData data;
    data.run.label = label;
    data.run.name = QStringLiteral("name ") + kHostile;
    data.run.notes = QStringLiteral("notes ") + kHostile;
    data.run.tags = {QStringLiteral("tag") + kHostile};
    data.run.status = RunStatus::Completed;
    data.run.source = QStringLiteral("pktgen");
    data.run.spec.importWarnings = {QStringLiteral("line 3: odd ") + kHostile};
    data.run.spec.axes = {Axis{QStringLiteral("burst"), {AxisValue(1), AxisValue(8)}}};
    for (qint64 burst : {1, 8}) {
        for (double pps : {1e6, 1.01e6, 0.99e6}) {
            StepResult r;
            r.point = Point{{AxisValue(burst)}};
            r.status = RunStatus::Completed;
            r.pps = pps * double(burst);
            data.appendResult(r);
        }
    }
    return data;
}

} // namespace

class TestUntrustedText : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    QString m_stored; // the label as the store gives it back
    QList<qint64> m_ids;

    QString cli(const QStringList &args) {
        QProcess p;
        p.start(kCli, QStringList{QStringLiteral("--db"), m_db} + args);
        if (!p.waitForFinished(30000) || p.exitCode() != 0) {
            qWarning("%s", p.readAllStandardError().constData());
            return {};
        }
        return QString::fromUtf8(p.readAllStandardOutput());
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_db = m_dir.filePath(QStringLiteral("hostile.sqlite"));
        RunStore store;
        QVERIFY(store.open(m_db));
        for (const char *label : {"base ", "patch "}) {
            const auto id = store.insertRunData(hostileRun(QLatin1String(label) + kHostile));
            QVERIFY2(id, qPrintable(store.lastError()));
            m_ids << *id;
        }
        m_stored = store.loadRun(m_ids.first())->label;
        QVERIFY(m_stored.contains(QChar(0x202E)));
        QVERIFY(m_stored.contains(QChar(0x1b)));
    }

    void sanitizerShowsEveryHostileCharacter() {
        const QString shown = SafeText::field(kHostile);
        QCOMPARE(shown,
                 QStringLiteral("\\x1b[2J\\x1b]0;pwned\\x07 ok\\x0dOVER\\x08X\\u202eevil\\x00end"));
        QVERIFY(firstUnsafe(shown).isEmpty());
        QCOMPARE(SafeText::lines(QStringLiteral("a\n\tb\r")), QStringLiteral("a\n\tb\\x0d"));
        QCOMPARE(SafeText::field(QStringLiteral("a\nb")), QStringLiteral("a\\x0ab"));
        // Plain text, accents and other scripts pass as they are.
        const QString plain = QStringLiteral("patch2 · Brouer ü 測試 →");
        QCOMPARE(SafeText::field(plain), plain);
    }

    void textOutputsShowItEscaped_data() {
        QTest::addColumn<QStringList>("args");
        const QString base = QString::number(m_ids.value(0));
        const QString patch = QString::number(m_ids.value(1));
        QTest::newRow("runs") << QStringList{QStringLiteral("runs")};
        QTest::newRow("show") << QStringList{QStringLiteral("show"), base};
        QTest::newRow("compare") << QStringList{QStringLiteral("compare"), base, patch};
        for (const char *format : {"netdev", "md"})
            QTest::newRow(format) << QStringList{QStringLiteral("export"), base, patch,
                                                 QStringLiteral("--format"), QLatin1String(format)};
    }

    void textOutputsShowItEscaped() {
        QFETCH(QStringList, args);
        const QString out = cli(args);
        QVERIFY(!out.isEmpty());
        const QString unsafe = firstUnsafe(out);
        QVERIFY2(unsafe.isEmpty(), qPrintable(unsafe + QStringLiteral(" in\n") + out));
        QVERIFY2(out.contains(QStringLiteral("\\x1b[2J\\x1b]0;pwned\\x07")), qPrintable(out));
        QVERIFY2(out.contains(QStringLiteral("\\u202e")), qPrintable(out));
    }

    void csvShowsTheTextEscaped() {
        const QString csv = cli({QStringLiteral("export"), QString::number(m_ids.first()),
                                 QStringLiteral("--format"), QStringLiteral("csv")});
        const QString unsafe = firstUnsafe(csv);
        QVERIFY2(unsafe.isEmpty(), qPrintable(unsafe + QStringLiteral(" in\n") + csv));
        QVERIFY2(csv.contains(SafeText::field(m_stored)), qPrintable(csv));
    }

    // Labels, names and tags of other people's files, as a spreadsheet would
    // run them; the pps rise with burst, so the deltas are negative numbers.
    void csvCellsStayTextInASpreadsheet() {
        const QStringList formulas{QStringLiteral("=HYPERLINK(\"http://evil/\",\"x\")"),
                                   QStringLiteral("@SUM(A1:A9)"), QStringLiteral("+1"),
                                   QStringLiteral("-1+2"), QStringLiteral("\t=1+1")};
        QList<RunData> runs;
        for (const QString &formula : formulas) {
            RunData data = hostileRun(formula);
            data.run.name = formula;
            data.run.tags = {formula};
            runs << data;
        }
        const QList<QStringList> records = csvRecords(TableExport::csv(Comparison::of(runs)));
        QVERIFY(records.size() > formulas.size());
        const QStringList header = records.first();
        qsizetype labels = 0, negatives = 0;
        for (const QStringList &record : records.mid(1)) {
            QCOMPARE(record.size(), header.size());
            for (qsizetype column = 0; column < record.size(); ++column) {
                const QString &cell = record[column];
                QVERIFY2(!evaluated(cell),
                         qPrintable(header[column] + QStringLiteral(": ") + cell));
                labels += formulas.contains(cell.mid(1)) && cell.startsWith(u'\'');
                bool number = false;
                negatives += cell.startsWith(u'-') && (cell.toDouble(&number), number);
            }
        }
        // Every formula shown as the text it is, and the deltas numbers.
        QVERIFY2(labels >= formulas.size() - 1, qPrintable(QString::number(labels)));
        QVERIFY2(negatives > 0, "no negative delta left a number");
    }

    void jsonReadsBackToTheStoredText_data() {
        QTest::addColumn<QStringList>("args");
        // Where the label is, step by step: a key, an array index, or
        // "id=N" for the array's object with that id.
        QTest::addColumn<QString>("path");
        const QString base = QString::number(m_ids.value(0));
        QTest::newRow("runs --json")
            << QStringList{QStringLiteral("runs"), QStringLiteral("--json")}
            << QStringLiteral("id=%1/label").arg(base);
        QTest::newRow("show --json")
            << QStringList{QStringLiteral("show"), base, QStringLiteral("--json")}
            << QStringLiteral("runs/0/run/label");
        QTest::newRow("export json")
            << QStringList{QStringLiteral("export"), base, QStringLiteral("--format"),
                           QStringLiteral("json")}
            << QStringLiteral("runs/0/run/label");
    }

    void jsonReadsBackToTheStoredText() {
        QFETCH(QStringList, args);
        QFETCH(QString, path);
        const QString out = cli(args);
        const QString unsafe = firstUnsafe(out);
        QVERIFY2(unsafe.isEmpty(), qPrintable(unsafe + QStringLiteral(" in\n") + out));
        QJsonParseError error{};
        const QJsonDocument doc = QJsonDocument::fromJson(out.toUtf8(), &error);
        QVERIFY2(error.error == QJsonParseError::NoError, qPrintable(error.errorString()));
        QJsonValue at = doc.isArray() ? QJsonValue(doc.array()) : QJsonValue(doc.object());
        for (const QString &step : path.split(u'/')) {
            bool index = false;
            const int i = step.toInt(&index);
            if (step.startsWith(QLatin1String("id="))) {
                for (const QJsonValue &v : at.toArray()) {
                    if (v.toObject().value(QStringLiteral("id")).toInteger() ==
                        step.mid(3).toLongLong())
                        at = v;
                }
            } else {
                at = index ? at.toArray().at(i) : at.toObject().value(step);
            }
        }
        QCOMPARE(at.toString(), m_stored);
    }

    // On a terminal every format is shown safe, whatever it escapes itself.
    void terminalGetsNoEscapeWhateverTheFormat() {
        const QString script = QStandardPaths::findExecutable(QStringLiteral("script"));
        if (script.isEmpty())
            QSKIP("script (util-linux) is needed for a pseudo-terminal");
        QProcess p;
        const QString command = QStringLiteral("'%1' --db '%2' export %3 --format csv")
                                    .arg(kCli, m_db)
                                    .arg(m_ids.first());
        p.start(script, {QStringLiteral("-qec"), command, QStringLiteral("/dev/null")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        // The terminal's own line discipline turns each newline into CR LF.
        const QString out = QString::fromUtf8(p.readAllStandardOutput()).remove(u'\r');
        const QString unsafe = firstUnsafe(out);
        QVERIFY2(unsafe.isEmpty(), qPrintable(unsafe + QStringLiteral(" in\n") + out));
        QVERIFY2(out.contains(QStringLiteral("\\x1b[2J")), qPrintable(out));
    }
};

QTEST_GUILESS_MAIN(TestUntrustedText)
#include "tst_untrusted_text.moc"
