#include "StepParams.h"

#include <cstdio>
#include <nlohmann/json.hpp>

namespace burstlab::engine {

namespace {

using nlohmann::json;

std::string typeName(const json &v) {
    if (v.is_number_float()) {
        // nlohmann reads 1.0, 1e2 and integers beyond 64 bits as floats
        return "a number in floating-point form (a fraction, an exponent, or beyond 64 bits)";
    }
    return v.type_name();
}

ProtocolError badType(const std::string &field, const std::string &want, const json &v) {
    return {"bad_type", field, field + " must be " + want + ", got " + typeName(v)};
}

template <typename T>
std::optional<ProtocolError> readInt(const std::string &field, const json &v, Range range, T &out) {
    const std::string want =
        "an integer in " + std::to_string(range.lo) + ".." + std::to_string(range.hi);
    if (!v.is_number_integer()) {
        return badType(field, "an integer", v);
    }
    // Compare in the JSON value's own signedness so huge values never wrap.
    const bool inRange =
        v.is_number_unsigned()
            ? v.get<uint64_t>() >= static_cast<uint64_t>(std::max<int64_t>(range.lo, 0)) &&
                  v.get<uint64_t>() <= static_cast<uint64_t>(range.hi)
            : v.get<int64_t>() >= range.lo && v.get<int64_t>() <= range.hi;
    if (!inRange) {
        return ProtocolError{"out_of_range", field,
                             field + " must be " + want + ", got " + echoed(v.dump())};
    }
    out = static_cast<T>(v.get<int64_t>());
    return std::nullopt;
}

std::optional<ProtocolError> readMac(const std::string &field, const json &v, Mac &out) {
    if (!v.is_string()) {
        return badType(field, "a string xx:xx:xx:xx:xx:xx", v);
    }
    const std::string s = v.get<std::string>();
    unsigned b[6];
    char tail = 0;
    if (s.size() != 17 || std::sscanf(s.c_str(), "%2x:%2x:%2x:%2x:%2x:%2x%c", &b[0], &b[1], &b[2],
                                      &b[3], &b[4], &b[5], &tail) != 6) {
        return ProtocolError{"out_of_range", field,
                             field + " must be a MAC address xx:xx:xx:xx:xx:xx, got " +
                                 echoed(v.dump())};
    }
    for (int i = 0; i < 6; ++i) {
        out[i] = static_cast<uint8_t>(b[i]);
    }
    return std::nullopt;
}

std::optional<ProtocolError> readIp(const std::string &field, const json &v, uint32_t &out) {
    if (!v.is_string()) {
        return badType(field, "a string a.b.c.d", v);
    }
    const std::string s = v.get<std::string>();
    unsigned b[4];
    char tail = 0;
    if (std::sscanf(s.c_str(), "%3u.%3u.%3u.%3u%c", &b[0], &b[1], &b[2], &b[3], &tail) != 4 ||
        b[0] > 255 || b[1] > 255 || b[2] > 255 || b[3] > 255) {
        return ProtocolError{"out_of_range", field,
                             field + " must be a dotted IPv4 address, got " + echoed(v.dump())};
    }
    out = (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3];
    return std::nullopt;
}

} // namespace

std::optional<ProtocolError> StepParams::apply(const json &cmd, const StepLimits &lim) {
    static constexpr Range kPort{0, 65535};
    for (const auto &[key, v] : cmd.items()) {
        std::optional<ProtocolError> err;
        if (key == "cmd" || key == "id") {
            continue;
        } else if (key == "burst") {
            err = readInt(key, v, lim.burst, burst);
        } else if (key == "clone") {
            err = readInt(key, v, lim.clone, clone);
        } else if (key == "pkt_size") {
            err = readInt(key, v, lim.pktSize, pktSize);
        } else if (key == "duration_ms") {
            err = readInt(key, v, lim.durationMs, durationMs);
            hasDuration = true;
        } else if (key == "warmup_ms") {
            err = readInt(key, v, lim.warmupMs, warmupMs);
        } else if (key == "count") {
            err = readInt(key, v, lim.count, count);
        } else if (key == "queues") {
            err = readInt(key, v, lim.queues, queues);
        } else if (key == "tx_desc") {
            err = readInt(key, v, lim.txDesc, txDesc);
            if (!err && txDesc % lim.txDescAlign != 0) {
                err = ProtocolError{"out_of_range", key,
                                    "tx_desc must be a multiple of " +
                                        std::to_string(lim.txDescAlign) + ", got " +
                                        echoed(v.dump())};
            }
        } else if (key == "rate_pps") {
            err = readInt(key, v, lim.ratePps, ratePps);
        } else if (key == "flows") {
            err = readInt(key, v, lim.flows, flows);
        } else if (key == "timestamp") {
            if (!v.is_boolean()) {
                err = badType(key, "true or false", v);
            } else {
                timestamp = v.get<bool>();
            }
        } else if (key == "stats_ms") {
            err = readInt(key, v, lim.statsMs, statsMs);
        } else if (key == "src_mac") {
            err = readMac(key, v, srcMac);
        } else if (key == "dst_mac") {
            err = readMac(key, v, dstMac);
        } else if (key == "src_ip") {
            err = readIp(key, v, srcIp);
        } else if (key == "dst_ip") {
            err = readIp(key, v, dstIp);
        } else if (key == "src_port") {
            err = readInt(key, v, kPort, srcPort);
        } else if (key == "dst_port") {
            err = readInt(key, v, kPort, dstPort);
        } else {
            err = ProtocolError{"unknown_field", echoed(key),
                                "unknown step parameter '" + echoed(key) + "'"};
        }
        if (err) {
            return err;
        }
    }
    return std::nullopt;
}

nlohmann::ordered_json StepParams::toJson() const {
    nlohmann::ordered_json j = {{"burst", burst},
                                {"clone", clone},
                                {"pkt_size", pktSize},
                                {"duration_ms", durationMs},
                                {"warmup_ms", warmupMs},
                                {"queues", queues},
                                {"tx_desc", txDesc},
                                {"rate_pps", ratePps},
                                {"flows", flows},
                                {"timestamp", timestamp},
                                {"stats_ms", statsMs},
                                {"src_mac", formatMac(srcMac)},
                                {"dst_mac", formatMac(dstMac)},
                                {"src_ip", formatIp(srcIp)},
                                {"dst_ip", formatIp(dstIp)},
                                {"src_port", srcPort},
                                {"dst_port", dstPort}};
    if (count != 0) {
        j["count"] = count;
    }
    return j;
}

std::string formatMac(const Mac &m) {
    char buf[18];
    std::snprintf(buf, sizeof buf, "%02x:%02x:%02x:%02x:%02x:%02x", m[0], m[1], m[2], m[3], m[4],
                  m[5]);
    return buf;
}

std::string formatIp(uint32_t ip) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "%u.%u.%u.%u", ip >> 24, (ip >> 16) & 255, (ip >> 8) & 255,
                  ip & 255);
    return buf;
}

} // namespace burstlab::engine
