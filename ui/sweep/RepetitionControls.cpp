#include "sweep/RepetitionControls.h"
#include "model/RepetitionAttempts.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QSpinBox>

namespace burstlab {

namespace {
const QString fixedMode = QStringLiteral("fixed");
const QString preciseMode = QStringLiteral("until_precise");
const QString percentUnit = QStringLiteral("pct");
const QString nsUnit = QStringLiteral("ns");
} // namespace

RepetitionControls::RepetitionControls(QSpinBox *reps, QObject *parent)
    : QObject(parent), m_reps(reps), m_mode(new QComboBox), m_precision(new QDoubleSpinBox),
      m_unit(new QComboBox), m_rerun(new QCheckBox(tr("re-run disturbed repetitions"))),
      m_fixedToolTip(reps->toolTip()) {
    m_mode->setObjectName(QStringLiteral("repsMode"));
    m_mode->addItem(tr("per point"), fixedMode);
    m_mode->addItem(tr("until precise"), preciseMode);
    m_mode->setToolTip(
        tr("Until precise: at least %1 repetitions per point, and more up to the maximum "
           "until the 95% confidence interval of the point's ns/packet is narrower than the "
           "target (the command line's --reps auto)")
            .arg(PrecisionTarget::kMinReps));
    // Wide bounds: the core's rule (PrecisionTarget::problems) says what is
    // allowed, and the field is marked with its words.
    m_precision->setObjectName(QStringLiteral("precision"));
    m_precision->setDecimals(3);
    m_precision->setRange(0, PrecisionTarget::kMaxNs);
    m_precision->setValue(PrecisionTarget::kDefaultShare * 100);
    m_precision->setToolTip(tr("The widest 95% confidence interval of ns/packet that stops a "
                               "point: in % of its ns/packet, or in ns"));
    m_unit->setObjectName(QStringLiteral("precisionUnit"));
    m_unit->addItem(tr("% of ns/pkt"), percentUnit);
    m_unit->addItem(tr("ns"), nsUnit);
    m_rerun->setObjectName(QStringLiteral("rerunDisturbed"));
    m_rerun->setToolTip(
        tr("A repetition whose TX core had less than %1% of its CPU over the measured window, "
           "or more than %2% steal, is disturbed: run it again, up to %3 attempts in all")
            .arg(NoisePolicy::kDefaultMinCpuShare * 100)
            .arg(NoisePolicy::kDefaultMaxStealShare * 100)
            .arg(kMaxRepetitionAttempts));

    connect(m_mode, &QComboBox::currentIndexChanged, this, &RepetitionControls::updateMode);
    connect(m_unit, &QComboBox::currentIndexChanged, this, &RepetitionControls::changed);
    connect(m_precision, &QDoubleSpinBox::valueChanged, this, &RepetitionControls::changed);
    connect(m_rerun, &QCheckBox::toggled, this, &RepetitionControls::changed);
    updateMode();
}

void RepetitionControls::addRows(QFormLayout *form) {
    auto *reps = new QHBoxLayout;
    reps->addWidget(m_reps);
    reps->addWidget(m_mode, 1);
    form->addRow(tr("Repetitions:"), reps);
    auto *target = new QHBoxLayout;
    target->addWidget(m_precision);
    target->addWidget(m_unit, 1);
    form->addRow(tr("Precision:"), target);
    form->addRow(QString(), m_rerun);
}

bool RepetitionControls::untilPrecise() const {
    return m_mode->currentData().toString() == preciseMode;
}

void RepetitionControls::updateMode() {
    const bool precise = untilPrecise();
    // The one box holds the fixed count or the maximum; each is kept for when
    // its mode comes back.
    if (precise != m_showsMax) {
        (precise ? m_fixedReps : m_maxReps) = m_reps->value();
        m_reps->setValue(precise ? m_maxReps : m_fixedReps);
        m_showsMax = precise;
    }
    m_reps->setToolTip(precise ? tr("The most repetitions a point gets: %1..%2")
                                     .arg(PrecisionTarget::kMinReps)
                                     .arg(PrecisionTarget::kMaxMaxReps)
                               : m_fixedToolTip);
    m_precision->setEnabled(precise);
    m_unit->setEnabled(precise);
    emit changed();
}

void RepetitionControls::apply(SweepSpec &spec) const {
    spec.noise.rerunDisturbed = m_rerun->isChecked();
    if (!untilPrecise()) {
        spec.setUntilPrecise(std::nullopt);
        spec.reps = m_reps->value();
        return;
    }
    PrecisionTarget target;
    target.maxReps = m_reps->value();
    if (m_unit->currentData().toString() == nsUnit)
        target.ns = m_precision->value();
    else
        target.share = m_precision->value() / 100;
    spec.setUntilPrecise(target);
}

void RepetitionControls::show(const SweepSpec &spec) {
    m_rerun->setChecked(spec.noise.rerunDisturbed);
    const auto &target = spec.untilPrecise;
    m_mode->setCurrentIndex(m_mode->findData(target ? preciseMode : fixedMode));
    if (!target) {
        m_reps->setValue(spec.reps);
        return;
    }
    m_reps->setValue(target->maxReps);
    m_unit->setCurrentIndex(m_unit->findData(target->ns ? nsUnit : percentUnit));
    m_precision->setValue(target->ns ? *target->ns : target->share * 100);
}

RepetitionControls::Problem RepetitionControls::problem() const {
    SweepSpec spec;
    apply(spec);
    if (!spec.untilPrecise)
        return {};
    const QList<FieldProblem> problems = spec.untilPrecise->problems();
    if (problems.isEmpty())
        return {};
    const FieldProblem &first = problems.first();
    if (first.field == QLatin1String("max_reps"))
        return {tr("maximum repetitions: %1").arg(first.message), m_reps};
    return {tr("precision: %1").arg(first.message), m_precision};
}

} // namespace burstlab
