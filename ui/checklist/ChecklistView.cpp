#include "checklist/ChecklistView.h"
#include "checklist/ChecklistModel.h"
#include "host/Checklist.h"
#include "util/RowMenu.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTableView>
#include <QTextBrowser>
#include <QThread>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>

namespace burstlab {

ChecklistView::ChecklistView(QWidget *parent)
    : QWidget(parent), m_model(new ChecklistModel(this)), m_table(new QTableView(this)),
      m_caption(new QLabel(this)), m_reprobe(new QPushButton(tr("Re-probe this host"), this)),
      m_details(new QTextBrowser(this)), m_fix(new QLineEdit(this)),
      m_copy(new QPushButton(tr("Copy"), this)),
      m_tryFix(new QPushButton(tr("Try the fix"), this)) {
    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setAlternatingRowColors(true);
    // Every cell reads in full: long findings wrap, rows grow to hold them.
    m_table->setWordWrap(true);
    m_table->setTextElideMode(Qt::ElideNone);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    QHeaderView *header = m_table->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(true);

    m_reprobe->setIcon(style()->standardIcon(QStyle::SP_BrowserReload));
    m_reprobe->setToolTip(tr("Probe /proc, /sys and the port again, for the device of the "
                             "sweep setup"));
    m_fix->setReadOnly(true);
    m_fix->setPlaceholderText(tr("no fix command for this item"));
    m_copy->setIcon(style()->standardIcon(QStyle::SP_DialogSaveButton));
    m_copy->setToolTip(tr("Copy the fix command to the clipboard"));
    m_copy->setEnabled(false);
    m_details->setOpenExternalLinks(true);
    m_tryFix->setMenu(new QMenu(m_tryFix));
    m_tryFix->setEnabled(false);
    // Wrapped: a caption as wide as its text (a long device name, the items
    // listed for their fix) would widen the window once the setup dock is
    // back beside the tabs.
    m_caption->setWordWrap(true);

    auto *top = new QHBoxLayout;
    top->addWidget(m_caption, 1);
    top->addWidget(m_reprobe);
    auto *fixRow = new QHBoxLayout;
    fixRow->addWidget(new QLabel(tr("Fix:"), this));
    fixRow->addWidget(m_fix, 1);
    fixRow->addWidget(m_copy);
    fixRow->addWidget(m_tryFix);
    auto *detailBox = new QWidget(this);
    auto *detailLayout = new QVBoxLayout(detailBox);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(m_details, 1);
    detailLayout->addLayout(fixRow);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_table);
    split->addWidget(detailBox);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(top);
    layout->addWidget(split, 1);

    connect(m_reprobe, &QPushButton::clicked, this, &ChecklistView::reprobe);
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &ChecklistView::showSelected);
    connect(m_copy, &QPushButton::clicked, this,
            [this] { QApplication::clipboard()->setText(m_fix->text()); });
    auto *copyFix = new QAction(tr("Copy &fix command"), m_table);
    connect(copyFix, &QAction::triggered, m_copy, &QPushButton::click);
    m_table->addAction(copyFix);
    RowMenu::addCopyRows(m_table);
    RowMenu::install(m_table);
    m_caption->setText(tr("This host has not been probed yet."));
}

ChecklistView::~ChecklistView() {
    if (m_probe) {
        m_probe->wait();
    }
}

void ChecklistView::setLaunch(const EngineLaunch &launch) {
    m_launch = launch;
}

const QList<CheckResult> &ChecklistView::results() const {
    return m_model->results();
}

void ChecklistView::showStored(const QList<CheckResult> &results, const QString &caption) {
    m_offers.clear();
    m_fixOnly.clear();
    showResults(results, caption, false);
}

void ChecklistView::reprobe() {
    if (m_probe) {
        return;
    }
    // Probes read /proc and /sys and may sample the load for a moment: off the GUI thread.
    struct Probed {
        QList<CheckResult> results;
        QSet<QString> fixOnly;
        Offers offers;
    };
    auto probed = std::make_shared<Probed>();
    const EngineLaunch launch = m_launch;
    m_probe = QThread::create([probed, launch] {
        const Checklist checklist = Checklist::builtIn();
        const ProbeContext context = ProbeContext::forLaunch(launch);
        probed->results = checklist.run(context);
        // What try-fix can try is offered even where the engine's runs are
        // not judged on it (the root qdisc for pktgen).
        for (const CheckItem &item : FixTrial::itemsFor(checklist, launch)) {
            if (!item.appliesTo(launch.kind)) {
                probed->results.append(checklist.run(item, context));
                probed->fixOnly.insert(item.id);
            }
        }
        // Each setting as the CLI's try-fix probes it: on the host devices.
        for (const CheckResult &r : std::as_const(probed->results)) {
            const auto item = checklist.item(r.id);
            for (const QString &setting : item ? FixTrial::settingsOf(*item) : QStringList()) {
                Offer offer{setting, std::nullopt, {}};
                offer.trial = FixTrial::probe(checklist, r.id, setting, launch, &offer.why);
                probed->offers[r.id].append(offer);
            }
        }
    });
    m_reprobe->setEnabled(false);
    m_caption->setText(tr("Probing this host…"));
    connect(m_probe, &QThread::finished, this, [this, probed, launch] {
        m_probe->deleteLater();
        m_probe = nullptr;
        m_reprobe->setEnabled(true);
        m_offers = probed->offers;
        m_fixOnly = probed->fixOnly;
        const QString device = launch.txDevice();
        QString port = device.isEmpty() ? tr("no port") : device;
        if (!launch.hostDevice.isEmpty() && launch.hostDevice != device) {
            port = tr("%1 (host settings on %2)").arg(port, launch.hostDevice);
        }
        showResults(probed->results,
                    tr("This host, for %1, probed %2")
                        .arg(port, QDateTime::currentDateTime().toString(
                                       QStringLiteral("yyyy-MM-dd HH:mm:ss"))),
                    true);
        emit probeFinished();
    });
    m_probe->start();
}

