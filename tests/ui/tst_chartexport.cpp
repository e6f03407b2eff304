// Chart export: fixed-size PNG and valid SVG files, and a clear error when the
// file cannot be written; value axes that show every series, never a negative
// rate, with whiskers and intervals that can be hidden; disturbed marks that
// no series is mistaken for, counts that never overlap, a legend that hides
// and shows series; a caption a reader can read with the host and the key
// to the marks, and an export dialog that previews what it writes.
#include "charts/ChartFigure.h"
#include "charts/ChartStyle.h"
#include "charts/DeltaChart.h"
#include "charts/LiveRateChart.h"
#include "charts/PpsChart.h"
#include "export/ChartExportDialog.h"
#include "export/ExportController.h"
#include "export/ExportPreset.h"
#include "export/FigureCaption.h"
#include "main/AppSettings.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonObject>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QXmlStreamReader>

using namespace burstlab;

namespace {
QList<ChartSeriesData> ppsSeries() {
    return {
        {QStringLiteral("baseline"),
         {{1, 14.5e6, 14.2e6, 14.9e6}, {8, 27.6e6, 26.0e6, 28.1e6}, {32, 17.2e6, 16.8e6, 17.5e6}}}};
}

// Deltas can be negative: the chart must draw them on a value axis.
QList<ChartSeriesData> deltaSeries() {
    return {{QStringLiteral("baseline"), {{8, 32.6, 30.1, 35.0}, {32, -21.9, -25.0, -18.7}}}};
}

// A 2-D run's pps: one value of the second axis near 60 Mpps, another near
// 1 Mpps, so the lowest whisker sits close to zero.
QList<ChartSeriesData> twoAxisPpsSeries() {
    return {{QStringLiteral("clone=0"),
             {{1, 58e6, 57e6, 60e6}, {8, 60e6, 59e6, 61e6}, {32, 59e6, 58e6, 60e6}}},
            {QStringLiteral("clone=64"),
             {{1, 1.0e6, 0.5e6, 1.5e6}, {8, 1.2e6, 0.6e6, 1.6e6}, {32, 1.1e6, 0.7e6, 1.4e6}}}};
}

// The root element's name, or empty when the file is not well-formed XML.
QString svgRoot(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return {};
    }
    QXmlStreamReader xml(&file);
    QString root;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && root.isEmpty()) {
            root = xml.name().toString();
        }
    }
    return xml.hasError() ? QString() : root;
}

// A 2-D run on a small chart: four series close together, every point
// disturbed, so the counts would pile up on each other.
QList<ChartSeriesData> crowdedSeries() {
    QList<ChartSeriesData> series;
    for (int s = 0; s < 4; ++s) {
        ChartSeriesData data{QStringLiteral("clone=%1").arg(s * 16), {}};
        for (int burst = 1; burst <= 64; burst *= 2) {
            const double pps = 10e6 + s * 0.03e6 + burst * 1e3;
            data.points.append({double(burst), pps, pps * 0.99, pps * 1.01,
                                QStringLiteral("%1/3").arg(1 + (burst + s) % 3),
                                QStringLiteral("burst=%1").arg(burst)});
        }
        series.append(data);
    }
    return series;
}

int distinctColours(const QImage &image) {
    QSet<QRgb> colours;
    for (int y = 0; y < image.height(); y += 7) {
        for (int x = 0; x < image.width(); x += 7) {
            colours.insert(image.pixel(x, y));
        }
    }
    return int(colours.size());
}
// A pps chart of these series over burst, shown on screen at size.
bool shownPpsChart(PpsChart &chart, const QList<ChartSeriesData> &series, QSize size) {
    chart.setParameterName(QStringLiteral("burst"));
    chart.setSeries(series);
    chart.resize(size);
    chart.show();
    return QTest::qWaitForWindowExposed(&chart);
}

