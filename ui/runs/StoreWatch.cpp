#include "runs/StoreWatch.h"
#include "store/RunStore.h"

#include <QFileInfo>
#include <QFileSystemWatcher>

namespace burstlab {

StoreWatch::StoreWatch(QObject *parent) : QObject(parent), m_files(new QFileSystemWatcher(this)) {
    m_poll.setInterval(pollMs);
    m_soon.setSingleShot(true);
    m_soon.setInterval(50);
    connect(&m_poll, &QTimer::timeout, this, &StoreWatch::check);
    connect(&m_soon, &QTimer::timeout, this, &StoreWatch::check);
    connect(m_files, &QFileSystemWatcher::fileChanged, &m_soon, qOverload<>(&QTimer::start));
}

void StoreWatch::setStore(RunStore *store) {
    m_store = store && store->isOpen() ? store : nullptr;
    m_poll.stop();
    m_soon.stop();
    disconnect(m_listening);
    if (!m_files->files().isEmpty()) {
        m_files->removePaths(m_files->files());
    }
    m_version = std::nullopt;
    if (!m_store) {
        return;
    }
    // A burst of announcements (a copy of many runs) makes one change.
    m_listening = m_store->watchRuns(this, [this](qint64) {
        if (!m_soon.isActive())
            m_soon.start();
    });
    if (!m_listening) {
        m_version = m_store->dataVersion();
        watchFiles();
        m_poll.start();
    }
}

void StoreWatch::watchFiles() {
    // The log comes and goes with the connections (and a checkpoint may
    // replace it): added again whenever it is missing from the watch.
    for (const QString &file : {m_store->path(), m_store->path() + QStringLiteral("-wal")}) {
        if (QFileInfo::exists(file) && !m_files->files().contains(file)) {
            m_files->addPath(file);
        }
    }
}

void StoreWatch::check() {
    if (!m_store) {
        return;
    }
    if (m_listening) {
        emit changed();
        return;
    }
    watchFiles();
    const std::optional<qint64> version = m_store->dataVersion();
    if (version && version != m_version) {
        m_version = version;
        emit changed();
    }
}

} // namespace burstlab
