#include "CliOutput.h"
#include "CliParser.h"
#include "Commands.h"
#include "ExitCode.h"
#include "TextTable.h"
#include "exchange/ShellText.h"
#include "host/CheckResult.h"
#include "host/Checklist.h"
#include "host/CpuList.h"
#include "util/SafeText.h"

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
    parser.addOption({QStringLiteral("lcores"),
                      QStringLiteral("The CPUs that transmit, e.g. 1-2 (default: judge all CPUs; "
                                     "fixes name the engine's default TX lcores)."),
                      QStringLiteral("LIST")});
    if (const auto code = parser.parse(args, 0, 0))
        return *code;
    const QString lcoreText = parser.value(QStringLiteral("lcores"));
    const QList<int> lcores = parseCpuList(lcoreText);
    if (!lcoreText.isEmpty() && lcores.isEmpty())
        return CliOutput::usageError(
            command, QStringLiteral("--lcores %1: expected a CPU list such as 0-1").arg(lcoreText));
    const QList<CheckResult> results = Checklist::builtIn().run(
        ProbeContext::forPort(parser.value(QStringLiteral("port")), lcores));
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