// The figures the export dialog offers: the pps and delta charts side by
// side, and the pps chart alone.
struct ExportedCharts {
    PpsChart pps;
    DeltaChart delta;
    ExportedCharts() {
        pps.setParameterName(QStringLiteral("burst"));
        pps.setSeries(ppsSeries());
        delta.setParameterName(QStringLiteral("burst"));
        delta.setSeries(deltaSeries());
    }
    QList<QPair<QString, ChartFigure>> figures() const {
        return {{QStringLiteral("pps and delta side by side"),
                 ChartFigure({&pps, &delta}, QStringLiteral("two charts"))},
                {QStringLiteral("pps"), ChartFigure({&pps}, QStringLiteral("one chart"))}};
    }
};

} // namespace

class TestChartExport : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void onePointAxesReadApart();
    void pngHasThePresetSize_data();
    void pngHasThePresetSize();
    void svgIsWellFormed();
    void suffixPicksTheFormat();
    void unwritablePathIsReported();
    void chartsCountTheirPoints();
    void followsTheDarkPalette();
    void svgHoldsTheCaptionInAGenericFont();
    void combinedFigureSideBySide();
    void logScaleForBurstLikeValues_data();
    void logScaleForBurstLikeValues();
    void liveChartShowsAShortStep();
    void rateAxisNeverNegative();
    void wideIntervalLeavesOtherSeriesInSight();
    void bandsCanBeHidden();
    void crowdedCountsNeverOverlap();
    void disturbedMarksLookLikeNoSeries();
    void legendEntryHidesAndShowsItsSeries();
    void captionIsReadableAndNamesTheHost();
    void dialogPreviewsTheFigure();
    void firstExportInAFreshHomeWorks();

  private:
    QTemporaryDir m_dir;
};

void TestChartExport::pngHasThePresetSize_data() {
    QTest::addColumn<QSize>("size");
    for (const ExportPreset &preset : ExportPreset::all()) {
        QTest::newRow(qPrintable(preset.name)) << preset.size;
    }
}

void TestChartExport::pngHasThePresetSize() {
    QFETCH(QSize, size);
    PpsChart chart;
    chart.setParameterName(QStringLiteral("burst"));
    chart.setSeries(ppsSeries());
    chart.setLineRate(14880952, QStringLiteral("line rate, 10 Gbit/s, 60 B frames"));
    const QString path = m_dir.filePath(QStringLiteral("pps-%1.png").arg(size.width()));
    QString error;
    QVERIFY2(chart.exportPng(path, size, &error), qPrintable(error));
    QVERIFY(QFileInfo(path).size() > 0);
    QImage image(path);
    QCOMPARE(image.size(), size);
    // Not a blank canvas: title, axes and series were drawn.
    QVERIFY(distinctColours(image) > 10);
}

