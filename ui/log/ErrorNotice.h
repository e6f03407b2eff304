#pragma once
#include <QFrame>

QT_BEGIN_NAMESPACE
class QToolButton;
QT_END_NAMESPACE

namespace burstlab {

class ElidedLabel;

// The newest error where the eye is, in the status bar, until the user
// dismisses it (or what it reports is over: clear()); the log keeps every
// error. A status bar message alone is gone with the next one, and the log
// may be scrolled away or closed.
class ErrorNotice : public QFrame {
    Q_OBJECT
  public:
    explicit ErrorNotice(QWidget *parent = nullptr);

    // Shows message (untrusted: shown escaped), its first line when it has
    // several, all of it in the tooltip.
    void showError(const QString &message);
    // Hides the notice, when it still shows message (a notice of something
    // over, such as a lost connection once it is back).
    void clearIf(const QString &message);
    void clear();
    QString text() const { return m_message; }
    QToolButton *dismissButton() const { return m_dismiss; }

  private:
    ElidedLabel *m_text;
    QToolButton *m_dismiss;
    QString m_message;
};

} // namespace burstlab
