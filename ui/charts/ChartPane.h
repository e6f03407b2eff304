#pragma once
#include <QSize>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QChart;
class QChartView;
QT_END_NAMESPACE

namespace burstlab {

// A widget showing one chart. Subclasses rebuild their chart from their own data,
// so the pane and every export are drawn by the same code and an export never
// depends on the on-screen size, zoom or animation state.
class ChartPane : public QWidget {
    Q_OBJECT
  public:
    explicit ChartPane(QWidget *parent = nullptr);

    // Fixed-size renderings for a mailing-list post or a slide; false with a
    // reason in *error when the file cannot be written.
    bool exportPng(const QString &path, QSize size, QString *error) const;
    bool exportSvg(const QString &path, QSize size, QString *error) const;

    QString chartTitle() const;
    // Number of data points drawn by the visible series (whiskers and guides excluded).
    virtual int dataPointCount() const = 0;

  protected:
    // A fresh chart from the current data; fontScale enlarges text for exports.
    virtual QChart *buildChart(qreal fontScale) const = 0;
    // Replaces the shown chart; call after the data changed.
    void refresh();
    // The chart on screen, for panes that extend it in place at a high rate.
    QChart *shownChart() const;
    void changeEvent(QEvent *event) override;

  private:
    QChartView *m_view;
};

} // namespace burstlab
