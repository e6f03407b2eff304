#include "sweep/SweepSetupPanel.h"
#include "engine/EngineCommand.h"
#include "host/CpuList.h"
#include "model/StepParameters.h"
#include "ranges/ValueList.h"
#include "stats/LineRate.h"
#include "sweep/RepetitionControls.h"
#include "sweep/SweepRules.h"
#include "util/WheelGuard.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QJsonArray>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace burstlab {

namespace {
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

// A fixed integer's field takes any number typed: one outside the parameter's
// range is kept and marked by the rules, which know the engine's limits. A
// spin box held to the range would turn 10 into 60 when the field is left.
QSpinBox *fixedSpinBox(qint64 min, qint64 value) {
    return spinBox(std::min(0, clampToInt(min)), std::numeric_limits<int>::max(),
                   clampToInt(value));
}

// The step parameters the fixed group shows: all but older names and what
// the timing group sets (duration, warm-up).
bool isFixedField(const StepParameter &p) {
    return p.olderFormOf.isEmpty() && p.name != QLatin1String("duration_ms") &&
           p.name != QLatin1String("warmup_ms");
}

// The host's kernel network devices, for pktgen's device list.
QStringList hostNetdevs() {
    return QDir(QStringLiteral("/sys/class/net"))
        .entryList(QDir::AllEntries | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

// pktgen's own name of a parameter where it differs (burst: skb_burst),
// the name a kernel developer knows it by; else empty.
QString pktgenName(EngineKind kind, const QString &name) {
    const StepParameter *p = StepParameters::find(name);
    return kind == EngineKind::Pktgen && p && p->pktgen != name ? p->pktgen : QString();
}

QString kindTitle(EngineKind kind) {
    return kind == EngineKind::Pktgen ? SweepSetupPanel::tr("kernel pktgen")
                                      : SweepSetupPanel::tr("DPDK");
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
    // Under the group, not a row of its form: a form row's wrapped height is
    // not updated while the panel is hidden (its dock folded on another tab),
    // and the form squeezed other rows to nothing.
    layout->addWidget(m_kindNote);
    layout->addWidget(buildSweepGroup());
    layout->addWidget(buildFixedGroup());
    layout->addWidget(buildTimingGroup());
    layout->addStretch(1);
    // The launch choice as narrow as a short one: the panel must leave the
    // charts room on a laptop screen (the full text shows when the list opens).
    m_launch->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_launch->setMinimumContentsLength(8);
    applyKind();
    WheelGuard::install(this);
    revalidate();
}

QWidget *SweepSetupPanel::buildEngineGroup() {
    auto *group = new QGroupBox(tr("Engine and port"));
    auto *form = new QFormLayout(group);
    m_engineForm = form;
    m_kind = new QComboBox;
    m_kind->setObjectName(QStringLiteral("engineKind"));
    for (EngineKind kind : {EngineKind::Dpdk, EngineKind::Pktgen}) {
        m_kind->addItem(kindTitle(kind), engineKindName(kind));
    }
    m_kind->setToolTip(tr("The transmit path measured: DPDK's on a DPDK port (burstlab-engine), "
                          "or the kernel's pktgen on a kernel network device "
                          "(burstlab-pktgen-engine, root through pkexec or sudo)"));
    m_kindNote = new QLabel;
    m_kindNote->setObjectName(QStringLiteral("kindNote"));
    m_kindNote->setWordWrap(true);
    m_kindNote->setVisible(false);
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
    m_device = new QLineEdit(QStringLiteral("net_null0"));
    m_device->setObjectName(QStringLiteral("device"));
    m_device->setToolTip(tr("A virtual device (net_null0, net_pcap0,tx_pcap=FILE, "
                            "net_af_packet0,iface=IF) or a PCI address DDDD:BB:DD.F"));
    m_netdev = new QComboBox;
    m_netdev->setObjectName(QStringLiteral("netdev"));
    m_netdev->setEditable(true);
    // Listed, not chosen: pktgen floods the device it is given.
    m_netdev->addItems(hostNetdevs());
    m_netdev->setCurrentIndex(-1);
    m_netdev->lineEdit()->setPlaceholderText(tr("a kernel network device, e.g. eth1"));
    m_netdev->setToolTip(tr("The kernel network device pktgen sends on: one of this host's "
                            "(/sys/class/net) or another's, typed. It must be up and on the "
                            "engine's allow-list"));
    m_hostDevice = new QComboBox;
    m_hostDevice->setObjectName(QStringLiteral("hostDevice"));
    m_hostDevice->setEditable(true);
    m_hostDevice->addItems(hostNetdevs());
    m_hostDevice->setCurrentIndex(-1);
    m_hostDevice->lineEdit()->setPlaceholderText(tr("the device pktgen sends on"));
    m_hostDevice->setToolTip(tr("Where the steps' host settings (gro, qdisc, ...) go, e.g. the "
                                "receiving end of a veth pair for gro; a device other than the "
                                "sending one is also measured as the receiving end. Several as "
                                "veth1,veth3"));
    m_lcores = new QLineEdit;
    m_lcores->setObjectName(QStringLiteral("lcores"));
    m_linkSpeed = new QLineEdit;
    m_linkSpeed->setObjectName(QStringLiteral("linkSpeed"));
    m_linkSpeed->setPlaceholderText(tr("the port's own (none for virtual devices)"));
    m_linkSpeed->setToolTip(tr("The link's speed for the line-rate check, e.g. 10G, 25000M or "
                               "100G; results above it are flagged"));
    const EngineLaunch defaults;
    m_memory =
        spinBox(SweepRules::kMinMemoryMb, SweepRules::kMaxMemoryMb, defaults.memoryMb, tr(" MB"));
    m_memory->setToolTip(tr("memory for DPDK's EAL: %1..%2 MB")
                             .arg(SweepRules::kMinMemoryMb)
                             .arg(SweepRules::kMaxMemoryMb));
    m_memory->setObjectName(QStringLiteral("memory"));
    m_noHuge = new QCheckBox(tr("no hugepages (4 KB pages)"));
    m_noHuge->setObjectName(QStringLiteral("noHuge"));
    m_noHuge->setChecked(defaults.noHuge);
    m_noHuge->setToolTip(tr("Run without hugepages; needed when none are reserved, but fresh-mbuf "
                            "TX may cost up to 2x more"));
    form->addRow(tr("Engine:"), m_kind);
    form->addRow(tr("Launch:"), m_launch);
    form->addRow(tr("Host:"), m_host);
    form->addRow(tr("Program:"), m_enginePath);
    form->addRow(tr("Device:"), m_device);
    form->addRow(tr("Device:"), m_netdev);
    form->addRow(tr("Host device:"), m_hostDevice);
    form->addRow(tr("Link speed:"), m_linkSpeed);
    form->addRow(tr("Lcores:"), m_lcores);
    form->addRow(tr("Memory:"), m_memory);
    form->addRow(QString(), m_noHuge);

    connect(m_kind, &QComboBox::currentIndexChanged, this, &SweepSetupPanel::onKindChosen);
    connect(m_netdev, &QComboBox::currentTextChanged, this, &SweepSetupPanel::revalidate);
    connect(m_hostDevice, &QComboBox::currentTextChanged, this, &SweepSetupPanel::revalidate);
    connect(m_launch, &QComboBox::currentIndexChanged, this, &SweepSetupPanel::revalidate);
    connect(m_noHuge, &QCheckBox::toggled, this, &SweepSetupPanel::revalidate);
    for (QLineEdit *edit : {m_host, m_enginePath, m_device, m_linkSpeed, m_lcores}) {
        connect(edit, &QLineEdit::textChanged, this, &SweepSetupPanel::revalidate);
    }
    return group;
}

EngineKind SweepSetupPanel::engineKind() const {
    return engineKindFromName(m_kind->currentData().toString()).value_or(EngineKind::Dpdk);
}

void SweepSetupPanel::applyKind() {
    const EngineKind kind = engineKind();
    const bool dpdk = kind == EngineKind::Dpdk;
    for (QWidget *field : {static_cast<QWidget *>(m_device), static_cast<QWidget *>(m_memory),
                           static_cast<QWidget *>(m_noHuge)}) {
        m_engineForm->setRowVisible(field, dpdk);
    }
    m_engineForm->setRowVisible(m_netdev, !dpdk);
    m_engineForm->setRowVisible(m_hostDevice, !dpdk);
    // pktgen's threads take the lcores' place: one kpktgend per CPU, one queue each.
    if (auto *label = qobject_cast<QLabel *>(m_engineForm->labelForField(m_lcores))) {
        label->setText(dpdk ? tr("Lcores:") : tr("Thread CPUs:"));
    }
    m_lcores->setPlaceholderText(dpdk ? tr("all this host has")
                                      : tr("the first CPU after 0 with a pktgen thread"));
    m_lcores->setToolTip(dpdk ? tr("lcore list, e.g. 0-1 or 0,2,4: the first is the main lcore, "
                                   "the others transmit")
                              : tr("CPUs whose kpktgend threads send, e.g. 1 or 1-2: one device "
                                   "queue each, so queues can be at most their number"));
    m_enginePath->setPlaceholderText(dpdk ? tr("burstlab-engine next to burstlab")
                                          : tr("burstlab-pktgen-engine next to burstlab"));
    const bool warmup = StepParameters::find(QStringLiteral("warmup_ms"))->takenBy(kind);
    m_warmup->setEnabled(warmup);
    m_warmup->setToolTip(
        warmup ? tr("Discarded from the start of each step; must be shorter "
                    "than the step. Default: 100 ms, or a fifth of a shorter "
                    "step")
               : tr("None with %1: it measures from its first packet").arg(kindTitle(kind)));
    for (const StepParameter &p : StepParameters::all()) {
        if (QWidget *field = m_fixed.value(p.name)) {
            m_fixedForm->setRowVisible(field, p.takenBy(kind));
        }
    }
    // A switch made while the panel is folded away leaves the group's size
    // of the other kind's rows: pktgen's has more (skb_priority, frags,
    // xmit_mode).
    m_fixedForm->invalidate();
    m_fixedForm->parentWidget()->updateGeometry();
    applyLimits(); // the help names pktgen's names
    fillAxes();
}

void SweepSetupPanel::fillAxes() {
    const EngineKind kind = engineKind();
    for (int axis = 0; axis < 2; ++axis) {
        QComboBox *box = m_axis[axis];
        const QString chosen = box->currentData().toString();
        const QSignalBlocker blocker(box);
        box->clear();
        if (axis == 1) {
            box->addItem(tr("(none)"), noAxis);
        }
        for (const QString &name : StepParameters::sweepable()) {
            // The values field reads integers: a choice (a host setting's
            // qdisc, gro) is swept from the CLI, and fixed here.
            const StepParameter *p = StepParameters::find(name);
            if (p->takenBy(kind) && p->type != ParameterType::Choice) {
                box->addItem(name, name);
                // In the list's help, not its text: the sweep row has no room for it.
                if (const QString pktgen = pktgenName(kind, name); !pktgen.isEmpty()) {
                    box->setItemData(box->count() - 1, tr("pktgen calls it %1").arg(pktgen),
                                     Qt::ToolTipRole);
                }
            }
        }
        box->setCurrentIndex(std::max(0, box->findData(chosen)));
    }
    updateFixedEnabled();
}

void SweepSetupPanel::setEngineKind(EngineKind kind) {
    m_kind->setCurrentIndex(m_kind->findData(engineKindName(kind)));
}

QString SweepSetupPanel::kindNote() const {
    return m_kindNote->text();
}

void SweepSetupPanel::onKindChosen() {
    const EngineKind kind = engineKind();
    QStringList dropped;
    for (int axis = 0; axis < 2; ++axis) {
        const QString name = sweptName(axis);
        if (!name.isEmpty() && !StepParameters::find(name)->takenBy(kind)) {
            dropped.append(tr("the sweep over %1").arg(name));
            // Its values are the dropped parameter's: axis 0 waits for new ones.
            m_values[axis]->clear();
        }
    }
    for (const StepParameter &p : StepParameters::all()) {
        if (!m_fixed.contains(p.name) || p.takenBy(kind) || p.name == sweptName(0) ||
            p.name == sweptName(1)) {
            continue;
        }
        const QJsonValue value = fixedValue(p.name);
        if (!value.isUndefined() && value != p.defaultValue) {
            dropped.append(QStringLiteral("%1=%2").arg(p.name, StepParameter::text(value)));
        }
        // As setSpec leaves a parameter out: an empty line is the engine's own.
        setFixed(p.name, qobject_cast<QLineEdit *>(m_fixed.value(p.name))
                             ? QJsonValue(QJsonValue::Undefined)
                             : p.defaultValue);
    }
    // The warm-up is the timing group's: one of the kind's default is not noted.
    const bool warmupTaken = StepParameters::find(QStringLiteral("warmup_ms"))->takenBy(kind);
    const int defaultWarmup = SweepSpec::defaultWarmupMs(m_duration->value());
    if (!warmupTaken && m_warmup->value() != 0 && m_warmup->value() != defaultWarmup) {
        dropped.append(QStringLiteral("warmup_ms=%1").arg(m_warmup->value()));
    }
    m_warmup->setValue(warmupTaken ? defaultWarmup : 0);
    m_kindNote->setText(dropped.isEmpty()
                            ? QString()
                            : tr("%1 does not take %2: dropped from the setup.")
                                  .arg(kindTitle(kind), dropped.join(QStringLiteral(", "))));
    m_kindNote->setVisible(!dropped.isEmpty());
    // A field left at the other kind's default takes this kind's (burst:
    // DPDK's 32, pktgen's own 1).
    const StepLimits limits = StepLimits::documented(kind);
    for (const StepParameter &p : StepParameters::all()) {
        if (m_fixed.contains(p.name) && p.takenBy(kind) &&
            fixedValue(p.name) == m_limits.defaultValue(p.name)) {
            setFixed(p.name, limits.defaultValue(p.name));
        }
    }
    // The ranges an engine of the other kind said do not hold for this one.
    setLimits(limits);
    applyKind();
    revalidate();
}

QWidget *SweepSetupPanel::buildSweepGroup() {
    auto *group = new QGroupBox(tr("Sweep"));
    auto *form = new QFormLayout(group);
    const QString valuesHelp =
        tr("Values: N, A..B or A..B:STEP, separated by commas, e.g. 1..10,16,24,32");
    for (int axis = 0; axis < 2; ++axis) {
        m_axis[axis] = new QComboBox;
        m_axis[axis]->setObjectName(QStringLiteral("axis%1").arg(axis));
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
    m_fixedForm = form;
    // One field per parameter of the table, of its type: a spin box for an
    // integer with a default, a checkbox for a boolean, a list for a choice,
    // else a line whose
    // placeholder is the default (empty: the engine's own).
    for (const StepParameter &p : StepParameters::all()) {
        if (!isFixedField(p)) {
            continue;
        }
        QWidget *field = nullptr;
        if (p.type == ParameterType::Integer && !p.defaultValue.isUndefined()) {
            auto *box = fixedSpinBox(p.min, p.defaultValue.toInteger());
            connect(box, &QSpinBox::valueChanged, this, &SweepSetupPanel::revalidate);
            field = box;
        } else if (p.type == ParameterType::Choice) {
            auto *box = new QComboBox;
            box->addItems(p.choices);
            box->setCurrentText(p.defaultValue.toString());
            connect(box, &QComboBox::currentIndexChanged, this, &SweepSetupPanel::revalidate);
            field = box;
        } else if (p.type == ParameterType::Boolean) {
            auto *box = new QCheckBox(p.name);
            box->setChecked(p.defaultValue.toBool());
            connect(box, &QCheckBox::toggled, this, &SweepSetupPanel::revalidate);
            field = box;
        } else {
            auto *line = new QLineEdit;
            line->setPlaceholderText(p.fromPort ? tr("the port's own")
                                     : p.defaultValue.isUndefined()
                                         ? tr("none")
                                         : StepParameter::text(p.defaultValue));
            connect(line, &QLineEdit::textChanged, this, &SweepSetupPanel::revalidate);
            field = line;
        }
        field->setObjectName(QStringLiteral("fixed_") + p.name);
        m_fixed.insert(p.name, field);
        form->addRow(p.type == ParameterType::Boolean ? QString() : p.name + QLatin1Char(':'),
                     field);
    }
    return group;
}

void SweepSetupPanel::applyLimits() {
    // The timing's ranges are the rules' for these limits.
    const ParameterLimit duration = SweepRules::rangeOf(m_limits, QStringLiteral("duration_ms"));
    m_duration->setRange(clampToInt(duration.min), clampToInt(duration.max));
    m_duration->setToolTip(
        tr("Length of each step: allowed %1..%2 ms").arg(duration.min).arg(duration.max));
    const ParameterLimit warmup = SweepRules::rangeOf(m_limits, QStringLiteral("warmup_ms"));
    m_warmup->setRange(clampToInt(warmup.min), clampToInt(warmup.max));
    for (auto it = m_fixed.begin(); it != m_fixed.end(); ++it) {
        const QString pktgen = pktgenName(engineKind(), it.key());
        it.value()->setToolTip(
            pktgen.isEmpty()
                ? m_limits.tooltip(it.key())
                : tr("%1\n\npktgen calls it %2").arg(m_limits.tooltip(it.key()), pktgen));
    }
}

QJsonValue SweepSetupPanel::fixedValue(const QString &name) const {
    const QWidget *field = m_fixed.value(name);
    if (const auto *box = qobject_cast<const QSpinBox *>(field)) {
        return box->value();
    }
    if (const auto *box = qobject_cast<const QCheckBox *>(field)) {
        return box->isChecked();
    }
    if (const auto *box = qobject_cast<const QComboBox *>(field)) {
        return box->currentText();
    }
    const QString text = qobject_cast<const QLineEdit *>(field)->text().trimmed();
    if (text.isEmpty()) {
        return QJsonValue(QJsonValue::Undefined);
    }
    // Text of the wrong form stays text: the rules name the field and what it may be.
    return StepParameters::find(name)->parse(text, nullptr).value_or(QJsonValue(text));
}

void SweepSetupPanel::setFixed(const QString &name, const QJsonValue &value) {
    QWidget *field = m_fixed.value(name);
    if (auto *box = qobject_cast<QSpinBox *>(field)) {
        box->setValue(clampToInt(value.toInteger()));
    } else if (auto *box = qobject_cast<QCheckBox *>(field)) {
        box->setChecked(value.toBool());
    } else if (auto *box = qobject_cast<QComboBox *>(field)) {
        box->setCurrentText(value.toString());
    } else if (auto *line = qobject_cast<QLineEdit *>(field)) {
        line->setText(value.isUndefined() ? QString() : StepParameter::text(value));
    }
}

QWidget *SweepSetupPanel::buildTimingGroup() {
    auto *group = new QGroupBox(tr("Repetitions and timing"));
    auto *form = new QFormLayout(group);
    const SweepSpec defaults;
    m_reps = spinBox(1, SweepRules::kMaxReps, defaults.reps);
    m_reps->setObjectName(QStringLiteral("reps"));
    m_reps->setToolTip(tr("Repetitions per point: 3 or more give a confidence interval and a "
                          "verdict; allowed 1..%1")
                           .arg(SweepRules::kMaxReps));
    m_repetitions = new RepetitionControls(m_reps, this);
    connect(m_repetitions, &RepetitionControls::changed, this, &SweepSetupPanel::revalidate);
    // Ranges from the rules (applyLimits), before the values they must hold.
    m_duration = spinBox(0, std::numeric_limits<int>::max(), defaults.durationMs, tr(" ms"));
    m_duration->setObjectName(QStringLiteral("duration"));
    m_warmup = spinBox(0, std::numeric_limits<int>::max(), defaults.warmupMs, tr(" ms"));
    m_warmup->setObjectName(QStringLiteral("warmup"));
    m_lastDurationMs = defaults.durationMs;
    // A warm-up left at its default follows the duration; one set by hand stays.
    connect(m_duration, &QSpinBox::valueChanged, this, [this](int durationMs) {
        if (m_warmup->value() == SweepSpec::defaultWarmupMs(m_lastDurationMs)) {
            m_warmup->setValue(SweepSpec::defaultWarmupMs(durationMs));
        }
        m_lastDurationMs = durationMs;
    });
    m_pause = spinBox(0, SweepRules::kMaxPauseMs, defaults.pauseMs, tr(" ms"));
    m_pause->setObjectName(QStringLiteral("pause"));
    m_pause->setToolTip(tr("Idle time between steps: 0..%1 ms").arg(SweepRules::kMaxPauseMs));
    m_randomize = new QCheckBox(tr("randomise the order"));
    m_randomize->setChecked(defaults.randomize);
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
    applyLimits();
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
    // The syntax of what is typed here; what the values may be is the rules'.
    if (QString why; !m_linkSpeed->text().trimmed().isEmpty() &&
                     !LineRate::parseSpeedMbps(m_linkSpeed->text(), &why)) {
        return {tr("link speed: %1").arg(why), m_linkSpeed};
    }
    for (int axis = 0; axis < 2; ++axis) {
        const QString name = sweptName(axis);
        QString error;
        if (!name.isEmpty() && !ValueList::parse(name, m_values[axis]->text(), &error)) {
            return {error, m_values[axis]};
        }
    }
    if (const RepetitionControls::Problem p = m_repetitions->problem(); p.field) {
        return {p.reason, p.field};
    }
    const SweepSpec sweep = spec();
    const std::optional<bool> hugepages = sweep.engine.kind == EngineKind::Dpdk
                                              ? EngineCommand::hugepagesReservedFor(sweep.engine)
                                              : std::nullopt;
    const QList<FieldProblem> problems = SweepRules::check(sweep, {m_limits, hugepages});
    if (problems.isEmpty()) {
        return {};
    }
    const FieldProblem &first = problems.first();
    // The rule's words name the value only; beside the device's own field
    // the host device's needs its name.
    const QString reason = first.field == QLatin1String("engine.host_device")
                               ? tr("host device: %1").arg(first.message)
                               : first.message;
    return {reason, fieldOf(first.field)};
}

QWidget *SweepSetupPanel::fieldOf(const QString &field) const {
    QWidget *deviceField =
        engineKind() == EngineKind::Pktgen ? static_cast<QWidget *>(m_netdev) : m_device;
    const QMap<QString, QWidget *> fields{{QStringLiteral("engine.mode"), m_launch},
                                          {QStringLiteral("engine.ssh_host"), m_host},
                                          {QStringLiteral("engine.device"), deviceField},
                                          {QStringLiteral("engine.host_device"), m_hostDevice},
                                          {QStringLiteral("engine.lcores"), m_lcores},
                                          {QStringLiteral("engine.memory_mb"), m_memory},
                                          {QStringLiteral("engine.no_huge"), m_noHuge},
                                          {QStringLiteral("link_speed_mbps"), m_linkSpeed},
                                          {QStringLiteral("axes"), m_axis[0]},
                                          {QStringLiteral("reps"), m_reps},
                                          {QStringLiteral("max_reps"), m_reps},
                                          {QStringLiteral("duration_ms"), m_duration},
                                          {QStringLiteral("warmup_ms"), m_warmup},
                                          {QStringLiteral("pause_ms"), m_pause}};
    if (QWidget *w = fields.value(field)) {
        return w;
    }
    for (int axis = 1; axis >= 0; --axis) {
        if (sweptName(axis) == field) {
            return m_values[axis];
        }
    }
    return m_fixed.value(field, m_axis[0]);
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
    SweepSpec spec = m_base;
    spec.importWarnings.clear();
    spec.axes.clear();
    spec.fixed = {};
    spec.linkSpeedMbps.reset();
    spec.engine.kind = engineKind();
    // The devices of the spec set stay while its TX device is the one shown.
    const QString device = m_device->text().trimmed();
    const EngineLaunch defaults;
    if (spec.engine.kind == EngineKind::Pktgen) {
        // DPDK's devices and EAL memory are no part of a pktgen launch.
        spec.engine.pci.clear();
        spec.engine.vdevs.clear();
        spec.engine.sinkVdev.clear();
        spec.engine.device = m_netdev->currentText().trimmed();
        spec.engine.hostDevice = m_hostDevice->currentText().trimmed();
        spec.engine.noHuge = defaults.noHuge;
        spec.engine.memoryMb = defaults.memoryMb;
    } else {
        spec.engine.device.clear();
        spec.engine.hostDevice.clear();
        if (m_base.engine.kind != EngineKind::Dpdk || device != m_base.engine.txDevice()) {
            spec.engine.pci.clear();
            spec.engine.vdevs.clear();
            spec.engine.sinkVdev.clear();
            if (looksLikePci(device)) {
                spec.engine.pci = device;
            } else {
                spec.engine.vdevs = {device};
            }
        }
        spec.engine.noHuge = m_noHuge->isChecked();
        spec.engine.memoryMb = m_memory->value();
    }
    spec.engine.lcores = m_lcores->text().trimmed();
    if (!m_linkSpeed->text().trimmed().isEmpty()) {
        spec.linkSpeedMbps = LineRate::parseSpeedMbps(m_linkSpeed->text(), nullptr);
    }
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
        const QJsonValue value = fixedValue(it.key());
        const bool swept = it.key() == sweptName(0) || it.key() == sweptName(1);
        const StepParameter *parameter = StepParameters::find(it.key());
        // An engine's hello leaves out what its ports cannot take (host
        // settings on net_null): the documented default stands for it there.
        const QJsonValue engineDefault = m_limits.defaultValue(it.key());
        const QJsonValue defaultValue = engineDefault.isUndefined()
                                            ? parameter->defaultFor(spec.engine.kind)
                                            : engineDefault;
        const bool atDefault = value == defaultValue && !m_base.fixed.contains(it.key());
        const bool taken = parameter->takenBy(spec.engine.kind);
        if (taken && !swept && !value.isUndefined() && !atDefault) {
            spec.fixed.insert(it.key(), value);
        }
    }
    m_repetitions->apply(spec);
    spec.durationMs = m_duration->value();
    spec.warmupMs = m_warmup->value();
    spec.pauseMs = m_pause->value();
    spec.randomize = m_randomize->isChecked();
    return spec;
}

void SweepSetupPanel::setSpec(const SweepSpec &spec) {
    m_base = spec;
    const EngineLaunch &e = spec.engine;
    if (e.kind != engineKind()) {
        setLimits(StepLimits::documented(e.kind)); // as a switch of kind does
    }
    {
        // The spec's kind as it is, not a switch: nothing to drop, no note.
        const QSignalBlocker blocker(m_kind);
        setEngineKind(e.kind);
    }
    m_kindNote->clear();
    m_kindNote->setVisible(false);
    applyKind();
    // The other kind's fields keep what they hold, for a switch back.
    if (e.kind == EngineKind::Pktgen) {
        m_netdev->setCurrentText(e.device);
        m_hostDevice->setCurrentText(e.hostDevice);
    } else {
        m_device->setText(e.txDevice());
        m_noHuge->setChecked(e.noHuge);
        m_memory->setValue(e.memoryMb);
    }
    m_lcores->setText(e.lcores);
    m_linkSpeed->setText(spec.linkSpeedMbps ? LineRate::speedText(*spec.linkSpeedMbps) : QString());
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
    // What the spec leaves out is at its default; an empty line is the
    // engine's own (a port's MAC).
    for (auto it = m_fixed.cbegin(); it != m_fixed.cend(); ++it) {
        setFixed(it.key(), qobject_cast<QLineEdit *>(it.value()) && !spec.fixed.contains(it.key())
                               ? QJsonValue(QJsonValue::Undefined)
                               : StepParameters::valueOf(it.key(), spec.fixed, spec.engine.kind));
    }
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

void SweepSetupPanel::setNetdev(const QString &netdev) {
    m_netdev->setCurrentText(netdev);
}

void SweepSetupPanel::setFixedValue(const QString &parameter, const QJsonValue &value) {
    setFixed(parameter, value);
}

QJsonObject SweepSetupPanel::saveState() const {
    QJsonObject state;
    state.insert(QStringLiteral("spec"), spec().toJson());
    state.insert(QStringLiteral("values0"), m_values[0]->text());
    state.insert(QStringLiteral("values1"), m_values[1]->text());
    // The other kind's fields, which the spec of this kind leaves out.
    state.insert(QStringLiteral("dpdk_device"), m_device->text());
    state.insert(QStringLiteral("memory_mb"), m_memory->value());
    state.insert(QStringLiteral("no_huge"), m_noHuge->isChecked());
    state.insert(QStringLiteral("netdev"), m_netdev->currentText());
    state.insert(QStringLiteral("host_device"), m_hostDevice->currentText());
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
    if (state.contains(QStringLiteral("dpdk_device"))) {
        m_device->setText(state.value(QStringLiteral("dpdk_device")).toString());
        m_memory->setValue(state.value(QStringLiteral("memory_mb")).toInt(m_memory->value()));
        m_noHuge->setChecked(state.value(QStringLiteral("no_huge")).toBool(m_noHuge->isChecked()));
        m_netdev->setCurrentText(state.value(QStringLiteral("netdev")).toString());
        m_hostDevice->setCurrentText(state.value(QStringLiteral("host_device")).toString());
    }
    m_name->setText(state.value(QStringLiteral("name")).toString());
    m_label->setText(state.value(QStringLiteral("label")).toString());
}

void SweepSetupPanel::setLimits(const StepLimits &limits) {
    m_limits = limits;
    applyLimits();
    revalidate();
}

void SweepSetupPanel::setRunning(bool running) {
    for (QGroupBox *group : findChildren<QGroupBox *>()) {
        group->setEnabled(!running);
    }
}

} // namespace burstlab
