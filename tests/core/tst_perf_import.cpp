// perf's tables as imported profiles: quoted-printable mail decoded, the
// PerfTop (2009) layout of seed 001 and perf top's and perf report's own,
// seed 001's two tables re-printed as one before/after table with the
// seed's numbers and no ns/packet made up, and bad tables refused naming
// the field.
#include "PostText.h"
#include "compare/Comparison.h"
#include "exchange/ImportFormat.h"
#include "exchange/ImportLimits.h"
#include "exchange/NetdevExport.h"
#include "exchange/PerfTableImport.h"
#include "exchange/QuotedPrintable.h"
#include "exchange/RunFileChecks.h"
#include "stats/PointProfile.h"
#include "stats/PointStats.h"
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace burstlab;

namespace {

QString dataFile(const char *name) {
    return QStringLiteral(BURSTLAB_SOURCE_DIR "/tests/data/") + QLatin1String(name);
}

QList<PerfTable> tablesOf(const QString &text) {
    QString error;
    const auto tables = PerfTableImport::tables(text, &error);
    if (!tables)
        qWarning("%s", qPrintable(error));
    return tables.value_or(QList<PerfTable>{});
}

QString errorOf(const QString &text) {
    QString error;
    const auto tables = PerfTableImport::tables(text, &error);
    return tables ? QStringLiteral("(accepted)") : error;
}

QList<RunData> seed001() {
    QString error;
    const auto runs = importFile(QStringLiteral("perf"), dataFile("perf_seed001.txt"), {}, &error);
    if (!runs)
        qWarning("%s", qPrintable(error));
    return runs.value_or(QList<RunData>{});
}

// The row of the before/after table that names function.
QString rowOf(const QString &text, const QString &function) {
    const QRegularExpression row(
        QStringLiteral("^   %1\\s.*$").arg(QRegularExpression::escape(function)),
        QRegularExpression::MultilineOption);
    return row.match(text).captured(0).simplified();
}

} // namespace

class TestPerfImport : public QObject {
    Q_OBJECT

  private slots:
    void quotedPrintableDecodes() {
        using QuotedPrintable::decode;
        QCOMPARE(decode("tsc=3Dreliable"), QByteArray("tsc=reliable"));
        QCOMPARE(QString::fromUtf8(decode("a =C3=A9crit")), QStringLiteral("a \u00e9crit"));
        // Soft line breaks as written (trailing blanks allowed) and flattened.
        QCOMPARE(decode("skb->us=\ners"), QByteArray("skb->users"));
        QCOMPARE(decode("skb->us=\r\ners"), QByteArray("skb->users"));
        QCOMPARE(decode("skb->us= \t\ners"), QByteArray("skb->users"));
        QCOMPARE(decode("(all, c= pu: 0)"), QByteArray("(all, cpu: 0)"));
        QCOMPARE(decode("once in a while..= =2E"), QByteArray("once in a while..."));
        QCOMPARE(decode("> >=20"), QByteArray("> > "));
        // What is no escape stays as written.
        QCOMPARE(decode("a=ZZ b= c=4"), QByteArray("a=ZZ bc=4"));
        QCOMPARE(decode("end="), QByteArray("end="));
    }

    void quotedPrintableIsRecognised() {
        using QuotedPrintable::applies;
        QVERIFY(applies("Content-Transfer-Encoding: QUOTED-PRINTABLE\n\nhello"));
        QVERIFY(applies("tsc=3Dreliable"));
        QVERIFY(applies("> >=20\n"));
        // A pktgen table's own '=' is not an encoding.
        QVERIFY(!applies("skb_burst=20  tx:6942821 pps\nclone_skb=0 2421076 pps\n"));
    }

