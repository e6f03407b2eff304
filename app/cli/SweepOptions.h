#pragma once
#include "CliParser.h"
#include "model/Run.h"

#include <QMap>
#include <optional>

namespace burstlab {

// The `sweep` subcommand's options turned into a run to start (or a run id to
// resume), remembering which argument set which step parameter so an error
// found later (by the engine's limits) can name the argument as typed.
class SweepOptions {
  public:
    static void add(CliParser &parser);
    // nullopt with *error naming the argument when the command line is wrong.
    // given: an axis the command sets itself (try-fix's setting), named by
    // givenBy in errors; it comes before those of --sweep.
    static std::optional<SweepOptions> read(const CliParser &parser, QString *error,
                                            const std::optional<Axis> &given = std::nullopt,
                                            const QString &givenBy = QString());

    Run run;
    std::optional<qint64> resumeId;
    bool verbose = false;
    bool chart = true; // the plain-text charts in the printed netdev text

    // "--sweep burst=0..4" for burst, "--duration-ms 0" for duration_ms.
    QString argumentFor(const QString &parameter) const;

  private:
    // An integer option, remembered as the argument that set field.
    std::optional<int> option(const CliParser &p, const QString &option, const QString &field,
                              int fallback, QString *error);

    QMap<QString, QString> m_arguments;
};

} // namespace burstlab
