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
    void addRow(const QStringList &cells) { m_rows.append(cells); }
    QString toString() const;

  private:
    QStringList m_header;
    QList<QStringList> m_rows;
};

} // namespace burstlab