    void perfTop2009Layout() {
        const QList<PerfTable> tables = tablesOf(QStringLiteral(
            "Before patch :\n"
            "------------------------------------------------------------------------------\n"
            "   PerfTop:    5187 irqs/sec  kernel:100.0% [100000 cycles],  (all, cpu: 0)\n"
            "------------------------------------------------------------------------------\n"
            "\n"
            "             samples    pcnt         kernel function\n"
            "             _______   _____         _______________\n"
            "\n"
            "            16688.00 - 50.9% : consume_skb\n"
            "             6541.00 - 20.0% : skb_dma_unmap\n"
            "\n"
            "Thanks.\n"));
        QCOMPARE(tables.size(), 1);
        const PerfTable &t = tables.first();
        QCOMPARE(t.label, QStringLiteral("Before patch"));
        QCOMPARE(t.header,
                 QStringLiteral("PerfTop:    5187 irqs/sec  kernel:100.0% [100000 cycles],  (all, "
                                "cpu: 0)"));
        QCOMPARE(t.firstLine, 8);
        QCOMPARE(t.profile.event, QStringLiteral("cycles"));
        QCOMPARE(t.profile.samples, 0); // PerfTop prints no total
        QVERIFY(t.profile.kernel);
        QCOMPARE(t.profile.functions.size(), 2);
        const ProfileFunction &f = t.profile.functions.first();
        QCOMPARE(f.name, QStringLiteral("consume_skb"));
        QCOMPARE(f.module, QStringLiteral("[kernel]"));
        QCOMPARE(f.samples, 16688);
        QCOMPARE(*f.percent, 50.9);
    }

    void perfReportLayouts() {
        // perf top's "[kernel] [k] name", perf report's Command column and a
        // stated total of samples, from which each row's samples are derived.
        const QList<PerfTable> tables = tablesOf(QStringLiteral(
            "# Samples: 12K of event 'cycles'\n"
            "# Event count (approx.): 9876543210\n"
            "#\n"
            "# Overhead  Command  Shared Object      Symbol\n"
            "# ........  .......  .................  ..........\n"
            "#\n"
            "    12.31%  swapper  [kernel.kallsyms]  [k] intel_idle\n"
            "     5.00%  pktgen   pktgen             [.] main loop\n"
            "\n"
            "perf top:\n"
            "    50.90%  [kernel]          [k] consume_skb\n"
            "    20.00%  [kernel]          [k] skb_dma_unmap\n"
            "\n"
            "# Children      Self  Command  Shared Object      Symbol\n"
            "    40.00%    10.00%  swapper  [kernel.kallsyms]  [k] cpu_startup_entry\n"));
        QCOMPARE(tables.size(), 3);
        const StepProfile &report = tables[0].profile;
        QCOMPARE(report.event, QStringLiteral("cycles"));
        QCOMPARE(report.samples, 12000);
        QCOMPARE(report.functions.size(), 2);
        QCOMPARE(report.functions[0].name, QStringLiteral("intel_idle"));
        QCOMPARE(report.functions[0].module, QStringLiteral("[kernel.kallsyms]"));
        QCOMPARE(report.functions[0].samples, 1477); // 12.31% of 12000
        QCOMPARE(report.functions[1].name, QStringLiteral("main loop"));
        QCOMPARE(report.functions[1].module, QStringLiteral("pktgen"));

        const PerfTable &top = tables[1];
        QCOMPARE(top.label, QStringLiteral("perf top"));
        QCOMPARE(top.profile.samples, 0); // no total: shares only
        QCOMPARE(top.profile.functions[0].samples, 0);
        QCOMPARE(*top.profile.functions[0].percent, 50.9);
        QCOMPARE(top.profile.functions[0].module, QStringLiteral("[kernel]"));

        const ProfileFunction &self = tables[2].profile.functions.first();
        QCOMPARE(self.name, QStringLiteral("cpu_startup_entry"));
        QCOMPARE(*self.percent, 10.0); // Self, not Children
    }

