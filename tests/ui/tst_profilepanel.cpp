// The profiles in the GUI, from real sweeps on net_null (clone 0 and clone
// 8 with profiles, one with profile_hz=0): the panel beside a run's selected
// point shows the same top function, share and ns/packet as the netdev text
// (ProfileText) and the core (PointProfile); a comparison's diff view adds
// up to the printed delta the compare table shows; a run without profiles
// says why; an exported figure can carry the panel.
#include "CliRun.h"
#include "compare/CompareTableModel.h"
#include "compare/CompareView.h"
#include "exchange/ProfileText.h"
#include "exchange/TextLayout.h"
#include "export/ChartExportDialog.h"
#include "profile/ProfileBarsOf.h"
#include "profile/ProfilePanel.h"
#include "results/ResultsTableModel.h"
#include "results/SweepResultsView.h"
#include "stats/PointProfile.h"
#include "store/RunStore.h"
#include "util/SafeText.h"

#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace burstlab;

class TestProfilePanel : public QObject {
    Q_OBJECT

    QTemporaryDir m_dir;
    QString m_db;
    RunStore m_store;
    QString m_cannotProfile;

    bool sweep(const QString &label, const QStringList &set) {
        return burstlab::CliRun::profileSweep(m_db, label, set, 200);
    }

