#include "PcapCapture.h"

#include "EngineProcess.h"

#include <pcap/pcap.h>

QList<Frame> readPcap(const QString &path) {
    char err[PCAP_ERRBUF_SIZE];
    pcap_t *p = pcap_open_offline(path.toLocal8Bit().constData(), err);
    if (!p) {
        qWarning("pcap_open_offline: %s", err);
        return {};
    }
    QList<Frame> frames;
    pcap_pkthdr *hdr = nullptr;
    const u_char *data = nullptr;
    while (pcap_next_ex(p, &hdr, &data) == 1) {
        frames.append(
            {QByteArray(reinterpret_cast<const char *>(data), int(hdr->caplen)), hdr->len});
    }
    pcap_close(p);
    return frames;
}

namespace {

quint32 sum16(const QByteArray &b, int from, int length) {
    quint32 s = 0;
    for (int i = 0; i + 1 < length; i += 2) {
        s += (quint8(b[from + i]) << 8) | quint8(b[from + i + 1]);
    }
    if (length % 2) {
        s += quint8(b[from + length - 1]) << 8;
    }
    return s;
}

quint16 fold(quint32 s) {
    while (s >> 16) {
        s = (s & 0xffff) + (s >> 16);
    }
    return quint16(s);
}

} // namespace

quint16 be16(const QByteArray &b, int at) {
    return quint16((quint8(b[at]) << 8) | quint8(b[at + 1]));
}

QString checkFrame(const QByteArray &f) {
    if (f.size() < 42 || be16(f, 12) != 0x0800) {
        return "not IPv4";
    }
    if (quint8(f[14]) != 0x45 || quint8(f[23]) != 17) {
        return "not a plain IPv4/UDP header";
    }
    if (be16(f, 16) != f.size() - 14 || be16(f, 38) != f.size() - 34) {
        return "length fields do not match the frame";
    }
    if (fold(sum16(f, 14, 20)) != 0xffff) {
        return "bad IPv4 header checksum";
    }
    if (be16(f, 40) != 0) {
        return "UDP checksum set (the engine sends 0, none)";
    }
    if (f.mid(42, 4) != QByteArray::fromHex("be9be955")) {
        return "no signature magic";
    }
    return {};
}

Signature signatureOf(const QByteArray &f) {
    return {quint8(f[54]), quint8(f[55]), (quint32(be16(f, 56)) << 16) | be16(f, 58)};
}

QList<Frame> captureSteps(const QString &file, const QList<QJsonObject> &steps) {
    EngineProcess engine(EngineProcess::vdevArgs("net_pcap0,tx_pcap=" + file));
    if (!engine.start()) {
        qWarning("%s", engine.stderrText().constData());
        return {};
    }
    bool sent = true;
    for (const QJsonObject &params : steps) {
        sent = sent && engine.runStep(params).value("tx_pkts").toInteger() > 0;
    }
    // The capture file is complete once the port is closed.
    engine.send({{"cmd", "shutdown"}, {"id", 1}});
    if (!engine.waitForExit(5000) || !sent) {
        return {};
    }
    return readPcap(file);
}
