#include "main/AppSettings.h"
#include "store/StoreLocation.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QMainWindow>
#include <QScreen>

namespace burstlab {

namespace {
const QString recentKey = QStringLiteral("stores/recent");
const QString sweepKey = QStringLiteral("sweep/last");
const QString geometryKey = QStringLiteral("window/geometry");
const QString stateKey = QStringLiteral("window/state");
const QString presetKey = QStringLiteral("export/preset");
const QString exportFolderKey = QStringLiteral("export/folder");
const QString exportFigureKey = QStringLiteral("export/figure");
const QString exportFormatKey = QStringLiteral("export/format");
const QString ppsFromZeroKey = QStringLiteral("charts/ppsFromZero");
const QString bandsShownKey = QStringLiteral("charts/bandsShown");
} // namespace

QStringList AppSettings::recentStores() const {
    return m_settings.value(recentKey).toStringList();
}

void AppSettings::addRecentStore(const QString &path) {
    // A file by its absolute path; a server's connection (a URI, a service)
    // as it was given: it names no file. It holds no password: the store
    // refuses one (StoreLocation).
    QString error;
    const auto location = StoreLocation::parse(path, &error);
    const QString entry =
        location && location->isFile() ? QFileInfo(path).absoluteFilePath() : path;
    QStringList recent = recentStores();
    recent.removeAll(entry);
    recent.prepend(entry);
    while (recent.size() > maxRecentStores) {
        recent.removeLast();
    }
    m_settings.setValue(recentKey, recent);
}

void AppSettings::removeRecentStore(const QString &path) {
    QStringList recent = recentStores();
    recent.removeAll(path);
    m_settings.setValue(recentKey, recent);
}

QJsonObject AppSettings::lastSweep() const {
    return QJsonDocument::fromJson(m_settings.value(sweepKey).toByteArray()).object();
}

void AppSettings::setLastSweep(const QJsonObject &sweep) {
    m_settings.setValue(sweepKey, QJsonDocument(sweep).toJson(QJsonDocument::Compact));
}

void AppSettings::saveWindow(const QMainWindow &window) {
    m_settings.setValue(geometryKey, window.saveGeometry());
    m_settings.setValue(stateKey, window.saveState());
}

void AppSettings::restoreWindow(QMainWindow &window) const {
    const bool restored = window.restoreGeometry(m_settings.value(geometryKey).toByteArray());
    window.restoreState(m_settings.value(stateKey).toByteArray());
    // A size saved on a larger screen (or a first start on a small one) must
    // not open the window bigger than this screen, its right and bottom edges
    // and their controls out of reach: then it opens maximised, which the
    // window manager fits to the work area.
    const QRect available = window.screen()->availableGeometry();
    const QSize wanted = restored ? window.size() : QSize(1600, 1000);
    if (wanted.width() > available.width() || wanted.height() > available.height() * 0.95) {
        window.resize(wanted.boundedTo(available.size()));
        window.move(available.topLeft());
        window.setWindowState(window.windowState() | Qt::WindowMaximized);
    } else if (!restored) {
        window.resize(wanted);
    }
}

int AppSettings::exportPreset() const {
    return m_settings.value(presetKey, 0).toInt();
}

void AppSettings::setExportPreset(int index) {
    m_settings.setValue(presetKey, index);
}

QString AppSettings::exportFolder() const {
    return m_settings.value(exportFolderKey).toString();
}

void AppSettings::setExportFolder(const QString &folder) {
    m_settings.setValue(exportFolderKey, folder);
}

int AppSettings::exportFigure() const {
    return m_settings.value(exportFigureKey, 0).toInt();
}

QString AppSettings::exportFormat() const {
    return m_settings.value(exportFormatKey, QStringLiteral("png")).toString();
}

void AppSettings::setExportChoice(int figure, const QString &format) {
    m_settings.setValue(exportFigureKey, figure);
    m_settings.setValue(exportFormatKey, format);
}

bool AppSettings::ppsFromZero() const {
    return m_settings.value(ppsFromZeroKey, false).toBool();
}

void AppSettings::setPpsFromZero(bool fromZero) {
    m_settings.setValue(ppsFromZeroKey, fromZero);
}

bool AppSettings::bandsShown() const {
    return m_settings.value(bandsShownKey, true).toBool();
}

void AppSettings::setBandsShown(bool shown) {
    m_settings.setValue(bandsShownKey, shown);
}

} // namespace burstlab
