#include "export/ExportController.h"
#include "charts/ChartPane.h"
#include "export/ChartExportDialog.h"
#include "export/ExportPreset.h"
#include "main/AppSettings.h"
#include "store/RunStore.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMessageBox>
#include <QSaveFile>
#include <QStandardPaths>
#include <QWidget>

namespace burstlab {

namespace {
QString idList(const QList<qint64> &runIds) {
    QStringList ids;
    for (qint64 id : runIds) {
        ids.append(QStringLiteral("#%1").arg(id));
    }
    return ids.join(QStringLiteral(", "));
}
} // namespace

ExportController::ExportController(AppSettings &settings, QWidget *window)
    : QObject(window), m_settings(settings), m_window(window) {}

QString ExportController::folder() const {
    QStringList candidates{m_settings.exportFolder()};
    for (const auto location : {QStandardPaths::PicturesLocation, QStandardPaths::DocumentsLocation,
                                QStandardPaths::HomeLocation}) {
        candidates << QStandardPaths::writableLocation(location);
    }
    for (const QString &candidate : candidates) {
        if (!candidate.isEmpty() && QFileInfo(candidate).isDir()) {
            return candidate;
        }
    }
    return QDir::homePath();
}

void ExportController::remember(const QString &path) {
    m_settings.setExportFolder(QFileInfo(path).absolutePath());
}

bool ExportController::writeFigure(const ChartFigure &figure, const QString &path, QSize size,
                                   QString *error) {
    if (path.endsWith(QStringLiteral(".svg"), Qt::CaseInsensitive)) {
        return figure.writeSvg(path, size, error);
    }
    return figure.writePng(path, size, error);
}

bool ExportController::writeChart(const ChartPane &chart, const QString &path, QSize size,
                                  QString *error) {
    return writeFigure(ChartFigure({&chart}, chart.caption()), path, size, error);
}

std::optional<QString> ExportController::runsText(ExportFormat format, const QList<qint64> &runIds,
                                                  QString *error) const {
    if (!m_store || !m_store->isOpen()) {
        *error = tr("no store is open: open one with File ▸ Open store");
        return std::nullopt;
    }
    if (runIds.isEmpty()) {
        *error = tr("no run selected: run a sweep, or select runs on the Runs tab");
        return std::nullopt;
    }
    QList<RunData> runs;
    for (qint64 id : runIds) {
        const std::optional<RunData> data = m_store->loadRunData(id);
        if (!data) {
            *error = tr("could not load run #%1: %2").arg(id).arg(m_store->lastError());
            return std::nullopt;
        }
        runs.append(*data);
    }
    return burstlab::exportRuns(format, runs);
}

void ExportController::exportFigure(const QList<QPair<QString, ChartFigure>> &figures,
                                    const FigurePanel &panel, const QString &whyNone) {
    if (figures.isEmpty()) {
        fail(tr("There is no chart to export. %1").arg(whyNone));
        return;
    }
    ChartExportDialog dialog(figures, m_settings.exportPreset(), folder(), m_window, panel);
    dialog.choose(m_settings.exportFigure(), m_settings.exportFormat());
    if (dialog.exec() != QDialog::Accepted || dialog.path().isEmpty() || dialog.chartIndex() < 0 ||
        dialog.chartIndex() >= figures.size()) {
        return;
    }
    m_settings.setExportPreset(dialog.presetIndex());
    m_settings.setExportChoice(dialog.chartIndex(), dialog.format());
    const ExportPreset preset = ExportPreset::all().value(dialog.presetIndex());
    QString error;
    if (!writeFigure(dialog.figure(), dialog.path(), preset.size, &error)) {
        fail(tr("The figure was not exported: %1").arg(error));
        return;
    }
    remember(dialog.path());
    emit done(tr("Exported %1 to %2").arg(figures.at(dialog.chartIndex()).first, dialog.path()));
}

void ExportController::exportRuns(const QList<qint64> &runIds) {
    const QString filters = tr("netdev text (*.txt);;CSV table (*.csv);;JSON (*.json);;"
                               "Markdown (*.md);;Folded stacks, for flame graphs (*.folded)");
    QString filter;
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Export runs %1").arg(idList(runIds)),
        folder() + QStringLiteral("/burstlab-runs.txt"), filters, &filter);
    if (path.isEmpty()) {
        return;
    }
    const QString suffix = QFileInfo(path).suffix().toLower();
    ExportFormat format = ExportFormat::Netdev;
    if (suffix == QStringLiteral("csv") || filter.startsWith(QStringLiteral("CSV"))) {
        format = ExportFormat::Csv;
    } else if (suffix == QStringLiteral("json") || filter.startsWith(QStringLiteral("JSON"))) {
        format = ExportFormat::Json;
    } else if (suffix == QStringLiteral("md") || filter.startsWith(QStringLiteral("Markdown"))) {
        format = ExportFormat::Markdown;
    } else if (suffix == QStringLiteral("folded") || filter.startsWith(QStringLiteral("Folded"))) {
        format = ExportFormat::Folded;
    }
    const std::optional<QString> text = textOrReport(format, runIds, tr("Nothing was exported"));
    if (text && saveText(path, *text)) {
        remember(path);
        emit done(tr("Exported runs %1 as %2 to %3").arg(idList(runIds), toString(format), path));
    }
}

void ExportController::copyNetdev(const QList<qint64> &runIds) {
    const std::optional<QString> text =
        textOrReport(ExportFormat::Netdev, runIds, tr("Nothing was copied"));
    if (!text) {
        return;
    }
    QApplication::clipboard()->setText(*text);
    emit done(tr("Copied runs %1 as netdev text").arg(idList(runIds)));
}

void ExportController::saveNetdev(const QList<qint64> &runIds) {
    const std::optional<QString> text =
        textOrReport(ExportFormat::Netdev, runIds, tr("Nothing was saved"));
    if (!text) {
        return;
    }
    const QString path = QFileDialog::getSaveFileName(
        m_window, tr("Save netdev text"), folder() + QStringLiteral("/burstlab-netdev.txt"),
        tr("Text (*.txt)"));
    if (!path.isEmpty() && saveText(path, *text)) {
        remember(path);
        emit done(tr("Saved runs %1 as netdev text to %2").arg(idList(runIds), path));
    }
}

std::optional<QString> ExportController::textOrReport(ExportFormat format,
                                                      const QList<qint64> &runIds,
                                                      const QString &failure) {
    QString error;
    std::optional<QString> text = runsText(format, runIds, &error);
    if (!text) {
        fail(QStringLiteral("%1: %2").arg(failure, error));
    }
    return text;
}

bool ExportController::saveText(const QString &path, const QString &text) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text) || file.write(text.toUtf8()) < 0 ||
        !file.commit()) {
        fail(tr("Could not write %1: %2").arg(path, file.errorString()));
        return false;
    }
    return true;
}

void ExportController::fail(const QString &message) {
    QMessageBox::warning(m_window, tr("Export"), message);
}

} // namespace burstlab