    void seed001Imports() {
        const QList<RunData> runs = seed001();
        QCOMPARE(runs.size(), 2);
        QCOMPARE(runs[0].run.label, QStringLiteral("Before patch"));
        QCOMPARE(runs[1].run.label, QStringLiteral("After patch"));
        const QList<qsizetype> functions{12, 14};
        for (qsizetype r = 0; r < 2; ++r) {
            const RunData &run = runs[r];
            QCOMPARE(run.run.source, QStringLiteral("import:perf"));
            QCOMPARE(run.steps.size(), 1);
            const StepResult &step = run.steps.first().result;
            QVERIFY(!step.statesRate());
            const auto profile = step.profile();
            QVERIFY(profile);
            QCOMPARE(profile->event, QStringLiteral("cycles"));
            QCOMPARE(profile->functions.size(), functions[r]);
            QVERIFY(step.recorded.value(QStringLiteral("note"))
                        .toString()
                        .startsWith(QStringLiteral("PerfTop: ")));
            // No pps stated: no figure, so no ns/packet for the profile either.
            const QList<PointStats> stats = PointStats::ofRun(run);
            QCOMPARE(stats.size(), 1);
            QVERIFY(!stats.first().ppsFigure);
            QVERIFY(stats.first().warnings.contains(PointStats::kProfileOnly));
            const auto point = PointProfile::of(stats.first());
            QVERIFY(point);
            QVERIFY(!point->ns);
            QVERIFY(!point->intervals);
            for (const PointProfile::Function &f : point->functions)
                QVERIFY2(!f.ns, qPrintable(f.name));
            // A run file of it reads back the same and passes the import's checks.
            QString why;
            const auto again = RunData::fromJson(run.toJson(), &why);
            QVERIFY2(again, qPrintable(why));
            QCOMPARE(again->steps.first().result.profile(), profile);
            QCOMPARE(RunFileChecks::problem(run), QString());
        }
        const auto before = PointProfile::of(PointStats::ofRun(runs[0]).first());
        QCOMPARE(before->function(QStringLiteral("consume_skb")).share, 0.509);
        QCOMPARE(before->functions.last().name, PointProfile::kOther);
        QCOMPARE(QString::number(before->functions.last().share * 100, 'f', 1),
                 QStringLiteral("4.8"));
    }

