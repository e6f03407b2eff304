#pragma once
#include <QString>
#include <QWidget>

namespace burstlab {

// One line of text that never widens its window: when it does not fit it is
// cut with an ellipsis and the whole text is in the tooltip. Run names and
// descriptions can be any length; a label sized to them would set the
// window's minimum width.
class ElidedLabel : public QWidget {
    Q_OBJECT
  public:
    explicit ElidedLabel(QWidget *parent = nullptr);

    // The tooltip shows whole (text when empty), as plain text: a tooltip
    // would take text that looks like HTML for HTML.
    void setText(const QString &text, const QString &whole = {});
    QString text() const { return m_text; }
    void clear() { setText(QString()); }

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent *event) override;

  private:
    QString m_text;
};

} // namespace burstlab
