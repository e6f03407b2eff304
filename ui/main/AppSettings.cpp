#include "main/AppSettings.h"

#include <QFileInfo>
#include <QJsonDocument>
#include <QMainWindow>

namespace burstlab {

namespace {
const QString recentKey = QStringLiteral("stores/recent");
const QString sweepKey = QStringLiteral("sweep/last");
const QString geometryKey = QStringLiteral("window/geometry");
const QString stateKey = QStringLiteral("window/state");
const QString presetKey = QStringLiteral("export/preset");
} // namespace

QStringList AppSettings::recentStores() const {
    return m_settings.value(recentKey).toStringList();
}

void AppSettings::addRecentStore(const QString &path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList recent = recentStores();
    recent.removeAll(absolute);
    recent.prepend(absolute);
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
    window.restoreGeometry(m_settings.value(geometryKey).toByteArray());
    window.restoreState(m_settings.value(stateKey).toByteArray());
}

int AppSettings::exportPreset() const {
    return m_settings.value(presetKey, 0).toInt();
}

void AppSettings::setExportPreset(int index) {
    m_settings.setValue(presetKey, index);
}

} // namespace burstlab
