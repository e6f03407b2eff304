// burstlab-screenshot-tour STORE DIR [NETPERF_FILE]: the documentation's screenshots of the
// real main window (docs/take-screenshots.sh). Built beside the product for
// the docs, never installed: the product ships no documentation tooling.
#include "ScreenshotTour.h"
#include "main/MainWindow.h"
#include "util/ExitCode.h"

#include <QApplication>
#include <QIcon>

#include <cstdio>

int main(int argc, char *argv[]) {
    QApplication app(argc, argv);
    // The window's title, settings and icon as the product's.
    QApplication::setApplicationName(QStringLiteral("burstlab"));
    QApplication::setOrganizationName(QStringLiteral("burstlab"));
    QApplication::setApplicationDisplayName(QStringLiteral("burstlab"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/burstlab.svg")));
    const QStringList args = QApplication::arguments();
    if (args.size() != 3 && args.size() != 4) {
        std::fprintf(stderr, "usage: burstlab-screenshot-tour STORE DIR [NETPERF_FILE]\n");
        return burstlab::ExitUsage;
    }
    burstlab::MainWindow window;
    window.show();
    if (!window.openStore(args.at(1)))
        return burstlab::ExitFailure;
    burstlab::ScreenshotTour tour(window, args.at(2), args.value(3));
    QObject::connect(&tour, &burstlab::ScreenshotTour::finished, &app, &QApplication::exit);
    tour.start();
    return app.exec();
}
