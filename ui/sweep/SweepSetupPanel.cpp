#include "sweep/SweepSetupPanel.h"
#include "engine/EngineCommand.h"
#include "host/CpuList.h"
#include "model/StepParameters.h"
#include "ranges/ValueList.h"
#include "stats/LineRate.h"
#include "sweep/RepetitionControls.h"
#include "util/WheelGuard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace burstlab {

namespace {
const QStringList sweepable{QStringLiteral("burst"),    QStringLiteral("clone"),
                            QStringLiteral("pkt_size"), QStringLiteral("queues"),
                            QStringLiteral("tx_desc"),  QStringLiteral("rate_pps"),
                            QStringLiteral("flows")};
const QStringList launchModes{QStringLiteral("direct"), QStringLiteral("pkexec"),
                              QStringLiteral("sudo"), QStringLiteral("ssh")};
const QString noAxis = QStringLiteral("none");

int clampToInt(qint64 value) {
    return int(std::clamp<qint64>(value, std::numeric_limits<int>::min(),
                                  std::numeric_limits<int>::max()));
}

QSpinBox *spinBox(int min, int max, int value, const QString &suffix = {}) {
    auto *box = new QSpinBox;
    box->setRange(min, max);
    box->setValue(value);
    box->setSuffix(suffix);
    box->setAccelerated(true);
    return box;
}

bool looksLikePci(const QString &device) {
    static const QRegularExpression pci(
        QStringLiteral("^[0-9a-fA-F]{4}:[0-9a-fA-F]{2}:[0-9a-fA-F]{2}\\.[0-7]$"));
    return pci.match(device).hasMatch();
}
} // namespace

SweepSetupPanel::SweepSetupPanel(QWidget *parent) : QWidget(parent) {
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(buildEngineGroup());
    layout->addWidget(buildSweepGroup());
    layout->addWidget(buildFixedGroup());
    layout->addWidget(buildTimingGroup());
    layout->addStretch(1);
    // The launch choice as narrow as a short one: the panel must leave the
    // charts room on a laptop screen (the full text shows when the list opens).
    m_launch->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_launch->setMinimumContentsLength(8);
    updateFixedEnabled();
    WheelGuard::install(this);
    revalidate();
}

QWidget *SweepSetupPanel::buildEngineGroup() {
    auto *group = new QGroupBox(tr("Engine and port"));
    auto *form = new QFormLayout(group);
    m_launch = new QComboBox;
    m_launch->setObjectName(QStringLiteral("launchMode"));
    m_launch->addItem(tr("direct"), launchModes.at(0));
    m_launch->addItem(tr("pkexec (polkit)"), launchModes.at(1));
    m_launch->addItem(tr("sudo -n"), launchModes.at(2));
    m_launch->addItem(tr("ssh to another host"), launchModes.at(3));
    m_launch->setToolTip(tr("How the engine process is started: as you, through a privilege "
                            "helper, or on another host over ssh"));
    m_host = new QLineEdit;
    m_host->setPlaceholderText(tr("user@host"));
    m_host->setToolTip(tr("ssh destination; the engine must be on that host's PATH"));
    m_enginePath = new QLineEdit;
    m_enginePath->setPlaceholderText(tr("burstlab-engine next to burstlab"));
    m_device = new QLineEdit(QStringLiteral("net_null0"));
    m_device->setToolTip(tr("A virtual device (net_null0, net_pcap0,tx_pcap=FILE, "
                            "net_af_packet0,iface=IF) or a PCI address DDDD:BB:DD.F"));
    m_lcores = new QLineEdit;
    m_lcores->setPlaceholderText(tr("all this host has"));
    m_lcores->setToolTip(tr("lcore list, e.g. 0-1 or 0,2,4: the first is the main lcore, the "
                            "others transmit"));
    m_linkSpeed = new QLineEdit;
    m_linkSpeed->setObjectName(QStringLiteral("linkSpeed"));
    m_linkSpeed->setPlaceholderText(tr("the port's own (none for virtual devices)"));
    m_linkSpeed->setToolTip(tr("The link's speed for the line-rate check, e.g. 10G, 25000M or "
                               "100G; results above it are flagged"));
    m_memory = spinBox(64, 65536, 512, tr(" MB"));
    m_memory->setToolTip(tr("memory for DPDK's EAL: 64..65536 MB"));
    m_noHuge = new QCheckBox(tr("no hugepages (4 KB pages)"));
    m_noHuge->setChecked(true);
    m_noHuge->setToolTip(tr("Run without hugepages; needed when none are reserved, but fresh-mbuf "
                            "TX may cost up to 2x more"));
    form->addRow(tr("Launch:"), m_launch);
    form->addRow(tr("Host:"), m_host);
    form->addRow(tr("Engine:"), m_enginePath);
    form->addRow(tr("Device:"), m_device);
    form->addRow(tr("Link speed:"), m_linkSpeed);
    form->addRow(tr("Lcores:"), m_lcores);
    form->addRow(tr("Memory:"), m_memory);
    form->addRow(QString(), m_noHuge);

    connect(m_launch, &QComboBox::currentIndexChanged, this, &SweepSetupPanel::revalidate);
    connect(m_noHuge, &QCheckBox::toggled, this, &SweepSetupPanel::revalidate);
    for (QLineEdit *edit : {m_host, m_enginePath, m_device, m_linkSpeed, m_lcores}) {
        connect(edit, &QLineEdit::textChanged, this, &SweepSetupPanel::revalidate);
    }
    return group;
}

