#pragma once
#include <QWidget>

QT_BEGIN_NAMESPACE
class QPlainTextEdit;
QT_END_NAMESPACE

namespace burstlab {

// The engine's stderr and every error of a sweep, in arrival order, so a user
// can see what the engine said before it failed.
class LogPane : public QWidget {
    Q_OBJECT
  public:
    explicit LogPane(QWidget *parent = nullptr);

    QString text() const;
    // Whether the newest line is in view (it follows new lines then).
    bool showsNewestLine() const;

  public slots:
    void appendEngineLine(const QString &line);
    void appendInfo(const QString &message);
    void appendError(const QString &message);
    void clear();

  signals:
    // An error was logged: for where the eye is (ErrorNotice).
    void errorAppended(const QString &message);

  private:
    void append(const QString &prefix, const QString &message, bool emphasise);

    QPlainTextEdit *m_text;
};

} // namespace burstlab
