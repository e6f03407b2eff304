#include "log/LogPane.h"
#include "util/SafeText.h"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QTime>
#include <QVBoxLayout>

namespace burstlab {

namespace {
// A long sweep with a chatty PMD must not grow the pane without bound.
constexpr int maxLines = 5000;
} // namespace

LogPane::LogPane(QWidget *parent) : QWidget(parent), m_text(new QPlainTextEdit(this)) {
    m_text->setReadOnly(true);
    m_text->setMaximumBlockCount(maxLines);
    m_text->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_text->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_text->setPlaceholderText(tr("Engine messages and errors appear here."));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text);
}

QString LogPane::text() const {
    return m_text->toPlainText();
}

void LogPane::appendEngineLine(const QString &line) {
    append(tr("engine"), line, false);
}

void LogPane::appendInfo(const QString &message) {
    append(tr("info"), message, false);
}

void LogPane::appendError(const QString &message) {
    append(tr("ERROR"), message, true);
}

void LogPane::clear() {
    m_text->clear();
}

void LogPane::append(const QString &prefix, const QString &message, bool emphasise) {
    const QString stamp = QTime::currentTime().toString(QStringLiteral("HH:mm:ss.zzz"));
    // Engine lines come from DPDK, drivers or another host: untrusted.
    const QString line = QStringLiteral("%1 %2: %3").arg(stamp, prefix, SafeText::lines(message));
    if (emphasise) {
        // Bold rather than a colour: it reads on light and dark palettes alike.
        m_text->appendHtml(QStringLiteral("<b>%1</b>").arg(line.toHtmlEscaped()));
    } else {
        m_text->appendPlainText(line);
    }
}

} // namespace burstlab
