#include "export/ChartExportDialog.h"
#include "export/ExportPreset.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>

namespace burstlab {

namespace {
// The preview's width: a good look at the figure in a dialog that still fits
// a 1280 x 720 screen.
constexpr int previewWidth = 560;
} // namespace

ChartExportDialog::ChartExportDialog(const QList<QPair<QString, ChartFigure>> &figures, int preset,
                                     const QString &folder, QWidget *parent,
                                     const FigurePanel &panel)
    : QDialog(parent), m_folder(folder), m_figures(figures), m_panel(panel),
      m_chart(new QComboBox(this)), m_preset(new QComboBox(this)), m_format(new QComboBox(this)),
      m_withPanel(new QCheckBox(this)), m_path(new QLineEdit(this)), m_preview(new QLabel(this)) {
    setWindowTitle(tr("Export figure"));
    for (const auto &figure : figures) {
        m_chart->addItem(figure.first);
    }
    m_chart->setObjectName(QStringLiteral("exportFigure"));
    m_preset->setObjectName(QStringLiteral("exportSize"));
    m_preview->setObjectName(QStringLiteral("figurePreview"));
    m_preview->setAlignment(Qt::AlignCenter);
    m_preview->setFrameShape(QFrame::StyledPanel);
    m_preview->setToolTip(tr("The figure as it will be written, scaled down"));
    for (const ExportPreset &p : ExportPreset::all()) {
        m_preset->addItem(p.name);
    }
    m_preset->setCurrentIndex(std::clamp(preset, 0, int(m_preset->count()) - 1));
    m_format->addItem(tr("PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("SVG drawing"), QStringLiteral("svg"));
    m_withPanel->setObjectName(QStringLiteral("exportWithProfile"));
    if (panel.isEmpty()) {
        m_withPanel->setText(tr("Include a profile beside the charts"));
        m_withPanel->setEnabled(false);
        m_withPanel->setToolTip(tr("Select a point with a profile in the table first"));
    } else {
        m_withPanel->setText(tr("Include %1 beside the charts").arg(panel.name));
    }
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Figure:"), m_chart);
    form->addRow(tr("Size:"), m_preset);
    form->addRow(tr("Format:"), m_format);
    form->addRow(QString(), m_withPanel);
    form->addRow(tr("File:"), pathRow);
    form->addRow(m_preview);
    form->addRow(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * 70);

    connect(browseButton, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::fitPreset);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::suggestPath);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ChartExportDialog::suggestPath);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ChartExportDialog::suggestPath);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::updatePreview);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ChartExportDialog::updatePreview);
    connect(m_withPanel, &QCheckBox::toggled, this, &ChartExportDialog::fitPreset);
    connect(m_withPanel, &QCheckBox::toggled, this, &ChartExportDialog::suggestPath);
    connect(m_withPanel, &QCheckBox::toggled, this, &ChartExportDialog::updatePreview);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    fitPreset();
    suggestPath();
    updatePreview();
}

ChartFigure ChartExportDialog::figure() const {
    if (chartIndex() < 0 || chartIndex() >= m_figures.size())
        return ChartFigure({}, QString());
    const ChartFigure &chosen = m_figures.at(chartIndex()).second;
    return m_withPanel->isChecked() ? chosen.withPanel(m_panel) : chosen;
}

void ChartExportDialog::setPanelIncluded(bool included) {
    m_withPanel->setChecked(included && !m_panel.isEmpty());
}

void ChartExportDialog::fitPreset() {
    const int charts = figure().chartCount();
    const int better = ExportPreset::betterFor(m_preset->currentIndex(), charts);
    if (better >= 0) {
        m_preset->setCurrentIndex(better);
    }
}

void ChartExportDialog::choose(int chart, const QString &format) {
    if (chart >= 0 && chart < m_chart->count()) {
        m_chart->setCurrentIndex(chart);
    }
    if (const int at = m_format->findData(format); at >= 0) {
        m_format->setCurrentIndex(at);
    }
}

QString ChartExportDialog::format() const {
    return m_format->currentData().toString();
}

int ChartExportDialog::chartIndex() const {
    return m_chart->currentIndex();
}

int ChartExportDialog::presetIndex() const {
    return m_preset->currentIndex();
}

QString ChartExportDialog::path() const {
    return m_path->text().trimmed();
}

QImage ChartExportDialog::preview() const {
    return m_preview->pixmap().toImage();
}

void ChartExportDialog::updatePreview() {
    const QSize size = ExportPreset::all().value(presetIndex()).size;
    if (chartIndex() < 0 || chartIndex() >= m_figures.size() || size.isEmpty()) {
        m_preview->clear();
        return;
    }
    const QImage image = figure().image(size);
    const qreal ratio = devicePixelRatioF();
    QImage shown = image.scaledToWidth(int(previewWidth * ratio), Qt::SmoothTransformation);
    shown.setDevicePixelRatio(ratio);
    m_preview->setPixmap(QPixmap::fromImage(shown));
}

void ChartExportDialog::suggestPath() {
    const QSize size = ExportPreset::all().value(presetIndex()).size;
    QString base = m_chart->currentText().toLower();
    base.replace(QLatin1Char(' '), QLatin1Char('-'));
    if (m_withPanel->isChecked())
        base += QStringLiteral("-profile");
    const QString file = QStringLiteral("burstlab-%1-%2x%3.%4")
                             .arg(base)
                             .arg(size.width())
                             .arg(size.height())
                             .arg(m_format->currentData().toString());
    m_path->setText(QDir(m_folder).filePath(file));
}

void ChartExportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(
        this, tr("Export chart"), path(), tr("PNG image (*.png);;SVG drawing (*.svg)"));
    if (chosen.isEmpty()) {
        return;
    }
    m_path->setText(chosen);
    m_folder = QFileInfo(chosen).absolutePath();
    const bool svg = chosen.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive);
    const QSignalBlocker block(m_format);
    m_format->setCurrentIndex(svg ? 1 : 0);
}

} // namespace burstlab
