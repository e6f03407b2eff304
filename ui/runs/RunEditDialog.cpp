#include "runs/RunEditDialog.h"
#include "util/SafeText.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <algorithm>

namespace burstlab {

RunEditDialog::RunEditDialog(const Run &run, QWidget *parent)
    : QDialog(parent), m_run(run), m_name(new QLineEdit(run.name, this)),
      m_label(new QLineEdit(run.label, this)),
      m_tags(new QLineEdit(run.tags.join(QStringLiteral(", ")), this)),
      m_notes(new QPlainTextEdit(run.notes, this)), m_hidden(new QLabel(this)) {
    setWindowTitle(tr("Edit run #%1").arg(run.id));
    m_label->setPlaceholderText(tr("e.g. baseline, patch2"));
    m_tags->setPlaceholderText(tr("comma separated, e.g. ixgbe, numa0"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto *form = new QFormLayout(this);
    form->addRow(tr("Name:"), m_name);
    form->addRow(tr("Label:"), m_label);
    form->addRow(tr("Tags:"), m_tags);
    form->addRow(tr("Notes:"), m_notes);
    m_hidden->setObjectName(QStringLiteral("hiddenCharacters"));
    m_hidden->setTextFormat(Qt::PlainText);
    m_hidden->setWordWrap(true);
    form->addRow(m_hidden);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QLineEdit *field : {m_name, m_label, m_tags}) {
        connect(field, &QLineEdit::textChanged, this, &RunEditDialog::showHiddenCharacters);
    }
    connect(m_notes, &QPlainTextEdit::textChanged, this, &RunEditDialog::showHiddenCharacters);
    showHiddenCharacters();
}

void RunEditDialog::showHiddenCharacters() {
    QStringList found;
    const auto check = [&found](const QString &field, const QString &text, bool lines) {
        const bool hides = std::any_of(text.cbegin(), text.cend(), [lines](QChar c) {
            return SafeText::isUnsafe(c) && !(lines && (c == u'\n' || c == u'\t'));
        });
        if (hides) {
            found << tr("%1 as stored: %2")
                         .arg(field, lines ? SafeText::lines(text) : SafeText::field(text));
        }
    };
    check(tr("Name"), m_name->text(), false);
    check(tr("Label"), m_label->text(), false);
    check(tr("Tags"), m_tags->text(), false);
    check(tr("Notes"), m_notes->toPlainText(), true);
    m_hidden->setText(found.isEmpty() ? QString()
                                      : tr("These fields hold characters that reorder or hide "
                                           "text on screen:\n%1")
                                            .arg(found.join(QLatin1Char('\n'))));
    m_hidden->setVisible(!found.isEmpty());
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
