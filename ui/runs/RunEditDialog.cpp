#include "runs/RunEditDialog.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>

namespace burstlab {

RunEditDialog::RunEditDialog(const Run &run, QWidget *parent)
    : QDialog(parent), m_run(run), m_name(new QLineEdit(run.name, this)),
      m_label(new QLineEdit(run.label, this)),
      m_tags(new QLineEdit(run.tags.join(QStringLiteral(", ")), this)),
      m_notes(new QPlainTextEdit(run.notes, this)) {
    setWindowTitle(tr("Edit run #%1").arg(run.id));
    m_label->setPlaceholderText(tr("e.g. baseline, patch2"));
    m_tags->setPlaceholderText(tr("comma separated, e.g. ixgbe, numa0"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Label:"), m_label);
    form->addRow(tr("Tags:"), m_tags);
    form->addRow(tr("Notes:"), m_notes);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

Run RunEditDialog::editedRun() const {
    Run run = m_run;
    run.name = m_name->text().trimmed();
    run.label = m_label->text().trimmed();
    run.notes = m_notes->toPlainText();
    run.tags.clear();
    for (const QString &tag : m_tags->text().split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        if (!tag.trimmed().isEmpty()) {
            run.tags.append(tag.trimmed());
        }
    }
    return run;
}

} // namespace burstlab
