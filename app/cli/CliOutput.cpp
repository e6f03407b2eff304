#include "CliOutput.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"

#include <QFile>
#include <QStringDecoder>
#include <cstdio>
#include <unistd.h>

namespace burstlab {

namespace {

// stdout as a terminal shows it: everything printed there passes SafeText,
// so no text from a run, a file or a store can drive the terminal, whatever
// the format. Redirected to a file or a pipe, stdout keeps the exact text (a
// CSV keeps the stored text; the text formats are safe already).
class TerminalSafeDevice : public QIODevice {
  public:
    TerminalSafeDevice() {
        m_terminal.open(STDOUT_FILENO, QIODevice::WriteOnly | QIODevice::Unbuffered);
        open(QIODevice::WriteOnly | QIODevice::Unbuffered);
    }

  protected:
    qint64 readData(char *, qint64) override { return -1; }
    qint64 writeData(const char *data, qint64 size) override {
        // The decoder keeps a character split across two writes whole.
        const QString text = m_decoder.decode(QByteArrayView(data, size));
        const QByteArray shown = SafeText::lines(text).toUtf8();
        return m_terminal.write(shown) == shown.size() ? size : -1;
    }

  private:
    QFile m_terminal;
    QStringDecoder m_decoder{QStringDecoder::Utf8};
};

struct Stdout {
    Stdout() {
        if (isatty(STDOUT_FILENO) == 1)
            stream.setDevice(&terminal);
        else if (file.open(stdout, QIODevice::WriteOnly))
            stream.setDevice(&file);
    }
    TerminalSafeDevice terminal;
    QFile file;
    QTextStream stream; // last: flushed before the devices go
};

} // namespace

QTextStream &CliOutput::out() {
    static Stdout out;
    return out.stream;
}

QTextStream &CliOutput::err() {
    static QTextStream stream(stderr);
    return stream;
}

void CliOutput::warn(const QString &line) {
    err() << SafeText::lines(line) << Qt::endl;
}

int CliOutput::error(const QString &command, int code, const QString &message) {
    out().flush();
    err() << "burstlab-cli" << (command.isEmpty() ? QString() : QLatin1Char(' ') + command) << ": "
          << SafeText::lines(message) << Qt::endl;
    return code;
}

int CliOutput::usageError(const QString &command, const QString &message) {
    return error(command, ExitUsage, message);
}

bool CliOutput::stderrIsTerminal() {
    return isatty(STDERR_FILENO) == 1;
}

} // namespace burstlab
