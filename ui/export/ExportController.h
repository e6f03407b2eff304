#pragma once
#include "charts/ChartFigure.h"
#include "exchange/ExportFormat.h"
#include "model/RunData.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QSize>
#include <optional>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace burstlab {

class AppSettings;
class ChartPane;
class RunStore;

// The File ▸ Export and Edit ▸ Copy actions: charts to PNG/SVG at preset sizes,
// runs to netdev text, CSV, JSON or Markdown through the core exporters. Every
// failure is reported to the user with the file and the cause.
class ExportController : public QObject {
    Q_OBJECT
  public:
    ExportController(AppSettings &settings, QWidget *window);

    void setStore(RunStore *store) { m_store = store; }

    // Format from the suffix: .svg is SVG, anything else PNG.
    static bool writeFigure(const ChartFigure &figure, const QString &path, QSize size,
                            QString *error);
    // One chart with its caption.
    static bool writeChart(const ChartPane &chart, const QString &path, QSize size, QString *error);
    // The runs as text in a core export format (comparison when several).
    std::optional<QString> runsText(ExportFormat format, const QList<qint64> &runIds,
                                    QString *error) const;

    // Interactive: pick the figure, preset and file, and whether the panel
    // (a profile) goes beside the charts. No figures: says so, with why
    // (the view's note: an imported netperf table has no pps to draw).
    void exportFigure(const QList<QPair<QString, ChartFigure>> &figures,
                      const FigurePanel &panel = {}, const QString &whyNone = {});
    void exportRuns(const QList<qint64> &runIds);
    void copyNetdev(const QList<qint64> &runIds);
    void saveNetdev(const QList<qint64> &runIds);

  signals:
    // "Copied run #3 as netdev text", "Saved …": for the status bar.
    void done(const QString &message);

  private:
    // The text, or nullopt after telling the user "<failure>: <why>".
    std::optional<QString> textOrReport(ExportFormat format, const QList<qint64> &runIds,
                                        const QString &failure);
    bool saveText(const QString &path, const QString &text);
    void fail(const QString &message);
    // Where a file dialog starts: the folder of the last export while it
    // exists, else the user's pictures or documents folder, else home;
    // never a folder that would have to be made.
    QString folder() const;
    // An export written to path: its folder is where the next one starts.
    void remember(const QString &path);

    AppSettings &m_settings;
    QWidget *m_window;
    RunStore *m_store = nullptr;
};

} // namespace burstlab
