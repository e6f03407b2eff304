#include "export/ChartExportDialog.h"
#include "export/ExportPreset.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QPushButton>

namespace burstlab {

ChartExportDialog::ChartExportDialog(const QStringList &figureNames, const QList<int> &chartCounts,
                                     int preset, const QString &folder, QWidget *parent)
    : QDialog(parent), m_folder(folder), m_chartCounts(chartCounts), m_chart(new QComboBox(this)),
      m_preset(new QComboBox(this)), m_format(new QComboBox(this)), m_path(new QLineEdit(this)) {
    setWindowTitle(tr("Export figure"));
    m_chart->addItems(figureNames);
    for (const ExportPreset &p : ExportPreset::all()) {
        m_preset->addItem(p.name);
    }
    m_preset->setCurrentIndex(std::clamp(preset, 0, int(m_preset->count()) - 1));
    m_format->addItem(tr("PNG image"), QStringLiteral("png"));
    m_format->addItem(tr("SVG drawing"), QStringLiteral("svg"));
    auto *browseButton = new QPushButton(tr("Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browseButton);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Figure:"), m_chart);
    form->addRow(tr("Size:"), m_preset);
    form->addRow(tr("Format:"), m_format);
    form->addRow(tr("File:"), pathRow);
    form->addRow(buttons);
    setMinimumWidth(fontMetrics().averageCharWidth() * 70);

    connect(browseButton, &QPushButton::clicked, this, &ChartExportDialog::browse);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::fitPreset);
    connect(m_chart, &QComboBox::currentIndexChanged, this, &ChartExportDialog::suggestPath);
    connect(m_format, &QComboBox::currentIndexChanged, this, &ChartExportDialog::suggestPath);
    connect(m_preset, &QComboBox::currentIndexChanged, this, &ChartExportDialog::suggestPath);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    fitPreset();
    suggestPath();
}

void ChartExportDialog::fitPreset() {
    const int better =
        ExportPreset::betterFor(m_preset->currentIndex(), m_chartCounts.value(chartIndex(), 1));
    if (better >= 0) {
        m_preset->setCurrentIndex(better);
    }
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

void ChartExportDialog::suggestPath() {
    const QSize size = ExportPreset::all().value(presetIndex()).size;
    QString base = m_chart->currentText().toLower();
    base.replace(QLatin1Char(' '), QLatin1Char('-'));
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