void TestChartExport::svgIsWellFormed() {
    DeltaChart chart;
    chart.setParameterName(QStringLiteral("burst"));
    chart.setSeries(deltaSeries());
    const QString path = m_dir.filePath(QStringLiteral("delta.svg"));
    QString error;
    QVERIFY2(chart.exportSvg(path, QSize(800, 500), &error), qPrintable(error));
    QCOMPARE(svgRoot(path), QStringLiteral("svg"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray svg = file.readAll();
    // Title and axis text are in the drawing as text, readable and searchable.
    QVERIFY(svg.contains("ns/packet"));
    QVERIFY(svg.contains("burst"));
}

void TestChartExport::suffixPicksTheFormat() {
    LiveRateChart chart;
    chart.startStep(QStringLiteral("burst=8, repetition 1/3"));
    for (int i = 1; i <= 5; ++i) {
        chart.addSample(i * 0.1, 20e6 + i * 1e5);
    }
    QString error;
    const QString svg = m_dir.filePath(QStringLiteral("live.svg"));
    const QString png = m_dir.filePath(QStringLiteral("live.png"));
    QVERIFY2(ExportController::writeChart(chart, svg, QSize(800, 500), &error), qPrintable(error));
    QVERIFY2(ExportController::writeChart(chart, png, QSize(800, 500), &error), qPrintable(error));
    QCOMPARE(svgRoot(svg), QStringLiteral("svg"));
    QCOMPARE(QImage(png).size(), QSize(800, 500));
}

void TestChartExport::unwritablePathIsReported() {
    PpsChart chart;
    chart.setSeries(ppsSeries());
    const QString path = m_dir.filePath(QStringLiteral("missing/folder/pps.png"));
    QString error;
    QVERIFY(!chart.exportPng(path, QSize(800, 500), &error));
    QVERIFY2(error.contains(QStringLiteral("missing/folder")), qPrintable(error));
    error.clear();
    QVERIFY(
        !chart.exportSvg(m_dir.filePath(QStringLiteral("missing/x.svg")), QSize(800, 500), &error));
    QVERIFY(!error.isEmpty());
}

void TestChartExport::chartsCountTheirPoints() {
    PpsChart pps;
    QCOMPARE(pps.dataPointCount(), 0);
    pps.setSeries(ppsSeries());
    QCOMPARE(pps.dataPointCount(), 3);
    pps.clear();
    QCOMPARE(pps.dataPointCount(), 0);
    LiveRateChart live;
    live.addSample(0.1, 1e6);
    live.addSample(0.2, 1e6);
    QCOMPARE(live.dataPointCount(), 2);
    live.startStep(QStringLiteral("next"));
    QCOMPARE(live.dataPointCount(), 0);
}

void TestChartExport::followsTheDarkPalette() {
    PpsChart chart;
    chart.setSeries(ppsSeries());
    QPalette dark = chart.palette();
    dark.setColor(QPalette::Base, QColor(30, 30, 30));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    chart.setPalette(dark);
    const QString path = m_dir.filePath(QStringLiteral("dark.png"));
    QString error;
    QVERIFY2(chart.exportPng(path, QSize(800, 500), &error), qPrintable(error));
    const QImage image(path);
    // Background from the palette's base colour, not a light theme's white.
    QCOMPARE(QColor(image.pixel(2, 2)).lightness(), QColor(30, 30, 30).lightness());
}

namespace {
// Every piece of text drawn in an SVG file, in document order, and every
// font-family named; empty texts when the file does not parse.
struct SvgText {
    QStringList texts;
    QStringList families;
    QString description;
};

SvgText svgText(const QString &path) {
    QFile file(path);
    SvgText out;
    if (!file.open(QIODevice::ReadOnly)) {
        return out;
    }
    QXmlStreamReader xml(&file);
    QString element;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            element = xml.name().toString();
            const QString family = xml.attributes().value(QStringLiteral("font-family")).toString();
            if (!family.isEmpty() && !out.families.contains(family)) {
                out.families.append(family);
            }
        } else if (xml.isCharacters() && !xml.isWhitespace()) {
            if (element == QStringLiteral("text")) {
                out.texts.append(xml.text().toString());
            } else if (element == QStringLiteral("desc")) {
                out.description += xml.text().toString();
            }
        }
    }
    if (xml.hasError()) {
        return {};
    }
    return out;
}
} // namespace

void TestChartExport::svgHoldsTheCaptionInAGenericFont() {
    PpsChart chart;
    chart.setParameterName(QStringLiteral("burst"));
    chart.setSeries(ppsSeries());
    const QString caption = QStringLiteral(
        "baseline: net_null0 (net_null), 60 B frames, 3 repetitions x 200 ms per point. Dots: "
        "median pps of the repetitions; whiskers: lowest to highest. burstlab 0.1.0.");
    chart.setCaption(caption);
    const QString path = m_dir.filePath(QStringLiteral("caption.svg"));
    QString error;
    QVERIFY2(chart.exportSvg(path, QSize(800, 500), &error), qPrintable(error));
    const SvgText svg = svgText(path);
    QVERIFY(!svg.texts.isEmpty());
    // The caption is drawn (wrapped over lines) and also the file's description.
    const QString drawn = svg.texts.join(QLatin1Char(' ')).simplified();
    QVERIFY2(drawn.contains(QStringLiteral("net_null0 (net_null), 60 B frames")),
             qPrintable(drawn));
    QVERIFY2(drawn.contains(QStringLiteral("whiskers: lowest to highest")), qPrintable(drawn));
    QCOMPARE(svg.description, caption);
    // Generic families only, which every SVG renderer resolves the same way.
    QVERIFY(!svg.families.isEmpty());
    for (const QString &family : svg.families) {
        QCOMPARE(family, QStringLiteral("sans-serif"));
    }
}

