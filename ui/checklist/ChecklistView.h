#pragma once
#include "host/CheckResult.h"
#include "model/EngineLaunch.h"
#include "sweep/FixTrial.h"

#include <QHash>
#include <QSet>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QLabel;
class QLineEdit;
class QPushButton;
class QTableView;
class QTextBrowser;
class QThread;
QT_END_NAMESPACE

namespace burstlab {

class ChecklistModel;

// The host tuning checklist: each item's status, current and recommended value,
// why it matters and the command that fixes it (with a copy button). Shows either
// this host, probed on demand off the GUI thread, or the checklist stored with a run.
class ChecklistView : public QWidget {
    Q_OBJECT
  public:
    explicit ChecklistView(QWidget *parent = nullptr);
    ~ChecklistView() override;

    // The launch whose device the probes look at (the setup panel's): a DPDK
    // port's netdev and PCI address, or a pktgen run's kernel device, and the
    // engine whose items apply.
    void setLaunch(const EngineLaunch &launch);
    void showStored(const QList<CheckResult> &results, const QString &caption);
    const QList<CheckResult> &results() const;

  public slots:
    void reprobe();

  signals:
    void probeFinished();
    // "Try the fix" on an item of this host's probe: the main window runs
    // the trial on the setup's other parameters.
    void tryFixRequested(const burstlab::FixTrial &trial);

  protected:
    // The first time the view is shown it probes this host, so it is never empty.
    void showEvent(QShowEvent *event) override;

  private:
    // One setting of an item as try-fix sees it on the launch's host
    // devices: the trial, or why there is none.
    struct Offer {
        QString setting;
        std::optional<FixTrial> trial;
        QString why;
    };
    using Offers = QHash<QString, QList<Offer>>; // by item id

    void showSelected();
    void showResults(const QList<CheckResult> &results, const QString &caption, bool live);
    // The trials of the selected item's settings, each enabled where the
    // engine and device can change it, else saying why.
    void offerTrials(const CheckResult *result);

    EngineLaunch m_launch;
    Offers m_offers;         // of the last probe of this host
    QSet<QString> m_fixOnly; // items listed for their fix, not judged for the engine
    ChecklistModel *m_model;
    QTableView *m_table;
    QLabel *m_caption;
    QPushButton *m_reprobe;
    QTextBrowser *m_details;
    QLineEdit *m_fix;
    QPushButton *m_copy;
    QPushButton *m_tryFix;
    QThread *m_probe = nullptr;
    bool m_hasResults = false;
    bool m_live = false; // the results are this host's probe, not a stored run's
};

} // namespace burstlab
