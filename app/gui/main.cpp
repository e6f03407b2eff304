#include "main/MainWindow.h"
#include "main/RunIdList.h"
#include "runs/RunsBrowser.h"
#include "store/RunStore.h"
#include "util/ExitCode.h"
#include "util/Version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>
#include <QTimer>

#include <cstdio>

namespace {
// "burstlab: --compare: 'x' is not a run id ...", exit code as the CLI's.
int usageError(const QString &option, const QString &message, burstlab::ExitCode code) {
    std::fprintf(stderr, "burstlab: --%s: %s\n", qPrintable(option), qPrintable(message));
    return code;
}
} // namespace

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("burstlab"));
    QApplication::setOrganizationName(QStringLiteral("burstlab"));
    QApplication::setApplicationVersion(burstlab::versionString());
    QApplication::setApplicationDisplayName(QStringLiteral("burstlab"));
    QApplication::setDesktopFileName(QStringLiteral("burstlab"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/burstlab.svg")));

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Packet-transmit lab: burst and clone sweeps on DPDK, stored and charted"));
    parser.addHelpOption();
    parser.addVersionOption();
    const QCommandLineOption dbOption(QStringLiteral("db"),
                                      QStringLiteral("Run store to open: a SQLite file or "
                                                     "a PostgreSQL database (docs/store.md)."),
                                      QStringLiteral("STORE"));
    parser.addOption(dbOption);
    const QCommandLineOption runOption(
        QStringLiteral("run"),
        QStringLiteral("Show the stored run ID (burstlab-cli runs lists them)."),
        QStringLiteral("ID"));
    parser.addOption(runOption);
    const QCommandLineOption compareOption(
        QStringLiteral("compare"),
        QStringLiteral("Compare the stored runs, the first being the baseline."),
        QStringLiteral("ID,ID[,...]"));
    parser.addOption(compareOption);
    // Times the start-up in bench/store_scale.py: not for users.
    QCommandLineOption quitOption(QStringLiteral("quit-after-open"),
                                  QStringLiteral("Show the runs, then quit."));
    quitOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(quitOption);
    parser.process(app);

    // Checked before any window opens: a script gets ExitUsage and the reason.
    QList<qint64> showIds;
    QList<qint64> compareIds;
    QString error;
    if (parser.isSet(runOption)) {
        const auto ids = burstlab::parseRunIds(parser.value(runOption), &error);
        if (!ids || ids->size() != 1) {
            return usageError(QStringLiteral("run"),
                              ids ? QStringLiteral("one run id, e.g. --run 12") : error,
                              burstlab::ExitUsage);
        }
        showIds = *ids;
    }
    if (parser.isSet(compareOption)) {
        const auto ids = burstlab::parseRunIds(parser.value(compareOption), &error);
        if (!ids || ids->size() < 2) {
            return usageError(QStringLiteral("compare"),
                              ids ? QStringLiteral("two or more run ids, e.g. --compare 4,7")
                                  : error,
                              burstlab::ExitUsage);
        }
        compareIds = *ids;
    }

    // A timed start-up has nobody to close the error dialog: it ends with
    // the reason instead of waiting on it.
    if (parser.isSet(quitOption)) {
        burstlab::RunStore probe;
        if (!probe.open(parser.value(dbOption), burstlab::RunStore::Access::ReadOnlyIfNeeded,
                        burstlab::RunStore::Superuser::Refused)) {
            std::fprintf(stderr, "burstlab: %s\n", qPrintable(probe.lastError()));
            return burstlab::ExitStore;
        }
    }
    burstlab::MainWindow window;
    window.show();
    // Without a store the window still opens (the error was shown).
    const bool storeOpen = window.openStore(parser.value(dbOption));
    if ((!showIds.isEmpty() || !compareIds.isEmpty()) && !storeOpen) {
        return burstlab::ExitStore;
    }
    for (qint64 id : showIds + compareIds) {
        if (!window.store()->loadRun(id)) {
            return usageError(
                parser.isSet(compareOption) && compareIds.contains(id) ? QStringLiteral("compare")
                                                                       : QStringLiteral("run"),
                QStringLiteral("there is no run %1 in %2").arg(id).arg(window.store()->path()),
                burstlab::ExitFailure);
        }
    }
    if (!showIds.isEmpty()) {
        window.showRun(showIds.first());
    }
    if (!compareIds.isEmpty()) {
        window.compareRuns(compareIds);
    }
    if (parser.isSet(quitOption)) {
        window.showTab(burstlab::MainWindow::RunsTab);
        QTimer::singleShot(0, &app, [&] {
            window.repaint();
            QTextStream(stdout) << "runs listed: " << window.runsBrowser()->visibleRunCount()
                                << Qt::endl;
            app.exit(storeOpen ? burstlab::ExitOk : burstlab::ExitFailure);
        });
    }
    return app.exec();
}
