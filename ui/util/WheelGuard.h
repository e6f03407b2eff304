#pragma once
#include <QObject>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace burstlab {

// Keeps the mouse wheel from changing spin boxes and combo boxes the pointer
// merely passes over while a form is scrolled: such a field takes the wheel
// only once it has the keyboard focus, otherwise the wheel scrolls the form.
class WheelGuard : public QObject {
    Q_OBJECT
  public:
    // Guards every spin box and combo box under root, now and as they are.
    static void install(QWidget *root);

  protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

  private:
    explicit WheelGuard(QObject *parent) : QObject(parent) {}
};

} // namespace burstlab
