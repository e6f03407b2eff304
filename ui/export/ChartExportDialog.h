#pragma once
#include "charts/ChartFigure.h"

#include <QDialog>
#include <QImage>
#include <QPair>
#include <QSize>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
QT_END_NAMESPACE

namespace burstlab {

// Which figure (the pps and delta charts side by side, or one chart), at which
// preset size, to which file; the format follows the file's suffix (.png or
// .svg). A preview shows the figure as it will be written, drawn by the same
// code at the preset's size and scaled down, so the caption's size and the
// legend's rows are judged before saving. A panel (the profile of the
// selected point) may go beside the charts.
class ChartExportDialog : public QDialog {
    Q_OBJECT
  public:
    // A preset made for another number of charts side by side than the
    // figure's is swapped for a fitting one. An empty panel is offered
    // switched off, saying how to get one.
    ChartExportDialog(const QList<QPair<QString, ChartFigure>> &figures, int preset,
                      const QString &folder, QWidget *parent = nullptr,
                      const FigurePanel &panel = {});

    // The figure and format chosen last time (an index out of range, or a
    // format not offered, leaves the first).
    void choose(int chart, const QString &format);
    int chartIndex() const;
    // The chosen figure, with the panel where it was asked for.
    ChartFigure figure() const;
    void setPanelIncluded(bool included);
    int presetIndex() const;
    // "png" or "svg".
    QString format() const;
    QString path() const;
    // The preview as shown.
    QImage preview() const;

  private:
    void browse();
    void suggestPath();
    void fitPreset();
    void updatePreview();

    QString m_folder;
    QList<QPair<QString, ChartFigure>> m_figures;
    FigurePanel m_panel;
    QComboBox *m_chart;
    QComboBox *m_preset;
    QComboBox *m_format;
    QCheckBox *m_withPanel;
    QLineEdit *m_path;
    QLabel *m_preview;
};

} // namespace burstlab
