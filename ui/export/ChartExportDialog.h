#pragma once
#include <QDialog>
#include <QSize>

QT_BEGIN_NAMESPACE
class QComboBox;
class QLineEdit;
QT_END_NAMESPACE

namespace burstlab {

// Which chart, at which preset size, to which file; the format follows the
// file's suffix (.png or .svg).
class ChartExportDialog : public QDialog {
    Q_OBJECT
  public:
    ChartExportDialog(const QStringList &chartNames, int preset, const QString &folder,
                      QWidget *parent = nullptr);

    int chartIndex() const;
    int presetIndex() const;
    QString path() const;

  private:
    void browse();
    void suggestPath();

    QString m_folder;
    QComboBox *m_chart;
    QComboBox *m_preset;
    QComboBox *m_format;
    QLineEdit *m_path;
};

} // namespace burstlab
