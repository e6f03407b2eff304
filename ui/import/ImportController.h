#pragma once
#include "store/RunImport.h"
#include <QList>
#include <QObject>
#include <optional>

QT_BEGIN_NAMESPACE
class QWidget;
QT_END_NAMESPACE

namespace burstlab {

class RunStore;

// File ▸ Import: results recorded elsewhere (kernel pktgen output, a netdev
// table as posted, netperf's result tables, a burstlab single-run JSON file) into the store, so
// they can be compared with new runs. Parsing is the core's; this picks the file and reports what
// happened.
class ImportController : public QObject {
    Q_OBJECT
  public:
    enum class Kind { Netdev, Pktgen, Netperf, RunJson };

    explicit ImportController(QWidget *window);

    void setStore(RunStore *store) { m_store = store; }
    // The ids of the stored runs (or of the earlier import of the same
    // content: nothing new stored), or nullopt with *error saying why
    // nothing was stored. linkSpeedMbps: the link the results were
    // measured on (line-rate check).
    std::optional<RunImport::Written>
    importFile(Kind kind, const QString &file, const QString &label, QString *error,
               std::optional<double> linkSpeedMbps = std::nullopt);
    // Interactive: pick the file (the filter chooses the kind) and a label.
    void chooseAndImport();

  signals:
    void imported(const QList<qint64> &runIds, const QString &message);

  private:
    // Asks for the link speed until it is empty or one LineRate reads;
    // false when the user cancels.
    bool askLinkSpeed(std::optional<double> *speed);

    QWidget *m_window;
    RunStore *m_store = nullptr;
};

} // namespace burstlab
