#pragma once
#include <QList>
#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QTableView;
QT_END_NAMESPACE

namespace burstlab {

// The columns of a figure table the user wants in sight: the header's context
// menu shows or hides each one, and the choice is remembered (QSettings,
// under the given key) for the next session. Columns the model adds later
// (a sink's, when a point has them) follow the same choice.
class ColumnChooser : public QObject {
    Q_OBJECT
  public:
    // hiddenByDefault: the logical columns hidden until the user shows them.
    static ColumnChooser *install(QTableView *table, const QString &settingsKey,
                                  const QList<int> &hiddenByDefault);

    // The logical columns hidden now.
    QList<int> hiddenColumns() const;
    void setColumnHidden(int column, bool hidden);

  private:
    ColumnChooser(QTableView *table, const QString &settingsKey, const QList<int> &hidden);
    void apply();
    void showMenu(const QPoint &at);

    QTableView *m_table;
    QString m_key;
    QList<int> m_hidden;
};

} // namespace burstlab
