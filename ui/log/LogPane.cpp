#include "log/LogPane.h"
#include "util/SafeText.h"

#include <QFontDatabase>
#include <QPlainTextEdit>
#include <QScrollBar>
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
    // A long line wraps: a horizontal scroll bar would hide the newest line
    // and make the pane stop following it.
    m_text->setLineWrapMode(QPlainTextEdit::WidgetWidth);
    m_text->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
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
    emit errorAppended(message);
}

void LogPane::clear() {
    m_text->clear();
}

void LogPane::append(const QString &prefix, const QString &message, bool emphasise) {
    const QString stamp = QTime::currentTime().toString(QStringLiteral("HH:mm:ss.zzz"));
    // Engine lines come from DPDK, drivers or another host: untrusted.
    const QString line = QStringLiteral("%1 %2: %3").arg(stamp, prefix, SafeText::lines(message));
    // The newest line stays in view unless the user scrolled up to read.
    QScrollBar *bar = m_text->verticalScrollBar();
    const bool following = bar->value() >= bar->maximum();
    if (emphasise) {
        // Bold rather than a colour: it reads on light and dark palettes alike.
        m_text->appendHtml(QStringLiteral("<b>%1</b>").arg(line.toHtmlEscaped()));
    } else {
        m_text->appendPlainText(line);
    }
    if (following) {
        bar->setValue(bar->maximum());
    }
}

bool LogPane::showsNewestLine() const {
    const QScrollBar *bar = m_text->verticalScrollBar();
    return bar->value() >= bar->maximum();
}

} // namespace burstlab
