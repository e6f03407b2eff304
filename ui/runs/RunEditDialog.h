#pragma once
#include "model/Run.h"

#include <QDialog>

QT_BEGIN_NAMESPACE
class QLabel;
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
    // A field may hold text that reorders or hides itself on screen (U+202E
    // and its kind, control characters): an editable field shows it in
    // effect, so the fields that hold any are also shown escaped, plainly.
    void showHiddenCharacters();

    Run m_run;
    QLineEdit *m_name;
    QLineEdit *m_label;
    QLineEdit *m_tags;
    QPlainTextEdit *m_notes;
    QLabel *m_hidden;
};

} // namespace burstlab