QWidget *SweepSetupPanel::buildSweepGroup() {
    auto *group = new QGroupBox(tr("Sweep"));
    auto *form = new QFormLayout(group);
    const QString valuesHelp =
        tr("Values: N, A..B or A..B:STEP, separated by commas, e.g. 1..10,16,24,32");
    for (int axis = 0; axis < 2; ++axis) {
        m_axis[axis] = new QComboBox;
        if (axis == 1) {
            m_axis[axis]->addItem(tr("(none)"), noAxis);
        }
        for (const QString &name : sweepable) {
            m_axis[axis]->addItem(name, name);
        }
        m_values[axis] = new QLineEdit;
        m_values[axis]->setObjectName(QStringLiteral("values%1").arg(axis));
        m_values[axis]->setToolTip(valuesHelp);
        m_values[axis]->setPlaceholderText(axis == 0 ? tr("1..10,16,24,32") : tr("0,1,8"));
        if (axis == 0) {
            m_values[axis]->setText(QStringLiteral("1..10,16,24,32"));
        }
        auto *row = new QHBoxLayout;
        row->addWidget(m_axis[axis]);
        row->addWidget(m_values[axis], 1);
        form->addRow(axis == 0 ? tr("Sweep:") : tr("Series by:"), row);
        connect(m_axis[axis], &QComboBox::currentIndexChanged, this, [this] {
            updateFixedEnabled();
            revalidate();
        });
        connect(m_values[axis], &QLineEdit::textChanged, this, &SweepSetupPanel::revalidate);
    }
    return group;
}

QWidget *SweepSetupPanel::buildFixedGroup() {
    auto *group = new QGroupBox(tr("Fixed parameters"));
    auto *form = new QFormLayout(group);
    for (const QString &name : sweepable) {
        const ParameterLimits::Range r = m_limits.range(name);
        QSpinBox *box =
            spinBox(clampToInt(r.min), clampToInt(r.max),
                    clampToInt(StepParameters::find(name).value_or(StepParameter{}).defaultValue));
        box->setToolTip(m_limits.tooltip(name));
        m_fixed.insert(name, box);
        form->addRow(name + QLatin1Char(':'), box);
        connect(box, &QSpinBox::valueChanged, this, &SweepSetupPanel::revalidate);
    }
    m_timestamp = new QCheckBox(tr("TSC timestamp in packets"));
    m_timestamp->setToolTip(tr("Write the TSC into every fresh packet (a receiver can take "
                               "latencies from it); costs a few ns per packet"));
    form->addRow(QString(), m_timestamp);
    return group;
}

