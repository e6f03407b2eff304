#pragma once
#include "model/EngineKind.h"
#include "model/StepLimits.h"
#include "model/SweepSpec.h"

#include <QJsonObject>
#include <QMap>
#include <QWidget>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QSpinBox;
QT_END_NAMESPACE

namespace burstlab {

class RepetitionControls;

// Everything a sweep needs, validated as the user types: the engine (DPDK or
// kernel pktgen) and its device, one or two swept parameters with their value lists (core range
// syntax), the fixed parameters, and repetitions and timing. While anything is invalid the field at
// fault is tinted with the reason in its tooltip, and the reason is signalled for the window's
// status area (Start stays disabled there).
class SweepSetupPanel : public QWidget {
    Q_OBJECT
  public:
    explicit SweepSetupPanel(QWidget *parent = nullptr);

    // The sweep as set up; meaningful when isValid(). What the panel has no
    // field for (the noise policy's thresholds and exclusion, the seed, a
    // sink device) is the last spec set's, so "Run again" runs the same
    // sweep; a fixed parameter at the engine's default is left out, as the
    // command line leaves it, unless that spec fixed it.
    SweepSpec spec() const;
    void setSpec(const SweepSpec &spec);
    QString runLabel() const;
    QString runName() const;
    void setRunLabel(const QString &label);
    void setRunName(const QString &name);

    bool isValid() const { return m_reason.isEmpty(); }
    // Why Start is disabled, empty when it is not.
    QString invalidReason() const { return m_reason; }
    // The field the reason is about (tinted, reason in its tooltip); null when valid.
    QWidget *invalidField() const { return m_marked; }

    // Field texts, for QSettings; restoreState tolerates missing keys.
    QJsonObject saveState() const;
    void restoreState(const QJsonObject &state);

    // Replaces the documented ranges with an engine's (its hello's limits).
    void setLimits(const StepLimits &limits);

    // Lookup for tests and the screenshot tour: the value list of axis 0 or 1.
    void setSweepValues(int axis, const QString &parameter, const QString &values);
    void setTiming(int reps, int durationMs, int warmupMs, int pauseMs, bool randomize);
    // The DPDK device (vdev or PCI address), and pktgen's kernel netdev.
    void setDevice(const QString &device);
    void setNetdev(const QString &netdev);
    // As the user switches: the kind's own fields and parameters are offered,
    // and a parameter set or swept that the new kind does not take is
    // dropped and named in a note (kindNote()).
    void setEngineKind(EngineKind kind);
    EngineKind engineKind() const;
    QString kindNote() const;
    void setFixedValue(const QString &parameter, const QJsonValue &value);

  public slots:
    // Locks the form while a sweep runs.
    void setRunning(bool running);

  signals:
    void validityChanged(bool valid);
    // After every change: why the sweep cannot start, empty when it can.
    void reasonChanged(const QString &reason);

  private:
    struct Problem {
        QString reason;
        QWidget *field = nullptr;
    };

    QWidget *buildEngineGroup();
    // Shows the fields of the chosen kind and offers its parameters only.
    void applyKind();
    // The user chose another kind: drops what it does not take, with a note.
    void onKindChosen();
    // The swept parameters the kind takes in the axis lists; a choice it
    // does not take falls back (axis 0: the first offered, axis 1: none).
    void fillAxes();
    QWidget *buildSweepGroup();
    QWidget *buildFixedGroup();
    QWidget *buildTimingGroup();
    Problem validate() const;
    void revalidate();
    void markField(QWidget *field, const QString &reason);
    void updateFixedEnabled();
    QString sweptName(int axis) const;
    // The field a rule's problem is about (SweepRules' field names).
    QWidget *fieldOf(const QString &field) const;
    // A fixed parameter's field: its value in the protocol's form, undefined
    // when left empty; and back.
    QJsonValue fixedValue(const QString &name) const;
    void setFixed(const QString &name, const QJsonValue &value);
    // The limits' ranges and help on the fixed fields and the timing.
    void applyLimits();

    StepLimits m_limits = StepLimits::documented(EngineKind::Dpdk);
    SweepSpec m_base; // the last spec set (setSpec), for what no field shows
    QString m_reason;
    QWidget *m_marked = nullptr;
    QString m_markedToolTip; // the marked field's own tooltip, given back when it is fixed

    QFormLayout *m_engineForm = nullptr;
    QFormLayout *m_fixedForm = nullptr;
    QComboBox *m_kind = nullptr;
    QLabel *m_kindNote = nullptr;
    QComboBox *m_launch = nullptr;
    QLineEdit *m_host = nullptr;
    QLineEdit *m_enginePath = nullptr;
    QLineEdit *m_device = nullptr;     // DPDK: vdev or PCI address
    QComboBox *m_netdev = nullptr;     // pktgen: a kernel network device, listed or typed
    QComboBox *m_hostDevice = nullptr; // pktgen: where host settings go; empty: m_netdev
    QLineEdit *m_lcores = nullptr;
    QLineEdit *m_linkSpeed = nullptr;
    QSpinBox *m_memory = nullptr;
    QCheckBox *m_noHuge = nullptr;

    QComboBox *m_axis[2] = {nullptr, nullptr};
    QLineEdit *m_values[2] = {nullptr, nullptr};

    QMap<QString, QWidget *> m_fixed; // by parameter name, from the table

    QSpinBox *m_reps = nullptr;
    RepetitionControls *m_repetitions = nullptr; // fixed or until precise, disturbed re-runs
    QSpinBox *m_duration = nullptr;
    QSpinBox *m_warmup = nullptr;
    int m_lastDurationMs = 0; // the duration the warm-up's default was last taken from
    QSpinBox *m_pause = nullptr;
    QCheckBox *m_randomize = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_label = nullptr;
};

} // namespace burstlab
