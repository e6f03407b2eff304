#pragma once
#include "host/CheckResult.h"

#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QListWidget;
class QPushButton;
QT_END_NAMESPACE

namespace burstlab {

// The host checklist a run was measured with, in the little room beside its
// charts: how many items pass, warn and fail, the ones that do not pass, and
// one click to the full view. A result means little without the tuning state
// it was measured in.
class ChecklistSummary : public QWidget {
    Q_OBJECT
  public:
    explicit ChecklistSummary(QWidget *parent = nullptr);

    // The checklist stored with run runId; an empty list says none was recorded.
    void showRun(qint64 runId, const QList<CheckResult> &results);
    void clear();

    QString countsText() const;
    // The items listed: those that warn or fail, worst first.
    QStringList listedItems() const;

  signals:
    void fullViewRequested(qint64 runId);

  private:
    qint64 m_runId = 0;
    QLabel *m_title;
    QLabel *m_counts;
    QListWidget *m_items;
    QPushButton *m_full;
};

} // namespace burstlab