void TestChartExport::combinedFigureSideBySide() {
    PpsChart pps;
    pps.setParameterName(QStringLiteral("burst"));
    pps.setSeries(ppsSeries());
    DeltaChart delta;
    delta.setParameterName(QStringLiteral("burst"));
    delta.setSeries(deltaSeries());
    const ChartFigure figure({&pps, &delta}, QStringLiteral("two charts, one caption"));
    const QSize size = ExportPreset::all().value(1).size;
    QCOMPARE(ExportPreset::all().value(1).charts, 2);
    QString error;
    const QString png = m_dir.filePath(QStringLiteral("figure.png"));
    QVERIFY2(ExportController::writeFigure(figure, png, size, &error), qPrintable(error));
    const QImage image(png);
    QCOMPARE(image.size(), size);
    // Both halves hold a chart.
    QVERIFY(distinctColours(image.copy(0, 0, size.width() / 2, size.height())) > 10);
    QVERIFY(distinctColours(image.copy(size.width() / 2, 0, size.width() / 2, size.height())) > 10);
    const QString svg = m_dir.filePath(QStringLiteral("figure.svg"));
    QVERIFY2(ExportController::writeFigure(figure, svg, size, &error), qPrintable(error));
    const QString drawn = svgText(svg).texts.join(QLatin1Char(' '));
    QVERIFY2(drawn.contains(QStringLiteral("Throughput by burst")), qPrintable(drawn));
    QVERIFY2(drawn.contains(QStringLiteral("ns/packet saved")), qPrintable(drawn));
    QVERIFY2(drawn.contains(QStringLiteral("two charts, one caption")), qPrintable(drawn));
    // A one-chart preset is swapped for the two-chart one, and back.
    QCOMPARE(ExportPreset::betterFor(0, 2), 1);
    QCOMPARE(ExportPreset::betterFor(1, 1), 0);
    QCOMPARE(ExportPreset::betterFor(2, 2), -1);
}

void TestChartExport::logScaleForBurstLikeValues_data() {
    QTest::addColumn<QList<double>>("values");
    QTest::addColumn<bool>("log");
    QTest::newRow("powers of two") << QList<double>{1, 2, 4, 8, 16, 32} << true;
    QTest::newRow("seed 000 bursts")
        << QList<double>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 16, 24, 32} << true;
    QTest::newRow("deltas of powers") << QList<double>{2, 4, 8, 16, 32} << true;
    QTest::newRow("even steps") << QList<double>{64, 128, 192, 256, 320, 384, 448, 512} << false;
    QTest::newRow("with zero") << QList<double>{0, 1, 8, 64} << false;
    QTest::newRow("narrow") << QList<double>{1, 2, 3} << false;
    QTest::newRow("two values") << QList<double>{1, 64} << false;
}

void TestChartExport::logScaleForBurstLikeValues() {
    QFETCH(QList<double>, values);
    QFETCH(bool, log);
    QCOMPARE(ChartStyle::logScaleFits(values), log);
}

void TestChartExport::liveChartShowsAShortStep() {
    LiveRateChart chart;
    chart.startStep(QStringLiteral("run #3: burst=8, repetition 1/3"), 0.1);
    // One sample of a 100 ms step, then the step's result.
    chart.addSample(0.1, 2.5e6);
    QCOMPARE(chart.dataPointCount(), 1);
    chart.finishStep(2.4e6);
    QVERIFY2(chart.chartTitle().contains(QStringLiteral("run #3")), qPrintable(chart.chartTitle()));
    QVERIFY2(chart.chartTitle().contains(QStringLiteral("2.4 Mpps")),
             qPrintable(chart.chartTitle()));
    chart.clear();
    QCOMPARE(chart.dataPointCount(), 0);
    QVERIFY(chart.chartTitle().contains(QStringLiteral("no step running")));
}