QWidget *SweepSetupPanel::buildTimingGroup() {
    auto *group = new QGroupBox(tr("Repetitions and timing"));
    auto *form = new QFormLayout(group);
    const SweepSpec defaults;
    m_reps = spinBox(1, 1000, defaults.reps);
    m_reps->setObjectName(QStringLiteral("reps"));
    m_reps->setToolTip(tr("Repetitions per point: 3 or more give a confidence interval and a "
                          "verdict; allowed 1..1000"));
    m_repetitions = new RepetitionControls(m_reps, this);
    connect(m_repetitions, &RepetitionControls::changed, this, &SweepSetupPanel::revalidate);
    m_duration = spinBox(10, 86400000, defaults.durationMs, tr(" ms"));
    m_duration->setObjectName(QStringLiteral("duration"));
    m_duration->setToolTip(tr("Length of each step: allowed 10..86400000 ms"));
    m_warmup = spinBox(0, 3600000, defaults.warmupMs, tr(" ms"));
    m_warmup->setObjectName(QStringLiteral("warmup"));
    m_warmup->setToolTip(tr("Discarded from the start of each step; must be shorter than the "
                            "step. Default: 100 ms, or a fifth of a shorter step"));
    m_lastDurationMs = defaults.durationMs;
    // A warm-up left at its default follows the duration; one set by hand stays.
    connect(m_duration, &QSpinBox::valueChanged, this, [this](int durationMs) {
        if (m_warmup->value() == SweepSpec::defaultWarmupMs(m_lastDurationMs)) {
            m_warmup->setValue(SweepSpec::defaultWarmupMs(durationMs));
        }
        m_lastDurationMs = durationMs;
    });
    m_pause = spinBox(0, 3600000, 0, tr(" ms"));
    m_pause->setToolTip(tr("Idle time between steps: 0..3600000 ms"));
    m_randomize = new QCheckBox(tr("randomise the order"));
    m_randomize->setChecked(true);
    m_randomize->setToolTip(tr("Run points and repetitions in a seeded random order, so slow "
                               "drift of the host does not masquerade as an effect"));
    m_name = new QLineEdit;
    m_name->setPlaceholderText(tr("from the sweep"));
    m_label = new QLineEdit;
    m_label->setPlaceholderText(tr("e.g. baseline, patch2"));
    m_repetitions->addRows(form);
    form->addRow(tr("Duration:"), m_duration);
    form->addRow(tr("Warm-up:"), m_warmup);
    form->addRow(tr("Pause:"), m_pause);
    form->addRow(QString(), m_randomize);
    form->addRow(tr("Run name:"), m_name);
    form->addRow(tr("Label:"), m_label);
    for (QSpinBox *box : {m_reps, m_duration, m_warmup, m_pause}) {
        connect(box, &QSpinBox::valueChanged, this, &SweepSetupPanel::revalidate);
    }
    return group;
}

QString SweepSetupPanel::sweptName(int axis) const {
    const QString name = m_axis[axis]->currentData().toString();
    return name == noAxis ? QString() : name;
}

void SweepSetupPanel::updateFixedEnabled() {
    for (auto it = m_fixed.begin(); it != m_fixed.end(); ++it) {
        const bool swept = it.key() == sweptName(0) || it.key() == sweptName(1);
        it.value()->setEnabled(!swept);
    }
    m_values[1]->setEnabled(!sweptName(1).isEmpty());
}

SweepSetupPanel::Problem SweepSetupPanel::validate() const {
    const QString mode = m_launch->currentData().toString();
    if (mode == QStringLiteral("ssh") && m_host->text().trimmed().isEmpty()) {
        return {tr("ssh launch needs a host (user@host)"), m_host};
    }
    if (!m_noHuge->isChecked() && mode != QStringLiteral("ssh") &&
        !EngineCommand::hugepagesReserved()) {
        return {tr("no hugepages are reserved on this host: tick \"no hugepages\", or reserve "
                   "them first (dpdk-hugepages.py --setup 1G)"),
                m_noHuge};
    }
    if (m_device->text().trimmed().isEmpty()) {
        return {tr("no device: enter a virtual device such as net_null0 or a PCI address"),
                m_device};
    }
    if (QString why; !m_linkSpeed->text().trimmed().isEmpty() &&
                     !LineRate::parseSpeedMbps(m_linkSpeed->text(), &why)) {
        return {tr("link speed: %1").arg(why), m_linkSpeed};
    }
    if (!m_lcores->text().trimmed().isEmpty() && parseCpuList(m_lcores->text()).isEmpty()) {
        return {tr("lcores '%1' is not a CPU list such as 0-1 or 0,2,4").arg(m_lcores->text()),
                m_lcores};
    }
    for (int axis = 0; axis < 2; ++axis) {
        const QString name = sweptName(axis);
        if (name.isEmpty()) {
            continue;
        }
        if (axis == 1 && name == sweptName(0)) {
            return {tr("the second swept parameter must differ from the first (%1)").arg(name),
                    m_axis[1]};
        }
        QString error;
        const auto values = ValueList::parse(name, m_values[axis]->text(), &error);
        if (!values) {
            return {error, m_values[axis]};
        }
        for (qint64 value : *values) {
            const QString outOfRange = m_limits.check(name, value);
            if (!outOfRange.isEmpty()) {
                return {outOfRange, m_values[axis]};
            }
        }
    }
    if (const RepetitionControls::Problem p = m_repetitions->problem(); p.field) {
        return {p.reason, p.field};
    }
    if (m_warmup->value() >= m_duration->value()) {
        return {tr("warm-up (%1 ms) must be shorter than the step duration (%2 ms)")
                    .arg(m_warmup->value())
                    .arg(m_duration->value()),
                m_warmup};
    }
    return {};
}

