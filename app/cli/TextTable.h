#pragma once
#include <QList>
#include <QString>
#include <QStringList>

namespace burstlab {

// A plain-text table with columns padded to their widest cell; numbers
// right-aligned so their digits line up.
class TextTable {
  public:
    explicit TextTable(const QStringList &header) : m_header(header) {}
    // Cells may hold untrusted text (a label, a host name): each is shown
    // through SafeText::field, before the widths are measured.
    void addRow(const QStringList &cells);
    bool isEmpty() const { return m_rows.isEmpty(); }
    // With maxWidth > 0 the widest columns are narrowed until the table fits
    // (none below a dozen characters) and their cells wrap at spaces onto
    // more lines.
    QString toString(int maxWidth = 0) const;

    // text in lines of at most width, broken at spaces (a longer word is cut).
    static QStringList wrap(const QString &text, int width);

  private:
    QStringList m_header;
    QList<QStringList> m_rows;
};

} // namespace burstlab
