#pragma once
#include <QObject>
#include <QString>
#include <QTemporaryDir>

namespace burstlab {

// What the fault tests start from: test-mode standard paths, a store file in
// a fresh folder, and this process as the subreaper of the processes it
// starts, so that an engine orphaned by a killed CLI becomes its child and
// its exit status can be read.
class FaultTest : public QObject {
  protected:
    // False (with a warning) when the subreaper could not be set up.
    bool prepare();
    QString db() const { return m_dir.filePath(QStringLiteral("runs.sqlite")); }
    // After the program driving engine was SIGKILLed: empty when the engine
    // was gone within 2 s, through its cleanup (exit 0 or 5, its runtime
    // directory removed); else what went wrong. Prints how long it took.
    static QString orphanedEngineProblem(qint64 engine, const QString &killed);

  private:
    QTemporaryDir m_dir;
};

} // namespace burstlab
