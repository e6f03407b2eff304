#include "NetNamespace.h"

#include <QCoreApplication>
#include <QProcess>

NetNamespace::NetNamespace()
    : m_name(QString("burstlab-test-%1").arg(QCoreApplication::applicationPid())) {}

NetNamespace::~NetNamespace() {
    if (m_created) {
        run({"ip", "netns", "del", m_name});
    }
}

bool NetNamespace::create() {
    m_created = run({"ip", "netns", "add", m_name});
    return m_created &&
           run(exec() + QStringList{"sh", "-c",
                                    "echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6 && "
                                    "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6"});
}

bool NetNamespace::run(const QStringList &command) {
    QProcess p;
    p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    p.start(command.first(), command.mid(1));
    return p.waitForFinished(10000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

bool NetNamespace::ip(const QStringList &args) const {
    return run(QStringList{"ip", "-n", m_name} + args);
}
