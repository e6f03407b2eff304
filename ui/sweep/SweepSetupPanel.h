#pragma once
#include "model/SweepSpec.h"
#include "sweep/ParameterLimits.h"

#include <QJsonObject>
#include <QMap>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
QT_END_NAMESPACE

namespace burstlab {

// Everything a sweep needs, validated as the user types: the engine and its
// port, one or two swept parameters with their value lists (core range syntax),
// the fixed parameters, and repetitions and timing. Start stays disabled while
// anything is invalid, and the reason is shown next to it.
class SweepSetupPanel : public QWidget {
    Q_OBJECT
  public:
    explicit SweepSetupPanel(QWidget *parent = nullptr);

    // The sweep as set up; meaningful when isValid().
    SweepSpec spec() const;
    void setSpec(const SweepSpec &spec);
    QString runLabel() const;
    QString runName() const;
    void setRunLabel(const QString &label);

    bool isValid() const { return m_reason.isEmpty(); }
    // Why Start is disabled, empty when it is not.
    QString invalidReason() const { return m_reason; }

    // Field texts, for QSettings; restoreState tolerates missing keys.
    QJsonObject saveState() const;
    void restoreState(const QJsonObject &state);

    // Replaces the documented ranges with an engine's (its hello's limits).
    void setLimits(const ParameterLimits &limits);

    // Lookup for tests and the screenshot tour: the value list of axis 0 or 1.
    void setSweepValues(int axis, const QString &parameter, const QString &values);
    void setTiming(int reps, int durationMs, int warmupMs, int pauseMs, bool randomize);
    void setDevice(const QString &device);
    void setFixedValue(const QString &parameter, int value);

  public slots:
    void setRunning(bool running);
    // "point 3/13 burst=4 · repetition 2/3 · ETA 0:42"; value/maximum in steps.
    void setProgress(int done, int total, const QString &text);

  signals:
    void startRequested();
    void stopRequested();
    void validityChanged(bool valid);

  private:
    QWidget *buildEngineGroup();
    QWidget *buildSweepGroup();
    QWidget *buildFixedGroup();
    QWidget *buildTimingGroup();
    QWidget *buildControls();
    QString validate() const;
    void revalidate();
    void updateFixedEnabled();
    QString sweptName(int axis) const;

    ParameterLimits m_limits = ParameterLimits::documented();
    QString m_reason;
    bool m_running = false;

    QComboBox *m_launch = nullptr;
    QLineEdit *m_host = nullptr;
    QLineEdit *m_enginePath = nullptr;
    QLineEdit *m_device = nullptr;
    QLineEdit *m_lcores = nullptr;
    QLineEdit *m_linkSpeed = nullptr;
    QSpinBox *m_memory = nullptr;
    QCheckBox *m_noHuge = nullptr;

    QComboBox *m_axis[2] = {nullptr, nullptr};
    QLineEdit *m_values[2] = {nullptr, nullptr};

    QMap<QString, QSpinBox *> m_fixed;
    QCheckBox *m_timestamp = nullptr;

    QSpinBox *m_reps = nullptr;
    QSpinBox *m_duration = nullptr;
    QSpinBox *m_warmup = nullptr;
    int m_lastDurationMs = 0; // the duration the warm-up's default was last taken from
    QSpinBox *m_pause = nullptr;
    QCheckBox *m_randomize = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_label = nullptr;

    QPushButton *m_start = nullptr;
    QPushButton *m_stop = nullptr;
    QLabel *m_reasonLabel = nullptr;
    QProgressBar *m_progress = nullptr;
    QLabel *m_progressLabel = nullptr;
};

} // namespace burstlab
