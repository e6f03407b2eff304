#pragma once
#include <QByteArray>
#include <QList>

namespace burstlab {

// Cuts a byte stream into '\n'-terminated lines, refusing any line longer than
// a limit so a misbehaving peer cannot make the reader buffer without bound.
// A trailing '\r' (ssh -tt) is dropped.
class LineFramer {
  public:
    static constexpr qsizetype kDefaultMaxLine = 1 << 20; // as the engine's own limit

    explicit LineFramer(qsizetype maxLine = kDefaultMaxLine) : m_maxLine(maxLine) {}

    // Appends data and returns the complete lines it finished.
    QList<QByteArray> feed(const QByteArray &data);
    // True once a line went over the limit; the framer then stays in that state.
    bool overflowed() const { return m_overflowed; }
    // What is left without a newline (for a last line at end of stream).
    QByteArray takeRest();

  private:
    qsizetype m_maxLine;
    QByteArray m_buffer;
    bool m_overflowed = false;
};

} // namespace burstlab