void SweepSetupPanel::revalidate() {
    const bool wasValid = isValid();
    const Problem problem = validate();
    m_reason = problem.reason;
    markField(problem.field, problem.reason);
    m_host->setEnabled(m_launch->currentData().toString() == QStringLiteral("ssh"));
    if (wasValid != isValid()) {
        emit validityChanged(isValid());
    }
    emit reasonChanged(m_reason);
}

void SweepSetupPanel::markField(QWidget *field, const QString &reason) {
    if (m_marked && m_marked != field) {
        // Back to the style's own colours and the field's own help.
        m_marked->setPalette(QPalette());
        m_marked->setToolTip(m_markedToolTip);
        m_marked = nullptr;
    }
    if (!field) {
        return;
    }
    if (m_marked != field) {
        m_markedToolTip = field->toolTip();
        m_marked = field;
    }
    // A tint of the field's own background, so it reads on light and dark palettes.
    QPalette tinted = field->palette();
    const QColor base = palette().color(QPalette::Base);
    const QColor alarm(220, 50, 47);
    const QColor mixed = QColor::fromRgbF(0.7f * base.redF() + 0.3f * alarm.redF(),
                                          0.7f * base.greenF() + 0.3f * alarm.greenF(),
                                          0.7f * base.blueF() + 0.3f * alarm.blueF());
    tinted.setColor(QPalette::Base, mixed);
    tinted.setColor(QPalette::Button, mixed);
    field->setPalette(tinted);
    field->setToolTip(m_markedToolTip.isEmpty()
                          ? reason
                          : QStringLiteral("%1\n\n%2").arg(reason, m_markedToolTip));
}

SweepSpec SweepSetupPanel::spec() const {
    SweepSpec spec;
    const QString device = m_device->text().trimmed();
    if (looksLikePci(device)) {
        spec.engine.pci = device;
    } else {
        spec.engine.vdevs = {device};
    }
    spec.engine.lcores = m_lcores->text().trimmed();
    if (!m_linkSpeed->text().trimmed().isEmpty()) {
        spec.linkSpeedMbps = LineRate::parseSpeedMbps(m_linkSpeed->text(), nullptr);
    }
    spec.engine.noHuge = m_noHuge->isChecked();
    spec.engine.memoryMb = m_memory->value();
    spec.engine.mode = m_launch->currentData().toString();
    spec.engine.sshHost = m_host->text().trimmed();
    spec.engine.enginePath = m_enginePath->text().trimmed();
    for (int axis = 0; axis < 2; ++axis) {
        const QString name = sweptName(axis);
        if (name.isEmpty()) {
            continue;
        }
        Axis a{name, {}};
        for (qint64 value :
             ValueList::parse(name, m_values[axis]->text(), nullptr).value_or(QList<qint64>{})) {
            a.values.append(AxisValue(value));
        }
        spec.axes.append(a);
    }
    // Whether a box is swept, not whether it is enabled: the whole form is
    // disabled while a sweep runs, and its setup is saved then too.
    for (auto it = m_fixed.cbegin(); it != m_fixed.cend(); ++it) {
        if (it.key() != sweptName(0) && it.key() != sweptName(1)) {
            spec.fixed.insert(it.key(), it.value()->value());
        }
    }
    spec.fixed.insert(QStringLiteral("timestamp"), m_timestamp->isChecked());
    m_repetitions->apply(spec);
    spec.durationMs = m_duration->value();
    spec.warmupMs = m_warmup->value();
    spec.pauseMs = m_pause->value();
    spec.randomize = m_randomize->isChecked();
    return spec;
}

