#include "main/MainWindow.h"
#include "main/ScreenshotTour.h"
#include "runs/RunsBrowser.h"
#include "util/Version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QTextStream>
#include <QTimer>

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
                                      QStringLiteral("Run store to open (SQLite file)."),
                                      QStringLiteral("FILE"));
    parser.addOption(dbOption);
    // Drives the documentation screenshots (docs/take-screenshots.sh): not for users.
    QCommandLineOption tourOption(QStringLiteral("screenshot-tour"),
                                  QStringLiteral("Run a short sweep and save screenshots."),
                                  QStringLiteral("DIR"));
    tourOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(tourOption);
    // Times the start-up in bench/store_scale.py: not for users.
    QCommandLineOption quitOption(QStringLiteral("quit-after-open"),
                                  QStringLiteral("Show the runs, then quit."));
    quitOption.setFlags(QCommandLineOption::HiddenFromHelp);
    parser.addOption(quitOption);
    parser.process(app);

    burstlab::MainWindow window;
    window.show();
    // Without a store the window still opens (the error was shown); a tour needs one.
    const bool storeOpen = window.openStore(parser.value(dbOption));
    if (parser.isSet(tourOption)) {
        if (!storeOpen) {
            return 1;
        }
        auto *tour = new burstlab::ScreenshotTour(window, parser.value(tourOption), &window);
        QObject::connect(tour, &burstlab::ScreenshotTour::finished, &app, &QApplication::exit);
        tour->start();
    }
    if (parser.isSet(quitOption)) {
        window.showTab(burstlab::MainWindow::RunsTab);
        QTimer::singleShot(0, &app, [&] {
            window.repaint();
            QTextStream(stdout) << "runs listed: " << window.runsBrowser()->visibleRunCount()
                                << Qt::endl;
            app.exit(storeOpen ? 0 : 1);
        });
    }
    return app.exec();
}
