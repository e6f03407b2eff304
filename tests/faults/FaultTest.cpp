#include "FaultTest.h"
#include "Processes.h"
#include <QStandardPaths>

namespace burstlab {

bool FaultTest::prepare() {
    QStandardPaths::setTestModeEnabled(true);
    if (Processes::becomeSubreaper())
        return true;
    qWarning("cannot become the subreaper of the processes this test starts");
    return false;
}

} // namespace burstlab
