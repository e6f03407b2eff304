#include "util/WheelGuard.h"

#include <QAbstractSpinBox>
#include <QComboBox>
#include <QEvent>
#include <QWidget>

namespace burstlab {

void WheelGuard::install(QWidget *root) {
    auto *guard = new WheelGuard(root);
    QList<QWidget *> fields;
    for (QAbstractSpinBox *box : root->findChildren<QAbstractSpinBox *>()) {
        fields.append(box);
    }
    for (QComboBox *box : root->findChildren<QComboBox *>()) {
        fields.append(box);
    }
    for (QWidget *field : fields) {
        // The wheel must not give the focus either, or the next turn would change the value.
        field->setFocusPolicy(Qt::StrongFocus);
        field->installEventFilter(guard);
    }
}

bool WheelGuard::eventFilter(QObject *watched, QEvent *event) {
    if (event->type() == QEvent::Wheel && !static_cast<QWidget *>(watched)->hasFocus()) {
        // Filtered but not accepted: the application passes the wheel on to the
        // parents, so the scroll area around the form scrolls.
        event->ignore();
        return true;
    }
    return QObject::eventFilter(watched, event);
}

} // namespace burstlab
