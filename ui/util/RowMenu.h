#pragma once
#include <QObject>

QT_BEGIN_NAMESPACE
class QAbstractItemView;
QT_END_NAMESPACE

namespace burstlab {

// The row menu of an item view (its actions) for keyboard users as well: the
// Menu key and Shift+F10 open it at the current row, where a right click opens
// it at the pointer. Tab leaves the view instead of walking its cells, and
// tabbing in lands on a row; the arrow keys move within it.
class RowMenu : public QObject {
    Q_OBJECT
  public:
    static void install(QAbstractItemView *view);
    // A "Copy rows" action (Ctrl+C) on the view: the selected rows, or the
    // current one, as tab-separated text under the column titles, for a
    // spreadsheet or a mail.
    static void addCopyRows(QAbstractItemView *view);

  protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

  private:
    explicit RowMenu(QAbstractItemView *view);
    void openAtCurrentRow();

    QAbstractItemView *m_view;
};

} // namespace burstlab