void TestChartExport::rateAxisNeverNegative() {
    PpsChart chart;
    chart.setParameterName(QStringLiteral("burst"));
    chart.setSeries(twoAxisPpsSeries());
    const auto [low, high] = chart.axisRange(Qt::Vertical);
    QCOMPARE(low, 0.0);
    QVERIFY(high >= 61);
    // The figure is drawn by the same code: no negative tick label in it.
    const QString path = m_dir.filePath(QStringLiteral("rate.svg"));
    QString error;
    QVERIFY2(chart.exportSvg(path, QSize(800, 500), &error), qPrintable(error));
    const QStringList texts = svgText(path).texts;
    QVERIFY(texts.contains(QStringLiteral("0")));
    for (const QString &text : texts) {
        QVERIFY2(!text.startsWith(QLatin1Char('-')) && !text.startsWith(QChar(0x2212)),
                 qPrintable(text));
    }
}

void TestChartExport::wideIntervalLeavesOtherSeriesInSight() {
    // Deltas of 1..3 ns with tight intervals beside one series whose
    // intervals span a microsecond: the axis must still show 1..3 ns apart.
    DeltaChart chart;
    chart.setSeries(
        {{QStringLiteral("clone=0"), {{1, 1.0, 0.8, 1.2}, {2, 2.0, 1.8, 2.2}, {4, 3.0, 2.8, 3.2}}},
         {QStringLiteral("clone=64"),
          {{1, 2.0, -500, 504}, {2, 2.5, -400, 405}, {4, 2.0, -1, 5}}}});
    const auto [low, high] = chart.axisRange(Qt::Vertical);
    QVERIFY2(low <= 0.8 && high >= 3.2, qPrintable(QStringLiteral("%1..%2").arg(low).arg(high)));
    QVERIFY2(high - low < 20, qPrintable(QStringLiteral("%1..%2").arg(low).arg(high)));
}

void TestChartExport::bandsCanBeHidden() {
    PpsChart chart;
    chart.setSeries({{QStringLiteral("run"), {{8, 10e6, 5e6, 15e6}, {16, 12e6, 5e6, 15e6}}}});
    QVERIFY(chart.bandsShown());
    const QString shownPath = m_dir.filePath(QStringLiteral("bands.png"));
    QString error;
    QVERIFY2(chart.exportPng(shownPath, QSize(800, 500), &error), qPrintable(error));
    QVERIFY(chart.axisRange(Qt::Vertical).first < 8);

    chart.setBandsShown(false);
    QCOMPARE(chart.dataPointCount(), 2);
    // The axis fits the points alone, and the exported figure follows.
    QVERIFY(chart.axisRange(Qt::Vertical).first >= 9);
    const QString hiddenPath = m_dir.filePath(QStringLiteral("nobands.png"));
    QVERIFY2(chart.exportPng(hiddenPath, QSize(800, 500), &error), qPrintable(error));
    QVERIFY(QImage(shownPath) != QImage(hiddenPath));
}

void TestChartExport::crowdedCountsNeverOverlap() {
    PpsChart chart;
    QVERIFY(shownPpsChart(chart, crowdedSeries(), QSize(480, 320)));
    for (const QSize size : {QSize(480, 320), QSize(900, 500)}) {
        chart.resize(size);
        QCoreApplication::processEvents();
        const QList<QRect> rects = chart.markLabelRects();
        // Some are shown; those left out still have their triangle and tooltip.
        QVERIFY(!rects.isEmpty());
        QVERIFY(rects.size() <= 28);
        for (int i = 0; i < rects.size(); ++i) {
            for (int j = i + 1; j < rects.size(); ++j) {
                QVERIFY2(!rects.at(i).intersects(rects.at(j)),
                         qPrintable(QStringLiteral("count %1 overlaps count %2 at %3x%4")
                                        .arg(i)
                                        .arg(j)
                                        .arg(size.width())
                                        .arg(size.height())));
            }
        }
    }
    // A wide chart has room for more of them than a small one.
    QVERIFY(chart.markLabelRects().size() > 4);
}