void ChecklistView::showEvent(QShowEvent *event) {
    QWidget::showEvent(event);
    if (!m_hasResults && !m_probe) {
        reprobe();
    }
}

void ChecklistView::showResults(const QList<CheckResult> &results, const QString &caption,
                                bool live) {
    m_hasResults = true;
    m_live = live;
    m_model->setResults(results);
    int counts[4] = {0, 0, 0, 0};
    for (const CheckResult &r : results) {
        if (!m_fixOnly.contains(r.id)) {
            ++counts[int(r.status)];
        }
    }
    QString text = tr("%1 — %2 pass, %3 warn, %4 fail, %5 unknown")
                       .arg(caption)
                       .arg(counts[int(CheckStatus::Pass)])
                       .arg(counts[int(CheckStatus::Warn)])
                       .arg(counts[int(CheckStatus::Fail)])
                       .arg(counts[int(CheckStatus::Unknown)]);
    if (!m_fixOnly.isEmpty()) {
        text += tr("; %n more listed for the fix to try only", nullptr, int(m_fixOnly.size()));
    }
    m_caption->setText(text);
    m_table->resizeColumnsToContents();
    // Long probe details would push recommended and fix out of sight: cap the
    // width, the text wraps (and is in the tooltip and the detail pane).
    const int maxWidth = fontMetrics().averageCharWidth() * 40;
    for (int column = 0; column < m_model->columnCount(); ++column) {
        m_table->setColumnWidth(column, std::min(m_table->columnWidth(column), maxWidth));
    }
    if (!results.isEmpty()) {
        m_table->selectRow(0);
    }
    showSelected();
}

void ChecklistView::showSelected() {
    const CheckResult *r = m_model->result(m_table->currentIndex().row());
    if (!r) {
        m_details->clear();
        m_fix->clear();
        m_copy->setEnabled(false);
        offerTrials(nullptr);
        return;
    }
    QString html = QStringLiteral("<h3>%1</h3><p>%2</p>")
                       .arg(r->title.toHtmlEscaped(), r->why.toHtmlEscaped());
    if (m_fixOnly.contains(r->id)) {
        html += tr("<p><b>Not judged</b> for this engine's runs: listed for its fix to "
                   "try.</p>");
    }
    if (!r->detail.isEmpty()) {
        html += tr("<p><b>Found:</b> %1</p>").arg(r->detail.toHtmlEscaped());
    }
    // What was found is the sending device's; a fix is tried on the
    // device whose setting it is (pktgen's --host-device, an af_packet
    // port's interface), from the value read there now.
    QStringList tries;
    for (const Offer &offer : m_offers.value(r->id)) {
        if (m_live && offer.trial)
            tries << offer.trial->describe();
    }
    if (!tries.isEmpty()) {
        html += tr("<p><b>Try the fix:</b> %1, read on that device now, put back after</p>")
                    .arg(tries.join(QStringLiteral("; ")).toHtmlEscaped());
    }
    if (!r->source.isEmpty()) {
        html += tr("<p><i>Source: %1</i></p>").arg(r->source.toHtmlEscaped());
    }
    m_details->setHtml(html);
    m_fix->setText(r->fix);
    m_copy->setEnabled(!r->fix.isEmpty());
    offerTrials(r);
}

void ChecklistView::offerTrials(const CheckResult *result) {
    QMenu *menu = m_tryFix->menu();
    menu->clear();
    const auto item = result ? Checklist::builtIn().item(result->id) : std::nullopt;
    const QStringList settings = item ? FixTrial::settingsOf(*item) : QStringList();
    QStringList refusals;
    if (settings.isEmpty()) {
        refusals << tr("This item recommends no host setting a sweep can set.");
    } else if (!m_live) {
        refusals << tr("These are stored results: re-probe this host to try a fix on it.");
    } else {
        for (const Offer &offer : m_offers.value(result->id)) {
            QAction *action = menu->addAction(offer.trial ? offer.trial->describe() : offer.why);
            action->setEnabled(offer.trial.has_value());
            if (offer.trial) {
                connect(action, &QAction::triggered, this,
                        [this, t = *offer.trial] { emit tryFixRequested(t); });
            } else {
                refusals << offer.why;
            }
        }
    }
    const bool any = !menu->isEmpty() && refusals.size() < settings.size();
    m_tryFix->setEnabled(any);
    m_tryFix->setToolTip(any ? tr("Sweep the setting from this device's value to the "
                                  "recommended one, with the setup's other parameters, and "
                                  "say whether it mattered")
                             : QStringLiteral("<p>%1</p>")
                                   .arg(refusals.join(QLatin1Char('\n'))
                                            .toHtmlEscaped()
                                            .replace(QLatin1Char('\n'), QStringLiteral("<br>"))));
}

} // namespace burstlab
