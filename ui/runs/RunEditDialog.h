#pragma once
#include "model/Run.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QLineEdit;
class QPlainTextEdit;
QT_END_NAMESPACE

namespace burstlab {

// Name, label, tags and notes of a stored run: what a user edits after the fact.
class RunEditDialog : public QDialog {
    Q_OBJECT
  public:
    explicit RunEditDialog(const Run &run, QWidget *parent = nullptr);
    // The run with the edited fields.
    Run editedRun() const;

  private:
    Run m_run;
    QLineEdit *m_name;
    QLineEdit *m_label;
    QLineEdit *m_tags;
    QPlainTextEdit *m_notes;
};

} // namespace burstlab