void TestChartExport::disturbedMarksLookLikeNoSeries() {
    QList<ChartSeriesData> series = crowdedSeries();
    for (ChartSeriesData other : twoAxisPpsSeries()) {
        other.name += QStringLiteral(" · run 2");
        series.append(other);
    }
    for (const bool dark : {false, true}) {
        PpsChart chart;
        if (dark) {
            QPalette palette = chart.palette();
            palette.setColor(QPalette::Base, QColor(30, 30, 30));
            palette.setColor(QPalette::Text, QColor(230, 230, 230));
            chart.setPalette(palette);
        }
        chart.setSeries(series);
        const QList<ChartLegend::Swatch> swatches = chart.legendSwatches();
        QCOMPARE(swatches.size(), series.size() + 1);
        const auto marks = std::find_if(swatches.begin(), swatches.end(),
                                        [](const ChartLegend::Swatch &s) { return s.triangle; });
        QVERIFY(marks != swatches.end());
        for (const ChartLegend::Swatch &swatch : swatches) {
            if (&swatch == &*marks) {
                continue;
            }
            // A square of a saturated colour; the marks' triangle is grey.
            QVERIFY2(!swatch.triangle, qPrintable(swatch.label));
            QVERIFY2(swatch.color.hslSaturation() > 100, qPrintable(swatch.label));
            QVERIFY(swatch.color.rgb() != marks->color.rgb());
        }
        QVERIFY(marks->color.hslSaturation() < 30);
    }
}

void TestChartExport::legendEntryHidesAndShowsItsSeries() {
    PpsChart chart;
    QVERIFY(shownPpsChart(chart, twoAxisPpsSeries(), QSize(700, 450)));
    const QString name = QStringLiteral("clone=64");
    QVERIFY(chart.shownSeries().contains(name));
    const QRect entry = chart.legendEntryRect(name);
    QVERIFY(!entry.isEmpty());
    QWidget *target = chart.childAt(entry.center());
    QVERIFY(target);
    const QPoint at = target->mapFrom(&chart, entry.center());
    QTest::mouseClick(target, Qt::LeftButton, {}, at);
    QVERIFY(!chart.shownSeries().contains(name));
    QVERIFY(chart.shownSeries().contains(QStringLiteral("clone=0")));
    // The entry stays, to be clicked again; new data keeps the series hidden.
    QCOMPARE(chart.legendLabels().size(), 2);
    chart.setSeries(twoAxisPpsSeries());
    QVERIFY(!chart.shownSeries().contains(name));
    QTest::mouseClick(target, Qt::LeftButton, {}, at);
    QVERIFY(chart.shownSeries().contains(name));
}

