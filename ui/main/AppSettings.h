#pragma once
#include <QJsonObject>
#include <QSettings>
#include <QStringList>

QT_BEGIN_NAMESPACE
class QMainWindow;
QT_END_NAMESPACE

namespace burstlab {

// What the GUI remembers between sessions: window layout, the stores opened
// recently and the last sweep set up, so the next session starts where the
// last one ended.
class AppSettings {
  public:
    static constexpr int maxRecentStores = 8;

    QStringList recentStores() const;
    // Moves path to the front of the recent list.
    void addRecentStore(const QString &path);
    void removeRecentStore(const QString &path);

    QJsonObject lastSweep() const;
    void setLastSweep(const QJsonObject &sweep);

    void saveWindow(const QMainWindow &window);
    void restoreWindow(QMainWindow &window) const;

    int exportPreset() const;
    void setExportPreset(int index);
    // The folder of the last export, and the figure and format chosen last.
    QString exportFolder() const;
    void setExportFolder(const QString &folder);
    int exportFigure() const;
    QString exportFormat() const;
    void setExportChoice(int figure, const QString &format);

    bool ppsFromZero() const;
    void setPpsFromZero(bool fromZero);

    bool bandsShown() const;
    void setBandsShown(bool shown);

  private:
    QSettings m_settings;
};

} // namespace burstlab
