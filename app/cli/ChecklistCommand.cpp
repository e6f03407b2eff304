#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "TextTable.h"
#include "host/CheckResult.h"
#include "host/Checklist.h"
#include "host/CpuList.h"
#include "util/ExitCode.h"
#include "util/SafeText.h"
#include "util/ShellText.h"

#include <QJsonDocument>

namespace burstlab {

namespace {

// The output fits a terminal of this many columns.
constexpr int terminalColumns = 100;

// A fix command ready to paste: its comment on lines of its own above it (a
// " \" continuation inside a comment would run the next line), the command
// wrapped between words.
QStringList fixLines(const QString &fix) {
    const auto [command, comment] = ShellText::splitComment(fix);
    QStringList lines;
    if (!comment.isEmpty()) {
        for (const QString &line : TextTable::wrap(comment, terminalColumns - 6))
            lines << QStringLiteral("    # ") + line;
    }
    return lines << ShellText::wrap(ShellText::words(command), terminalColumns,
                                    QStringLiteral("    "), QStringLiteral("        "));
}

} // namespace

int checklistCommand(const QStringList &args) {
    const QString command = QStringLiteral("checklist");
    CliParser parser(command, QStringLiteral("Probe this host's tuning checklist: each item with "
                                             "its current and recommended value, and the "
                                             "command that fixes it."));
    parser.addOption({QStringLiteral("json"), QStringLiteral("The results as a JSON array.")});
    parser.addOption({QStringLiteral("port"),
                      QStringLiteral("The port to judge: a vdev spec or a PCI address."),
                      QStringLiteral("SPEC")});
    parser.addOption({QStringLiteral("engine-kind"),
                      QStringLiteral("The engine whose run is judged: dpdk (default) or pktgen "
                                     "(leaves out DPDK's items such as hugepages)."),
                      QStringLiteral("KIND"), QStringLiteral("dpdk")});
    parser.addOption({QStringLiteral("device"),
                      QStringLiteral("pktgen: the kernel network device to judge, e.g. eth0."),
                      QStringLiteral("IFNAME")});
    parser.addOption({QStringLiteral("lcores"),
                      QStringLiteral("The CPUs that transmit, e.g. 1-2 (default: judge all CPUs; "
                                     "fixes name the engine's default TX lcores)."),
                      QStringLiteral("LIST")});
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    const QString lcoreText = parser.value(QStringLiteral("lcores"));
    const QList<int> lcores = parseKernelCpuList(lcoreText);
    if (!lcoreText.isEmpty() && lcores.isEmpty())
        return CliOutput::usageError(
            command, QStringLiteral("--lcores %1: expected a CPU list such as 0-1").arg(lcoreText));
    const QString kindName = parser.value(QStringLiteral("engine-kind"));
    const auto kind = engineKindFromName(kindName);
    if (!kind)
        return CliOutput::usageError(
            command, QStringLiteral("--engine-kind '%1': must be %2")
                         .arg(kindName, engineKindNames().join(QStringLiteral(" or "))));
    EngineLaunch launch;
    launch.kind = *kind;
    // Each kind's device option only, as for sweep and engine-info.
    const QString own =
        *kind == EngineKind::Pktgen ? QStringLiteral("device") : QStringLiteral("port");
    const QString other =
        *kind == EngineKind::Pktgen ? QStringLiteral("port") : QStringLiteral("device");
    if (parser.isSet(other))
        return CliOutput::usageError(command, QStringLiteral("--%1 does not go with --engine-kind "
                                                             "%2; name the device with --%3")
                                                  .arg(other, kindName, own));
    if (*kind == EngineKind::Pktgen)
        launch.device = parser.value(QStringLiteral("device"));
    else
        launch.vdevs = QStringList{parser.value(QStringLiteral("port"))};
    const QList<CheckResult> results =
        Checklist::builtIn().run(ProbeContext::forLaunch(launch, lcores));
    if (parser.isSet(QStringLiteral("json"))) {
        CliOutput::out() << QJsonDocument(CheckResult::toJsonArray(results)).toJson();
        return ExitOk;
    }
    TextTable table({QStringLiteral("STATUS"), QStringLiteral("ITEM"), QStringLiteral("CURRENT"),
                     QStringLiteral("RECOMMENDED")});
    QStringList fixes;
    for (const CheckResult &r : results) {
        table.addRow({checkStatusName(r.status), r.title,
                      r.status == CheckStatus::Unknown ? r.detail : r.current, r.recommended});
        if ((r.status == CheckStatus::Warn || r.status == CheckStatus::Fail) && !r.fix.isEmpty())
            fixes << QStringLiteral("  %1:").arg(r.title) << fixLines(r.fix);
    }
    CliOutput::out() << table.toString(terminalColumns);
    if (!fixes.isEmpty())
        CliOutput::out() << "\nTo fix:\n" << SafeText::lines(fixes.join(QLatin1Char('\n'))) << '\n';
    return ExitOk;
}

} // namespace burstlab
