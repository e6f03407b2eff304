#include "import/ImportController.h"
#include "exchange/ImportFormat.h"
#include "stats/LineRate.h"
#include "store/RunImport.h"
#include "store/RunStore.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMessageBox>
#include <QWidget>

namespace burstlab {

ImportController::ImportController(QWidget *window) : QObject(window), m_window(window) {}

std::optional<RunImport::Written>
ImportController::importFile(Kind kind, const QString &file, const QString &label, QString *error,
                             std::optional<double> linkSpeedMbps) {
    if (!m_store || !m_store->isOpen()) {
        *error = tr("no store is open: open one with File ▸ Open store");
        return std::nullopt;
    }
    const QString format = kind == Kind::RunJson   ? QStringLiteral("json")
                           : kind == Kind::Pktgen  ? QStringLiteral("pktgen")
                           : kind == Kind::Netperf ? QStringLiteral("netperf")
                                                   : QStringLiteral("netdev");
    const auto runs =
        burstlab::importFile(format, file, ImportOptions{label, linkSpeedMbps, {}}, error);
    if (!runs) {
        return std::nullopt;
    }
    return RunImport::write(*m_store, file, *runs, error);
}

bool ImportController::askLinkSpeed(std::optional<double> *speed) {
    QString prompt = tr("Link speed the results were measured on, for the line-rate check "
                        "(e.g. 10G; empty: not checked):");
    for (;;) {
        bool ok = false;
        const QString text = QInputDialog::getText(m_window, tr("Import results"), prompt,
                                                   QLineEdit::Normal, QString(), &ok);
        if (!ok) {
            return false;
        }
        if (text.trimmed().isEmpty()) {
            speed->reset();
            return true;
        }
        QString why;
        *speed = LineRate::parseSpeedMbps(text, &why);
        if (*speed) {
            return true;
        }
        prompt = why;
    }
}

void ImportController::chooseAndImport() {
    const QString netdev = tr("netdev table as posted (*.txt *.eml *)");
    const QString pktgen = tr("kernel pktgen result (*.txt *)");
    const QString netperf = tr("netperf result tables (*.txt *.eml *)");
    const QString json = tr("burstlab run (*.json)");
    QString filter;
    const QString file = QFileDialog::getOpenFileName(
        m_window, tr("Import results"), QString(),
        QStringList{netdev, pktgen, netperf, json}.join(QStringLiteral(";;")), &filter);
    if (file.isEmpty()) {
        return;
    }
    const Kind kind = filter == json || file.endsWith(QStringLiteral(".json")) ? Kind::RunJson
                      : filter == pktgen                                       ? Kind::Pktgen
                      : filter == netperf                                      ? Kind::Netperf
                                                                               : Kind::Netdev;
    QString label;
    if (kind != Kind::RunJson) {
        bool ok = false;
        label = QInputDialog::getText(m_window, tr("Import results"),
                                      tr("Label for the imported runs (e.g. baseline):"),
                                      QLineEdit::Normal, QFileInfo(file).baseName(), &ok);
        if (!ok) {
            return;
        }
    }
    std::optional<double> linkSpeed;
    if (kind != Kind::RunJson && !askLinkSpeed(&linkSpeed)) {
        return;
    }
    QString error;
    const std::optional<RunImport::Written> written =
        importFile(kind, file, label, &error, linkSpeed);
    if (!written) {
        QMessageBox::warning(m_window, tr("Import results"),
                             tr("Nothing was imported: %1").arg(error));
        return;
    }
    emit imported(
        written->ids,
        written->earlier
            ? RunImport::earlierText(*written, file, *m_store)
            : tr("Imported %n run(s) from %1", nullptr, int(written->ids.size())).arg(file));
}

} // namespace burstlab