void TestChartExport::captionIsReadableAndNamesTheHost() {
    Run run;
    run.label = QStringLiteral("baseline");
    run.created = QDateTime::currentDateTimeUtc();
    run.spec.reps = 3;
    run.spec.durationMs = 200;
    run.spec.engine.vdevs = {QStringLiteral("net_null0")};
    run.fingerprint = QJsonObject{{QStringLiteral("cpu_model"), QStringLiteral("AMD EPYC 7B13")},
                                  {QStringLiteral("kernel_release"), QStringLiteral("6.1.0-18")},
                                  {QStringLiteral("dpdk_version"), QStringLiteral("22.11.4")}};
    const QString caption =
        FigureCaption::of({run}, FigureCaption::Marks::PpsAndDelta, {}, true, true);
    const QString key = FigureCaption::key(FigureCaption::Marks::PpsAndDelta, true, true);
    for (const QString &part : {QStringLiteral("AMD EPYC 7B13"), QStringLiteral("6.1.0-18"),
                                QStringLiteral("DPDK 22.11.4"), key}) {
        QVERIFY2(caption.contains(part), qPrintable(caption));
    }
    // The key says what a count beside a point means.
    QVERIFY(key.contains(QStringLiteral("n of m repetitions disturbed")));

    PpsChart pps;
    pps.setParameterName(QStringLiteral("burst"));
    pps.setSeries(crowdedSeries());
    DeltaChart delta;
    delta.setParameterName(QStringLiteral("burst"));
    delta.setSeries(deltaSeries());
    const ChartFigure figure({&pps, &delta}, caption);
    const QSize size(1200, 500);
    QVERIFY(ChartFigure::captionFont(size).pointSizeF() >= 12);
    QVERIFY(ChartFigure::captionFont(QSize(1600, 900)).pointSizeF() >
            ChartFigure::captionFont(size).pointSizeF());

    // In the SVG: the caption's text in a font of 12 pt (16 px at 96 dpi) or more.
    const QString svgPath = m_dir.filePath(QStringLiteral("caption-1200.svg"));
    QString error;
    QVERIFY2(figure.writeSvg(svgPath, size, &error), qPrintable(error));
    const SvgText svg = svgText(svgPath);
    const QString drawn = svg.texts.join(QLatin1Char(' ')).simplified();
    QVERIFY2(drawn.contains(QStringLiteral("AMD EPYC 7B13")), qPrintable(drawn));
    QVERIFY2(drawn.contains(QStringLiteral("whisker: lowest–highest repetition")),
             qPrintable(drawn));
    QFile file(svgPath);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(file.readAll());
    // Drawn, not the file's description: after it.
    const qsizetype cpu =
        text.indexOf(QStringLiteral("AMD EPYC 7B13"), text.indexOf(QStringLiteral("</desc>")));
    QVERIFY(cpu > 0);
    const qsizetype group = text.lastIndexOf(QStringLiteral("<text "), cpu);
    static const QRegularExpression fontSize(QStringLiteral("font-size=\"([0-9.]+)(pt|px)?\""));
    const QRegularExpressionMatch match = fontSize.match(text.mid(group, cpu - group));
    QVERIFY2(match.hasMatch(), qPrintable(text.mid(group, cpu - group)));
    // SVG user units are CSS pixels, 96 to the inch.
    const double points = match.captured(2) == QStringLiteral("pt")
                              ? match.captured(1).toDouble()
                              : match.captured(1).toDouble() * 72 / 96;
    QVERIFY2(points >= 12, qPrintable(match.captured(0)));

    // In the PNG: the caption's lines of text stand at least 16 px apart.
    const QImage image = figure.image(size);
    const QColor base = pps.palette().color(QPalette::Base);
    QList<int> inked;
    for (int y = size.height() - 1; y > size.height() / 2; --y) {
        int dark = 0;
        for (int x = 0; x < size.width(); ++x) {
            dark += qGray(image.pixel(x, y)) < qGray(base.rgb()) - 100 ? 1 : 0;
        }
        inked.append(dark > 0 ? 1 : 0);
    }
    // Bottom-up: the gaps between lines of the caption, until the charts.
    QList<int> lineStarts;
    for (int i = 1; i < inked.size(); ++i) {
        if (inked.at(i) && !inked.at(i - 1)) {
            lineStarts.append(i);
        }
    }
    QVERIFY(lineStarts.size() >= 3);
    QVERIFY2(lineStarts.at(1) - lineStarts.at(0) >= 16,
             qPrintable(QString::number(lineStarts.at(1) - lineStarts.at(0))));
}

void TestChartExport::dialogPreviewsTheFigure() {
    const ExportedCharts charts;
    const QList<QPair<QString, ChartFigure>> figures = charts.figures();
    ChartExportDialog dialog(figures, 1, m_dir.path());
    const QImage first = dialog.preview();
    QVERIFY(!first.isNull());
    QVERIFY(distinctColours(first) > 10);
    // The preset's shape: 1200 x 500.
    QVERIFY(qAbs(double(first.width()) / first.height() - 1200.0 / 500.0) < 0.05);
    auto *preset = dialog.findChild<QComboBox *>(QStringLiteral("exportSize"));
    QVERIFY(preset);
    preset->setCurrentIndex(2);
    const QImage slide = dialog.preview();
    QVERIFY(slide != first);
    QVERIFY(qAbs(double(slide.width()) / slide.height() - 1600.0 / 900.0) < 0.05);
    auto *figure = dialog.findChild<QComboBox *>(QStringLiteral("exportFigure"));
    QVERIFY(figure);
    figure->setCurrentIndex(1);
    QVERIFY(dialog.preview() != slide);
}

