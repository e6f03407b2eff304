#include "util/ElidedLabel.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QPainter>
#include <QStyle>
#include <QStyleOption>

namespace burstlab {

ElidedLabel::ElidedLabel(QWidget *parent) : QWidget(parent) {
    setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    // What a selectable label offers: the whole text, even the part cut off.
    auto *copy = new QAction(tr("&Copy text"), this);
    connect(copy, &QAction::triggered, this,
            [this] { QApplication::clipboard()->setText(m_text); });
    addAction(copy);
    setContextMenuPolicy(Qt::ActionsContextMenu);
}

void ElidedLabel::setText(const QString &text, const QString &whole) {
    const QString tip = whole.isEmpty() ? text : whole;
    setToolTip(
        tip.isEmpty()
            ? QString()
            : QStringLiteral("<p style='white-space:pre-wrap'>%1</p>").arg(tip.toHtmlEscaped()));
    if (text == m_text) {
        return;
    }
    m_text = text;
    updateGeometry();
    update();
}

QSize ElidedLabel::sizeHint() const {
    return {fontMetrics().horizontalAdvance(m_text) + 4, fontMetrics().height() + 4};
}

QSize ElidedLabel::minimumSizeHint() const {
    return {fontMetrics().averageCharWidth() * 8, fontMetrics().height() + 4};
}

void ElidedLabel::paintEvent(QPaintEvent *) {
    QPainter painter(this);
    const QRect area = contentsRect().adjusted(2, 0, -2, 0);
    const QString shown = fontMetrics().elidedText(m_text, Qt::ElideRight, area.width());
    style()->drawItemText(&painter, area, Qt::AlignLeft | Qt::AlignVCenter, palette(), isEnabled(),
                          shown, foregroundRole());
}

} // namespace burstlab
