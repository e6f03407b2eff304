#include "engine/LineFramer.h"

namespace burstlab {

QList<QByteArray> LineFramer::feed(const QByteArray &data) {
    QList<QByteArray> lines;
    if (m_overflowed)
        return lines;
    m_buffer += data;
    qsizetype from = 0;
    for (;;) {
        const qsizetype nl = m_buffer.indexOf('\n', from);
        if (nl < 0)
            break;
        QByteArray line = m_buffer.mid(from, nl - from);
        if (line.size() > m_maxLine) {
            m_overflowed = true;
            m_buffer.clear();
            return lines;
        }
        if (line.endsWith('\r'))
            line.chop(1);
        lines.append(line);
        from = nl + 1;
    }
    m_buffer.remove(0, from);
    if (m_buffer.size() > m_maxLine) {
        m_overflowed = true;
        m_buffer.clear();
    }
    return lines;
}

QByteArray LineFramer::takeRest() {
    QByteArray rest;
    rest.swap(m_buffer);
    return rest;
}

} // namespace burstlab