// A new user's home has no Documents or Pictures folder: the first export
// goes where the dialog suggests without making a folder, and the next one
// starts in that export's folder with the figure and format chosen.
void TestChartExport::firstExportInAFreshHomeWorks() {
    QTemporaryDir home;
    QVERIFY(home.isValid());
    const QByteArray oldHome = qgetenv("HOME");
    const auto restore = qScopeGuard([&] { qputenv("HOME", oldHome); });
    qputenv("HOME", home.path().toLocal8Bit());
    for (const char *xdg : {"XDG_DOCUMENTS_DIR", "XDG_PICTURES_DIR", "XDG_CONFIG_HOME"}) {
        qunsetenv(xdg);
    }
    QSettings().clear();
    const ExportedCharts charts;
    const QList<QPair<QString, ChartFigure>> figures = charts.figures();
    AppSettings settings;
    QWidget window;
    ExportController exporter(settings, &window);
    QStringList said;
    connect(&exporter, &ExportController::done, this, [&said](const QString &m) { said << m; });
    // Accepts the dialog as suggested, after choosing the pps chart as SVG once.
    const auto accept = [](bool choose) {
        QTimer::singleShot(0, [choose] {
            auto *dialog = qobject_cast<ChartExportDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            if (choose) {
                dialog->findChild<QComboBox *>(QStringLiteral("exportFigure"))->setCurrentIndex(1);
                const auto formats = dialog->findChildren<QComboBox *>();
                for (QComboBox *box : formats) {
                    if (const int svg = box->findData(QStringLiteral("svg")); svg >= 0) {
                        box->setCurrentIndex(svg);
                    }
                }
            }
            dialog->accept();
        });
    };
    accept(false);
    exporter.exportFigure(figures);
    QCOMPARE(said.size(), 1);
    const QStringList written = QDir(home.path()).entryList({QStringLiteral("burstlab-*.png")});
    QCOMPARE(written.size(), 1);
    QCOMPARE(QDir(home.path()).entryList(QDir::Dirs | QDir::NoDotAndDotDot), QStringList());

    const QString later = home.filePath(QStringLiteral("figures"));
    QVERIFY(QDir().mkpath(later));
    settings.setExportFolder(later);
    accept(true);
    exporter.exportFigure(figures);
    QCOMPARE(said.size(), 2);
    QCOMPARE(QDir(later).entryList({QStringLiteral("burstlab-pps-*.svg")}).size(), 1);
    QCOMPARE(settings.exportFigure(), 1);
    QCOMPARE(settings.exportFormat(), QStringLiteral("svg"));
    // Chosen once, kept: the next dialog offers the same.
    QTimer::singleShot(0, [] {
        auto *dialog = qobject_cast<ChartExportDialog *>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        QCOMPARE(dialog->chartIndex(), 1);
        QCOMPARE(dialog->format(), QStringLiteral("svg"));
        QVERIFY2(dialog->path().startsWith(
                     QDir(QStringLiteral("%1/figures").arg(QDir::homePath())).absolutePath()),
                 qPrintable(dialog->path()));
        dialog->reject();
    });
    exporter.exportFigure(figures);
    QSettings().clear();
}

void TestChartExport::onePointAxesReadApart() {
    // One point, burst=24 at 134.2 Mpps: the x axis its neighbours 23..25,
    // the y axis a tenth either side, not a hair's width of repeated labels.
    PpsChart chart;
    chart.setSeries({{QStringLiteral("run"), {{24, 134.2e6}}}});
    const auto [xLow, xHigh] = chart.axisRange(Qt::Horizontal);
    QCOMPARE(xLow, 23.0);
    QCOMPARE(xHigh, 25.0);
    const auto [yLow, yHigh] = chart.axisRange(Qt::Vertical);
    QVERIFY2(yLow <= 134.2 * 0.9 + 1e-9 && yHigh >= 134.2 * 1.1 - 1e-9,
             qPrintable(QStringLiteral("%1..%2").arg(yLow).arg(yHigh)));
}

QTEST_MAIN(TestChartExport)
#include "tst_chartexport.moc"
