#pragma once
#include "model/RunData.h"
#include "store/RunStore.h"

#include <QStringList>
#include <optional>

namespace burstlab {

// Opening the store and loading runs named on the command line, with the
// CLI's error reporting: a store failure exits 4, an unknown run id 1, an id
// that is not a number 2.
class CliStore {
  public:
    explicit CliStore(const QString &command) : m_command(command) {}

    // nullopt when open, else the exit code (the error is printed). For a
    // command that writes: a damaged store (quick_check) is refused before
    // anything is written into it.
    std::optional<int> open(const QString &path);
    // The same for a command that only reads: a store that cannot be
    // written opens read-only, and says so on stderr.
    std::optional<int> openToRead(const QString &path);
    std::optional<qint64> parseId(const QString &text, int *exitCode) const;
    std::optional<RunData> load(qint64 id, int *exitCode);
    std::optional<QList<RunData>> loadAll(const QStringList &ids, int *exitCode);
    int storeError();

    RunStore &store() { return m_store; }

  private:
    QString m_command;
    RunStore m_store;
};

} // namespace burstlab
