// Profiles end to end: sweeps of clone 0 and clone 8 on net_null through
// burstlab-cli, the profile of each point in show, and compare attributing
// each burst's delta to the functions whose share changed, the rows adding
// up to the printed delta. profile_hz=0 turns the profile off.
#include "CliRun.h"
#include "CsvRows.h"
#include "ProfileSections.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

using Result = burstlab::CliResult;

class TestProfiles : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;

    Result cli(const QStringList &args) { return burstlab::CliRun::run(m_db, args, 60000); }

    // The stored run's hello says whether this machine can profile.
    QString cannotProfile(int run) {
        const Result shown =
            cli({QStringLiteral("show"), QString::number(run), QStringLiteral("--json")});
        const QJsonObject hello =
            QJsonDocument::fromJson(shown.out.toUtf8())
                .object()[QStringLiteral("runs")][0][QStringLiteral("run")][QStringLiteral("hello")]
                .toObject();
        const QJsonObject profiling = hello[QStringLiteral("profiling")].toObject();
        return profiling[QStringLiteral("available")].toBool()
                   ? QString()
                   : profiling[QStringLiteral("reason")].toString();
    }

    bool sweep(const QString &label, const QStringList &set) {
        return burstlab::CliRun::profileSweep(m_db, label, set, 250);
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_db = m_dir.filePath(QStringLiteral("profiles.sqlite"));
        // More samples than the default gives, so that a busy host, which
        // leaves the TX thread less CPU time to sample, still has enough.
        const QString hz = QStringLiteral("profile_hz=997");
        QVERIFY(sweep(QStringLiteral("clone0"), {QStringLiteral("clone=0"), hz}));
        QVERIFY(sweep(QStringLiteral("clone8"), {QStringLiteral("clone=8"), hz}));
    }

    void showListsEachPointsFunctions() {
        if (const QString why = cannotProfile(1); !why.isEmpty()) {
            const Result shown = cli({QStringLiteral("show"), QStringLiteral("1")});
            QVERIFY2(shown.out.contains(QStringLiteral("no profiles: the engine cannot profile")),
                     qPrintable(shown.out));
            QSKIP(qPrintable(why));
        }
        const Result shown = cli({QStringLiteral("show"), QStringLiteral("2")});
        QCOMPARE(shown.code, 0);
        // The clone path's own function is sampled only where clone > 1.
        QVERIFY2(shown.out.contains(QStringLiteral("TxWorker::handOutClone")),
                 qPrintable(shown.out));
        QVERIFY2(shown.out.contains(QRegularExpression(QStringLiteral(
                     R"(burst=32: \d+ (cpu-clock|cycles) samples at 997 Hz over 2 repetitions)"))),
                 qPrintable(shown.out));
    }

    void compareAttributesEachDeltaToFunctions() {
        if (const QString why = cannotProfile(1); !why.isEmpty())
            QSKIP(qPrintable(why));
        const Result r = cli({QStringLiteral("compare"), QStringLiteral("1"), QStringLiteral("2"),
                              QStringLiteral("--no-chart")});
        QCOMPARE(r.code, 0);
        const auto sections = burstlab::ProfileSections::of(r.out);
        QVERIFY2(sections.widest <= 72, qPrintable(r.out));
        QStringList points;
        qsizetype changed = 0;
        for (const burstlab::ProfilePointSection &p : sections.points) {
            points << p.point;
            QVERIFY2(std::abs(p.rowsSum - p.delta) < 0.005,
                     qPrintable(QStringLiteral("%1: rows add up to %2, delta %3")
                                    .arg(p.point)
                                    .arg(p.rowsSum)
                                    .arg(p.delta)));
            // The delta is the baseline's ns/pkt minus this run's.
            QVERIFY(std::abs(p.reference - p.current - p.delta) < 0.015);
            changed += p.changed.size();
        }
        QCOMPARE(points, (QStringList{QStringLiteral("burst=1"), QStringLiteral("burst=32")}));
        // handOutClone runs only with clone 8: hundreds of samples against none.
        QVERIFY2(changed >= 2, qPrintable(r.out));
        QVERIFY2(sections.ruleStated, qPrintable(r.out));
    }

    // JSON, CSV and Markdown carry the figures compare prints: each side's
    // functions add up to its ns/pkt, the printed rows to the printed delta,
    // and each function compare calls changed has the same ns saved in
    // every output.
    void tablesCarryTheTextsFigures() {
        if (const QString why = cannotProfile(1); !why.isEmpty())
            QSKIP(qPrintable(why));
        const auto exported = [&](const QString &format) {
            const Result r = cli({QStringLiteral("export"), QStringLiteral("--format"), format,
                                  QStringLiteral("1"), QStringLiteral("2")});
            return r.code == 0 ? r.out : QString();
        };
        const QJsonArray points = QJsonDocument::fromJson(exported(QStringLiteral("json")).toUtf8())
                                      .object()[QStringLiteral("points")]
                                      .toArray();
        QCOMPARE(points.size(), 4);
        // point -> "function saved" of each row called changed, as JSON has them
        QMap<QString, QStringList> changed;
        for (const QJsonValue &v : points) {
            const QJsonObject point = v.toObject();
            const QJsonObject profile = point[QStringLiteral("profile")].toObject();
            double sum = 0;
            for (const QJsonValue &f : profile[QStringLiteral("functions")].toArray())
                sum += f[QStringLiteral("ns_per_pkt")].toDouble();
            QVERIFY(std::abs(sum - point[QStringLiteral("ns_per_pkt")].toDouble()) < 1e-6);
            const QJsonValue delta = point[QStringLiteral("profile_vs_baseline")];
            QCOMPARE(delta.isObject(), !point[QStringLiteral("baseline")].toBool());
            if (!delta.isObject())
                continue;
            const QString key =
                QStringLiteral("burst=%1").arg(point[QStringLiteral("burst")].toInteger());
            double printed = 0;
            for (const QJsonValue &row : delta[QStringLiteral("rows")].toArray()) {
                const double saved = row[QStringLiteral("delta_ns_printed")].toDouble();
                printed += saved;
                if (row[QStringLiteral("changed")].toBool())
                    changed[key] << row[QStringLiteral("name")].toString().right(20) +
                                        QLatin1Char(' ') + QString::number(saved, 'f', 2);
            }
            const double base = point[QStringLiteral("base_delta_ns")].toDouble();
            QCOMPARE(QString::number(printed, 'f', 2), QString::number(base, 'f', 2));
        }
        const Result text = cli({QStringLiteral("compare"), QStringLiteral("1"),
                                 QStringLiteral("2"), QStringLiteral("--no-chart")});
        const QString markdown = exported(QStringLiteral("md"));
        for (const burstlab::ProfilePointSection &p :
             burstlab::ProfileSections::of(text.out).points) {
            QStringList shown;
            for (qsizetype i = 0; i < p.functions.size(); ++i) {
                if (!p.changed.contains(p.functions[i]))
                    continue;
                shown << p.functions[i].right(20) + QLatin1Char(' ') +
                             QString::number(p.saved[i], 'f', 2);
                QVERIFY2(markdown.contains(QRegularExpression(
                             QStringLiteral(R"(\| %1 \| [^|]+ \| [^|]*%2 \|[^|]+\|[^|]+\| %3 \|)")
                                 .arg(p.point, QRegularExpression::escape(p.functions[i].right(20)),
                                      QString::number(p.saved[i], 'f', 2)))),
                         qPrintable(markdown));
            }
            QCOMPARE(shown, changed.value(p.point));
        }
        // CSV: the printed rows of a point add up to its printed delta too.
        int checked = 0;
        for (const auto &row : burstlab::csvRows(exported(QStringLiteral("csv")))) {
            // A list is text: one starting with '-' is guarded against a
            // spreadsheet's formula by a leading quote.
            QString rows = row.value(QStringLiteral("profile_delta_delta_ns_printed"));
            if (rows.startsWith(QLatin1Char('\'')))
                rows.remove(0, 1);
            if (rows.isEmpty())
                continue;
            double sum = 0;
            for (const QString &v : rows.split(QLatin1Char(';')))
                sum += v.toDouble();
            QCOMPARE(
                QString::number(sum, 'f', 2),
                QString::number(row.value(QStringLiteral("base_delta_ns")).toDouble(), 'f', 2));
            ++checked;
        }
        QCOMPARE(checked, 2);
    }

    void profileHzZeroTurnsItOff() {
        QVERIFY(sweep(QStringLiteral("off"), {QStringLiteral("profile_hz=0")}));
        const Result shown =
            cli({QStringLiteral("show"), QStringLiteral("3"), QStringLiteral("--json")});
        QVERIFY(!shown.out.contains(QStringLiteral("\"functions\"")));
        const Result text = cli({QStringLiteral("show"), QStringLiteral("3")});
        QVERIFY(!text.out.contains(QStringLiteral("Where the ns/packet go")));
    }
};

QTEST_GUILESS_MAIN(TestProfiles)
#include "tst_profiles.moc"
