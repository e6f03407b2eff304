#pragma once
// What the engine wrote through net_pcap, read back with libpcap, and the
// checks a receiver would make of each frame (tst_engine_pcap and
// tst_engine_pcap_tshark).
#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>

struct Frame {
    QByteArray bytes;
    quint32 wireLength = 0;
};

QList<Frame> readPcap(const QString &path);

quint16 be16(const QByteArray &b, int at);

// Checks one frame as a receiver would; returns an empty string when valid.
QString checkFrame(const QByteArray &f);

// The signature's step tag, stream and sequence number (docs/protocol.md).
struct Signature {
    quint8 step = 0;
    quint8 stream = 0;
    quint32 seq = 0;
};

Signature signatureOf(const QByteArray &f);

// Runs the steps one after the other on one net_pcap engine writing file
// (under /tmp: the engine writes captures only into the allow-listed
// pcap_dirs) and returns the capture's frames; empty when a step sent nothing.
QList<Frame> captureSteps(const QString &file, const QList<QJsonObject> &steps);