    void seed001ReprintsAsOneBeforeAfterTable() {
        QList<RunData> runs = seed001();
        QCOMPARE(runs.size(), 2);
        runs[0].run.id = 1;
        runs[1].run.id = 2;
        const QString text = NetdevExport::comparison(Comparison::of(runs));
        QVERIFY2(fitsPost(text), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("Where the samples went, #2 After patch vs #1 "
                                              "Before patch")),
                 qPrintable(text));
        QCOMPARE(rowOf(text, QStringLiteral("consume_skb")),
                 QStringLiteral("consume_skb 50.9% 25.2% -25.7"));
        QCOMPARE(rowOf(text, QStringLiteral("skb_dma_unmap")),
                 QStringLiteral("skb_dma_unmap 20.0% 10.5% -9.5"));
        QCOMPARE(rowOf(text, QStringLiteral("tg3_poll")),
                 QStringLiteral("tg3_poll 10.0% 34.0% +24.0"));
        QCOMPARE(rowOf(text, QStringLiteral("mwait_idle")),
                 QStringLiteral("mwait_idle 6.0% 8.3% +2.3"));
        QCOMPARE(rowOf(text, QStringLiteral("ktime_get")),
                 QStringLiteral("ktime_get - 0.7% only after"));
        QCOMPARE(rowOf(text, QStringLiteral("_spin_lock_irqsave")),
                 QStringLiteral("_spin_lock_irqsave - 0.5% only after"));
        // Before's order, its functions first.
        QVERIFY(text.indexOf(QStringLiteral("   consume_skb")) <
                text.indexOf(QStringLiteral("   tg3_poll")));
        // No pps and no ns/packet made up.
        QVERIFY2(!text.contains(QStringLiteral(" 0 pps")), qPrintable(text));
        QVERIFY2(!text.contains(QStringLiteral("ns/pkt =")), qPrintable(text));
        QVERIFY2(text.contains(PointStats::kProfileOnly), qPrintable(text));
        QVERIFY2(text.contains(
                     QStringLiteral("cycles, shares as printed; no sample total: no intervals")),
                 qPrintable(text));
    }

    void netdevFormatPointsToPerf() {
        QString error;
        QVERIFY(!importFile(QStringLiteral("netdev"), dataFile("perf_seed001.txt"), {}, &error));
        QVERIFY2(error.contains(QStringLiteral("quoted-printable, decoded")), qPrintable(error));
        QVERIFY2(error.contains(QStringLiteral("2 perf tables: import them with --format perf")),
                 qPrintable(error));
    }

    void aResultTableTakesTheProfileAfterIt() {
        QTemporaryDir dir;
        const auto importText = [&](const QString &text, QString *error) {
            const QString path = dir.filePath(QStringLiteral("post.txt"));
            QFile f(path);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
                return std::optional<QList<RunData>>{};
            f.write(text.toUtf8());
            f.close();
            return importFile(QStringLiteral("netdev"), path, {}, error);
        };
        const QString perf = QStringLiteral("\n# Samples: 1K of event 'cycles'\n"
                                            "    60.00%  [kernel]  [k] consume_skb\n"
                                            "    40.00%  [kernel]  [k] tg3_poll\n");
        QString error;
        auto runs = importText(QStringLiteral("* patch1:   5,608,781 pps\n") + perf, &error);
        QVERIFY2(runs, qPrintable(error));
        QCOMPARE(runs->size(), 1);
        const StepResult &step = runs->first().steps.first().result;
        QVERIFY(step.statesRate());
        QCOMPARE(step.profile()->functions.size(), 2);
        // With a pps the shares account for ns/packet: 60% of 1e9/5608781.
        const auto profile = PointProfile::of(PointStats::ofRun(runs->first()).first());
        QCOMPARE(QString::number(*profile->function(QStringLiteral("consume_skb")).ns, 'f', 2),
                 QStringLiteral("106.98"));

        // Two points: which one the table profiles is not clear; said, not guessed.
        runs = importText(QStringLiteral("* patch1:   5,608,781 pps\n* patch2:   5,857,065 pps\n") +
                              perf,
                          &error);
        QVERIFY2(runs, qPrintable(error));
        for (const StepData &s : runs->first().steps)
            QVERIFY(!s.result.profile());
        QVERIFY2(runs->first().run.spec.importWarnings.join(u'|').contains(
                     QStringLiteral("a perf table, not attached: 1 runs of 2 points")),
                 qPrintable(runs->first().run.spec.importWarnings.join(u'|')));
    }

    void badTablesAreRefusedNamingTheField() {
        const QString columns = QStringLiteral("  samples    pcnt         kernel function\n");
        QString e = errorOf(columns + QStringLiteral("\nThat was all.\n"));
        QVERIFY2(e.contains(QStringLiteral("line 1")) && e.contains(QStringLiteral("truncated")),
                 qPrintable(e));
        e = errorOf(columns);
        QVERIFY2(e.contains(QStringLiteral("truncated")), qPrintable(e));
        e = errorOf(columns + QStringLiteral("16688.00 - 50.9% : consume_skb\n 6541.00 - 20.0\n"));
        QVERIFY2(e.contains(QStringLiteral("line 3")) &&
                     e.contains(QStringLiteral("pcnt: '20.0' is not a percentage")),
                 qPrintable(e));
        e = errorOf(columns + QStringLiteral("16688.00 - 50.9% :\n"));
        QVERIFY2(e.contains(QStringLiteral("function: missing")), qPrintable(e));
        e = errorOf(QStringLiteral("16688.00 - 150.9% : consume_skb\n"));
        QVERIFY2(e.contains(QStringLiteral("pcnt: 150.9% is over 100%")), qPrintable(e));
        e = errorOf(QStringLiteral("   120.00%  [kernel]  [k] consume_skb\n"));
        QVERIFY2(e.contains(QStringLiteral("Overhead: 120.00% is over 100%")), qPrintable(e));
        e = errorOf(QStringLiteral("# Overhead  Symbol\n    50.00%  [kernel]  [k]\n"));
        QVERIFY2(e.contains(QStringLiteral("Symbol: missing")), qPrintable(e));
        e = errorOf(QStringLiteral("16688.00 - 60.0% : a\n16688.00 - 50.0% : b\n"));
        QVERIFY2(e.contains(QStringLiteral("line 1")) &&
                     e.contains(QStringLiteral("pcnt: the table's 2 rows add up to 110.0%")),
                 qPrintable(e));
        // Prose is no table: a sum or a list item is left alone.
        QCOMPARE(errorOf(QStringLiteral("2 - 1 = 1\n2. Make sure\n100% sure\n")),
                 QStringLiteral("(accepted)"));
    }

    void importLimitsHold() {
        QString rows;
        for (qsizetype i = 0; i <= maxImportRows; ++i)
            rows += QStringLiteral("1.00 - 0.0% : f%1\n").arg(i);
        QString e = errorOf(rows);
        QVERIFY2(e.contains(QStringLiteral("more than 10000 result rows")), qPrintable(e));

        QTemporaryDir dir;
        const QString huge = dir.filePath(QStringLiteral("huge.txt"));
        QFile f(huge);
        QVERIFY(f.open(QIODevice::WriteOnly));
        QVERIFY(f.resize(maxImportBytes + 1));
        f.close();
        QVERIFY(!importFile(QStringLiteral("perf"), huge, {}, &e));
        QVERIFY2(e.contains(QStringLiteral("over the import limit")), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestPerfImport)
#include "tst_perf_import.moc"
