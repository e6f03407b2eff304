#pragma once
#include "charts/ChartFigure.h"
#include "profile/ProfileBars.h"

#include <QWidget>

namespace burstlab {

// A profile's bars on screen (ProfileBars): a function's tooltip gives its
// call chains. As tall as its rows and note need, so it sits in a scroll
// area where room is short; the same bars go into an exported figure.
class ProfilePanel : public QWidget {
    Q_OBJECT
  public:
    explicit ProfilePanel(QWidget *parent = nullptr);

    void setBars(const ProfileBars &bars);
    const ProfileBars &bars() const { return m_bars; }
    // The bars for a figure beside its charts, named `name`; empty without rows.
    FigurePanel figurePanel(const QString &name) const;

    QSize sizeHint() const override;

  protected:
    bool event(QEvent *event) override;
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

  private:
    QRectF area() const;
    void fitHeight();

    ProfileBars m_bars;
};

} // namespace burstlab
