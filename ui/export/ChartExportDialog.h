#pragma once
#include <QDialog>
#include <QSize>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
QT_END_NAMESPACE

namespace burstlab {

// Which figure (the pps and delta charts side by side, or one chart), at which
// preset size, to which file; the format follows the file's suffix (.png or .svg).
class ChartExportDialog : public QDialog {
    Q_OBJECT
  public:
    // chartCounts: how many charts each figure puts side by side, so a preset
    // made for the other kind of figure is swapped for a fitting one.
    ChartExportDialog(const QStringList &figureNames, const QList<int> &chartCounts, int preset,
                      const QString &folder, QWidget *parent = nullptr);

    int chartIndex() const;
    int presetIndex() const;
    QString path() const;

  private:
    void browse();
    void suggestPath();

    void fitPreset();

    QString m_folder;
    QList<int> m_chartCounts;
    QComboBox *m_chart;
    QComboBox *m_preset;
    QComboBox *m_format;
    QLineEdit *m_path;
};

} // namespace burstlab