    // Shows a stored run and selects the row of the point labelled so.
    static int selectPoint(SweepResultsView &view, const QString &label) {
        QTableView *table = view.resultsTable();
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            const QModelIndex index = table->model()->index(row, ResultsTableModel::PointColumn);
            if (index.data().toString() == label) {
                table->setCurrentIndex(index);
                return row;
            }
        }
        return -1;
    }

    void showRun(SweepResultsView &view, qint64 id) {
        view.setStore(&m_store);
        view.showRun(*m_store.loadRun(id), *m_store.stepsOf(id));
    }

  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        m_db = m_dir.filePath(QStringLiteral("profiles.sqlite"));
        // More samples than the default gives, as tst_profiles does.
        const QString hz = QStringLiteral("profile_hz=997");
        QVERIFY(sweep(QStringLiteral("clone0"), {QStringLiteral("clone=0"), hz}));
        QVERIFY(sweep(QStringLiteral("clone8"), {QStringLiteral("clone=8"), hz}));
        QVERIFY(sweep(QStringLiteral("off"), {QStringLiteral("profile_hz=0")}));
        QVERIFY2(m_store.open(m_db), qPrintable(m_store.lastError()));
        const QJsonObject profiling =
            m_store.loadRun(1)->hello.value(QStringLiteral("profiling")).toObject();
        if (!profiling.value(QStringLiteral("available")).toBool())
            m_cannotProfile = profiling.value(QStringLiteral("reason")).toString();
    }

    void pointShowsTheNetdevTextsFigures() {
        if (!m_cannotProfile.isEmpty())
            QSKIP(qPrintable(m_cannotProfile));
        SweepResultsView view;
        showRun(view, 2);
        QVERIFY(selectPoint(view, QStringLiteral("burst=32")) >= 0);
        QCOMPARE(view.findChild<QTabWidget *>(QStringLiteral("liveOrProfile"))->currentIndex(), 1);

        const QList<PointStats> &stats = view.resultsModel()->stats();
        const auto *proxy =
            static_cast<const QSortFilterProxyModel *>(view.resultsTable()->model());
        const PointStats &point =
            stats[proxy->mapToSource(view.resultsTable()->currentIndex()).row()];
        const std::optional<PointProfile> profile = PointProfile::of(point);
        QVERIFY(profile && profile->ns);
        const ProfileBars &bars = view.profilePanel()->bars();
        QVERIFY(bars.rows.size() >= 2);
        QVERIFY(bars.rows.size() <= 11);
        const PointProfile::Function &top = profile->functions.first();
        QCOMPARE(bars.rows.first().name, SafeText::field(top.name));
        QCOMPARE(bars.rows.first().cells.first(), TextLayout::percent1(top.share));
        QCOMPARE(bars.rows.first().cells.last(), TextLayout::fixed2(*top.ns));
        QVERIFY(bars.title.startsWith(
            QStringLiteral("burst=32: %1 ns/pkt · ").arg(TextLayout::fixed2(*profile->ns))));

        // The netdev text's line of the same function: the same ns and share.
        QStringList labels;
        for (const PointStats &s : stats)
            labels << s.point.describe({QStringLiteral("burst")});
        const QStringList text = ProfileText::run(stats, labels);
        qsizetype at = 0;
        while (at < text.size() && !text[at].startsWith(QStringLiteral(" burst=32: ")))
            ++at;
        QVERIFY2(at + 1 < text.size(), qPrintable(text.join(QLatin1Char('\n'))));
        const QRegularExpression line(QStringLiteral(R"(^   (.{30})\s+(\S+) ns/pkt\s+(\S+%) \[)"));
        const QRegularExpressionMatch m = line.match(text[at + 1]);
        QVERIFY2(m.hasMatch(), qPrintable(text[at + 1]));
        QVERIFY(top.name.endsWith(m.captured(1).trimmed().remove(QChar(u'…'))));
        QCOMPARE(m.captured(2), bars.rows.first().cells.last());
        QCOMPARE(m.captured(3), bars.rows.first().cells.first());

        // The rows are the whole profile: their shares add up to 100%.
        double shares = 0;
        for (const ProfileBars::Row &row : bars.rows)
            shares += row.value;
        QVERIFY(std::abs(shares - 1) < 1e-9);
        if (profile->functions.size() > ProfileBarsOf::kTopFunctions + 1)
            QCOMPARE(bars.rows.last().name, PointProfile::kOther);
        // A function's tooltip gives the call chains through it.
        if (!profile->stacksThrough(top.name).isEmpty())
            QVERIFY2(bars.rows.first().toolTip.contains(QStringLiteral("Call chains through it")),
                     qPrintable(bars.rows.first().toolTip));
    }

    void comparisonDiffAddsUpToTheDelta() {
        if (!m_cannotProfile.isEmpty())
            QSKIP(qPrintable(m_cannotProfile));
        CompareView view;
        view.setStore(&m_store);
        QVERIFY(view.compareRuns({1, 2}));
        const Comparison &c = view.tableModel()->comparison();
        const QStringList labels{QStringLiteral("burst=1"), QStringLiteral("burst=32")};
        const QStringList text = ProfileText::comparison(c, c.names(), labels);
        const QRegularExpression title(
            QStringLiteral(R"(^(burst=\d+): (-?\d+\.\d\d) ns/pkt = (\d+\.\d\d) - (\d+\.\d\d) )"));
        int strong = 0;
        for (int point = 0; point < c.points.size(); ++point) {
            const int deltaColumn = CompareTableModel::columnOf(1, CompareTableModel::DeltaField);
            const QModelIndex cell = view.tableModel()->index(point, deltaColumn);
            view.table()->setCurrentIndex(cell);
            const ProfileBars &bars = view.profileDiff()->bars();
            const QRegularExpressionMatch m = title.match(bars.title);
            QVERIFY2(m.hasMatch(), qPrintable(bars.title + bars.note));
            // The delta the table prints, and the netdev text's line for the point.
            QCOMPARE(m.captured(2), cell.data().toString());
            QVERIFY2(
                text.contains(QStringLiteral(" %1: %2 ns/pkt = %3 - %4")
                                  .arg(m.captured(1), m.captured(2), m.captured(3), m.captured(4))),
                qPrintable(text.join(QLatin1Char('\n'))));
            double sum = 0;
            for (const ProfileBars::Row &row : bars.rows) {
                QCOMPARE(row.cells.value(2), TextLayout::fixed2(row.value));
                sum += row.value;
                strong += row.tone == ProfileBars::Tone::Strong ? 1 : 0;
            }
            QVERIFY2(std::abs(sum - m.captured(2).toDouble()) < 0.005,
                     qPrintable(QStringLiteral("%1: rows add up to %2").arg(bars.title).arg(sum)));
        }
        // handOutClone runs only with clone 8: its share changed at both points.
        QVERIFY(strong >= 2);
        QCOMPARE(
            view.findChild<QTabWidget *>(QStringLiteral("differencesOrProfile"))->currentIndex(),
            1);
    }

    void runWithoutProfilesSaysWhy() {
        SweepResultsView view;
        showRun(view, 3);
        QVERIFY(view.profilePanel()->bars().note.startsWith(QStringLiteral("Select a point")));
        QVERIFY(selectPoint(view, QStringLiteral("burst=1")) >= 0);
        const ProfileBars &bars = view.profilePanel()->bars();
        QVERIFY(bars.rows.isEmpty());
        const QString engine = ProfileText::unavailable(*m_store.loadRun(3));
        QCOMPARE(bars.note, engine.isEmpty()
                                ? QStringLiteral("no profile: the run was made with profile_hz=0")
                                : engine);
        QVERIFY(view.profileFigurePanel().isEmpty());
    }

    void exportedFigureCarriesTheProfile() {
        if (!m_cannotProfile.isEmpty())
            QSKIP(qPrintable(m_cannotProfile));
        SweepResultsView view;
        showRun(view, 2);
        QVERIFY(selectPoint(view, QStringLiteral("burst=32")) >= 0);
        const FigurePanel panel = view.profileFigurePanel();
        QCOMPARE(panel.name, QStringLiteral("the profile of burst=32"));
        ChartExportDialog dialog(view.figures(), 1, m_dir.path(), nullptr, panel);
        QCOMPARE(dialog.figure().chartCount(), 2);
        dialog.setPanelIncluded(true);
        QCOMPARE(dialog.figure().chartCount(), 3);
        QVERIFY(dialog.path().endsWith(QStringLiteral("-profile-1200x500.png")));
        const QString svg = m_dir.filePath(QStringLiteral("figure.svg"));
        QString error;
        QVERIFY2(dialog.figure().writeSvg(svg, QSize(1200, 500), &error), qPrintable(error));
        QFile file(svg);
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QString written = QString::fromUtf8(file.readAll());
        QVERIFY(written.contains(QStringLiteral("ns/pkt")));
        QVERIFY(written.contains(view.profilePanel()->bars().rows.first().cells.first()));
    }
};

QTEST_MAIN(TestProfilePanel)
#include "tst_profilepanel.moc"
