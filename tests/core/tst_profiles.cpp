// Profiles end to end: sweeps of clone 0 and clone 8 on net_null through
// burstlab-cli, the profile of each point in show, and compare attributing
// each burst's delta to the functions whose share changed, the rows adding
// up to the printed delta. profile_hz=0 turns the profile off.
#include "CliRun.h"

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
        QStringList args{QStringLiteral("sweep"),
                         QStringLiteral("--vdev"),
                         QStringLiteral("net_null0"),
                         QStringLiteral("--sweep"),
                         QStringLiteral("burst=1,32"),
                         QStringLiteral("--reps"),
                         QStringLiteral("2"),
                         QStringLiteral("--duration-ms"),
                         QStringLiteral("250"),
                         QStringLiteral("--label"),
                         label};
        for (const QString &s : set)
            args << QStringLiteral("--set") << s;
        const Result r = cli(args);
        if (r.code != 0)
            qWarning("%s", qPrintable(r.err));
        return r.code == 0;
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
        const QStringList lines = r.out.split(QLatin1Char('\n'));
        qsizetype start = 0;
        while (start < lines.size() &&
               !lines[start].startsWith(QStringLiteral("Where the ns/pkt went, ")))
            ++start;
        QVERIFY2(start < lines.size(), qPrintable(r.out));
        const QRegularExpression point(
            QStringLiteral(R"(^ (burst=\d+): (-?\d+\.\d\d) ns/pkt = (\d+\.\d\d) - (\d+\.\d\d)$)"));
        const QRegularExpression row(QStringLiteral(
            R"(^   (.{30})\s+(-|\d+\.\d\d)\s+(-|\d+\.\d\d)\s+(-?\d+\.\d\d)(  \S+->\S+)?$)"));
        QStringList points;
        double delta = 0, sum = 0;
        int changed = 0;
        const auto check = [&] {
            if (!points.isEmpty())
                QVERIFY2(std::abs(sum - delta) < 0.005,
                         qPrintable(QStringLiteral("%1: rows add up to %2, delta %3")
                                        .arg(points.last())
                                        .arg(sum)
                                        .arg(delta)));
        };
        for (qsizetype i = start + 1;
             i < lines.size() && !lines[i].startsWith(QStringLiteral("Profiles: ")); ++i) {
            QVERIFY2(lines[i].size() <= 72, qPrintable(lines[i]));
            if (const auto m = point.match(lines[i]); m.hasMatch()) {
                check();
                points << m.captured(1);
                delta = m.captured(2).toDouble();
                sum = 0;
                // The delta is the baseline's ns/pkt minus this run's.
                QVERIFY(std::abs(m.captured(3).toDouble() - m.captured(4).toDouble() - delta) <
                        0.015);
            } else if (const auto m = row.match(lines[i]); m.hasMatch()) {
                sum += m.captured(4).toDouble();
                changed += m.captured(5).isEmpty() ? 0 : 1;
            }
        }
        check();
        QCOMPARE(points, (QStringList{QStringLiteral("burst=1"), QStringLiteral("burst=32")}));
        // handOutClone runs only with clone 8: hundreds of samples against none.
        QVERIFY2(changed >= 2, qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("two-proportion z-test")), qPrintable(r.out));
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
