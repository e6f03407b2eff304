#pragma once
#include "model/SweepSpec.h"

#include <QObject>
#include <QString>

QT_BEGIN_NAMESPACE
class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QSpinBox;
class QWidget;
QT_END_NAMESPACE

namespace burstlab {

// The setup panel's part of a sweep that is about a noisy host: repetitions
// fixed or "until precise" (the CLI's --reps auto, with its target as a share
// of ns/packet or in ns) and "re-run disturbed repetitions" (--rerun-disturbed).
// The spec is set through the core's own SweepSpec::setUntilPrecise, and its
// ranges are the core's (PrecisionTarget::problems, NoisePolicy::problems),
// so the GUI and the CLI run and refuse the same sweeps.
class RepetitionControls : public QObject {
    Q_OBJECT
  public:
    // reps: the panel's repetitions box; "until precise" makes it the maximum.
    RepetitionControls(QSpinBox *reps, QObject *parent = nullptr);

    // The repetitions row with its mode, the target row and the checkbox.
    void addRows(QFormLayout *form);
    // Repetitions, target and noise policy into spec (its other fields kept).
    void apply(SweepSpec &spec) const;
    void show(const SweepSpec &spec);

    struct Problem {
        QString reason;
        QWidget *field = nullptr;
    };
    // The first rule the target breaks, named as the panel shows it; no field when none.
    Problem problem() const;

  signals:
    void changed();

  private:
    bool untilPrecise() const;
    void updateMode();

    QSpinBox *m_reps;
    QComboBox *m_mode;
    QDoubleSpinBox *m_precision;
    QComboBox *m_unit;
    QCheckBox *m_rerun;
    QString m_fixedToolTip;
    bool m_showsMax = false; // m_reps holds the maximum of "until precise"
    int m_fixedReps = SweepSpec().reps;
    int m_maxReps = PrecisionTarget::kDefaultMaxReps;
};

} // namespace burstlab