void SweepSetupPanel::setSpec(const SweepSpec &spec) {
    const EngineLaunch &e = spec.engine;
    m_device->setText(e.txDevice());
    m_lcores->setText(e.lcores);
    m_linkSpeed->setText(spec.linkSpeedMbps ? LineRate::speedText(*spec.linkSpeedMbps) : QString());
    m_noHuge->setChecked(e.noHuge);
    m_memory->setValue(e.memoryMb);
    m_launch->setCurrentIndex(std::max(0, m_launch->findData(e.mode)));
    m_host->setText(e.sshHost);
    m_enginePath->setText(e.enginePath);
    for (int axis = 0; axis < 2; ++axis) {
        if (axis < spec.axes.size()) {
            const QString text = spec.axes.at(axis).describe().section(QLatin1Char('='), 1);
            setSweepValues(axis, spec.axes.at(axis).name, text);
        } else if (axis == 1) {
            m_axis[1]->setCurrentIndex(0);
        }
    }
    for (auto it = spec.fixed.constBegin(); it != spec.fixed.constEnd(); ++it) {
        if (m_fixed.contains(it.key())) {
            m_fixed.value(it.key())->setValue(clampToInt(it.value().toInteger()));
        }
    }
    m_timestamp->setChecked(spec.fixed.value(QStringLiteral("timestamp")).toBool());
    setTiming(spec.reps, spec.durationMs, spec.warmupMs, spec.pauseMs, spec.randomize);
    m_repetitions->show(spec);
}

QString SweepSetupPanel::runLabel() const {
    return m_label->text().trimmed();
}

QString SweepSetupPanel::runName() const {
    return m_name->text().trimmed();
}

void SweepSetupPanel::setRunLabel(const QString &label) {
    m_label->setText(label);
}

void SweepSetupPanel::setRunName(const QString &name) {
    m_name->setText(name);
}

void SweepSetupPanel::setSweepValues(int axis, const QString &parameter, const QString &values) {
    const int index = m_axis[axis]->findData(parameter);
    if (index >= 0) {
        m_axis[axis]->setCurrentIndex(index);
    }
    m_values[axis]->setText(values);
}

void SweepSetupPanel::setTiming(int reps, int durationMs, int warmupMs, int pauseMs,
                                bool randomize) {
    m_reps->setValue(reps);
    m_duration->setValue(durationMs);
    m_warmup->setValue(warmupMs);
    m_pause->setValue(pauseMs);
    m_randomize->setChecked(randomize);
}

void SweepSetupPanel::setDevice(const QString &device) {
    m_device->setText(device);
}

void SweepSetupPanel::setFixedValue(const QString &parameter, int value) {
    if (QSpinBox *box = m_fixed.value(parameter)) {
        box->setValue(value);
    }
}

QJsonObject SweepSetupPanel::saveState() const {
    QJsonObject state;
    state.insert(QStringLiteral("spec"), spec().toJson());
    state.insert(QStringLiteral("values0"), m_values[0]->text());
    state.insert(QStringLiteral("values1"), m_values[1]->text());
    state.insert(QStringLiteral("name"), runName());
    state.insert(QStringLiteral("label"), runLabel());
    return state;
}

void SweepSetupPanel::restoreState(const QJsonObject &state) {
    if (state.isEmpty()) {
        return; // first start: keep the defaults
    }
    if (const auto spec =
            SweepSpec::fromJson(state.value(QStringLiteral("spec")).toObject(), nullptr)) {
        setSpec(*spec);
    }
    // The typed text, not the parsed values: an invalid list is restored as typed.
    for (int axis = 0; axis < 2; ++axis) {
        const QString key = QStringLiteral("values%1").arg(axis);
        if (state.contains(key)) {
            m_values[axis]->setText(state.value(key).toString());
        }
    }
    m_name->setText(state.value(QStringLiteral("name")).toString());
    m_label->setText(state.value(QStringLiteral("label")).toString());
}

void SweepSetupPanel::setLimits(const ParameterLimits &limits) {
    m_limits = limits;
    for (auto it = m_fixed.begin(); it != m_fixed.end(); ++it) {
        const ParameterLimits::Range r = m_limits.range(it.key());
        it.value()->setRange(clampToInt(r.min), clampToInt(r.max));
        it.value()->setToolTip(m_limits.tooltip(it.key()));
    }
    revalidate();
}

void SweepSetupPanel::setRunning(bool running) {
    for (QGroupBox *group : findChildren<QGroupBox *>()) {
        group->setEnabled(!running);
    }
}

} // namespace burstlab
