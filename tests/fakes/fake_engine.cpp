// burstlab-fake-engine --fault MODE [--after-steps N] [any engine option...]
//
// Started through the real launcher (which passes engine options only), it
// takes the same settings from BURSTLAB_FAKE_FAULT and BURSTLAB_FAKE_AFTER_STEPS.
//
// Speaks just enough of protocol v2 to reach a fault, then commits it:
//   crash          after N good steps, the next step sends stats, then SIGKILLs itself
//   hang           after N good steps, the next step sends one stats line, then nothing
//   garbage        after N good steps, the next step answers a line that is not JSON
//   wrong-version  the hello says protocol 3
//   no-hello       says nothing at all (until stdin closes)
//   fatal          a fatal eal_init error, exit code 3
//   slow-ack       after N good steps, the next start's ack comes 3 s late,
//                  as a start that puts a host setting back; its step is good
// Started as the pktgen engine (--device IFNAME [--threads CPU]), its hello
// is a pktgen engine's, naming that device and CPU, so that a test sees
// what the launcher passed.
// BURSTLAB_FAKE_MARK=FILE: the hang writes there when (CLOCK_MONOTONIC ns)
// it sent its last stats line, so a test times the hang's detection from
// the engine's side of the pipe, not from when its own loop got around to it.
// Good steps are not measurements: their numbers are made up and only have
// the right shape. Tests of real behaviour use the real engine.
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <string>
#include <thread>

namespace {

struct Options {
    std::string fault;
    int afterSteps = 0;
    std::string device;  // set: speak as the pktgen engine
    std::string threads; // its --threads, one CPU here
};

void emit(const std::string &line) {
    std::cout << line << '\n' << std::flush;
}

long long numberAfter(const std::string &line, const std::string &key, long long fallback) {
    const auto at = line.find("\"" + key + "\":");
    if (at == std::string::npos)
        return fallback;
    return std::atoll(line.c_str() + at + key.size() + 3);
}

std::string field(const std::string &line, const std::string &key) {
    const auto at = line.find("\"" + key + "\":\"");
    if (at == std::string::npos)
        return {};
    const auto from = at + key.size() + 4;
    return line.substr(from, line.find('"', from) - from);
}

void pktgenHello(int protocol, const Options &o) {
    const std::string cpu = o.threads.empty() ? "1" : o.threads;
    emit("{\"type\":\"hello\",\"protocol\":" + std::to_string(protocol) +
         ",\"engine_kind\":\"pktgen\",\"engine_version\":\"0.0.0-fake\","
         "\"kernel_version\":\"6.1.0-fake\",\"pktgen_version\":\"Packet Generator for packet "
         "performance testing. Version: 2.75\",\"tsc_hz\":1000000000,"
         "\"tsc_calibration\":{\"source\":\"clock_monotonic\"},\"worker_cpus\":[" +
         cpu + "],\"ports\":[{\"role\":\"tx\",\"port_id\":0,\"name\":\"" + o.device +
         "\",\"driver\":\"dummy\",\"mac\":\"02:00:00:00:00:01\",\"link_speed_mbps\":0,"
         "\"link_up\":true,\"mtu\":1500}],\"limits\":{\"burst\":[1,512],"
         "\"clone\":[0,4294967295],\"pkt_size\":[60,1514],\"duration_ms\":[1,86400000],"
         "\"warmup_ms\":[0,0],\"stats_ms\":[10,10000]},\"defaults\":{\"burst\":1,\"clone\":0,"
         "\"pkt_size\":60,\"duration_ms\":1000,\"warmup_ms\":0,\"stats_ms\":100}}");
}

void hello(int protocol) {
    emit("{\"type\":\"hello\",\"protocol\":" + std::to_string(protocol) +
         ",\"engine_version\":\"0.0.0-fake\",\"dpdk_version\":\"none\",\"tsc_hz\":1000000000,"
         "\"main_lcore\":0,\"worker_lcores\":[1],\"numa_nodes\":1,\"ports\":[{\"role\":\"tx\","
         "\"port_id\":0,\"name\":\"fake0\",\"driver\":\"fake\",\"mac\":\"02:00:00:00:00:01\","
         "\"link_speed_mbps\":10000,\"link_up\":true,\"mtu\":1500}],\"limits\":{\"burst\":[1,512],"
         "\"clone\":[0,4294967295],\"pkt_size\":[60,1514],\"duration_ms\":[1,86400000],"
         "\"warmup_ms\":[0,86400000],"
         "\"stats_ms\":[10,10000]},\"defaults\":{\"burst\":32,\"clone\":0,\"pkt_size\":60,"
         "\"duration_ms\":1000,\"warmup_ms\":0,\"stats_ms\":100}}");
}

std::string counters(long long tNs) {
    const long long pkts = tNs / 100; // 10 Mpps
    return "\"t_ns\":" + std::to_string(tNs) + ",\"tx_pkts\":" + std::to_string(pkts) +
           ",\"tx_bytes\":" + std::to_string(pkts * 60) +
           ",\"tx_calls\":" + std::to_string(pkts / 32) +
           ",\"ring_full\":0,\"retries\":0,\"alloc_fail\":0,\"mbufs_built\":" +
           std::to_string(pkts);
}

void stats(long long id, long long tNs) {
    emit("{\"type\":\"stats\",\"id\":" + std::to_string(id) + "," + counters(tNs) +
         ",\"busy_cycles\":" + std::to_string(tNs) + "}");
}

void goodStep(long long id, long long durationMs, long long warmupMs) {
    const long long ns = durationMs * 1000000;
    for (long long t = ns / 4; t <= ns; t += ns / 4) {
        std::this_thread::sleep_for(std::chrono::nanoseconds(ns / 4));
        stats(id, t);
    }
    // The measured window: every packet after the warm-up, at the same 10 Mpps.
    const long long warmupNs = std::min(warmupMs, durationMs) * 1000000;
    const long long pkts = (ns - warmupNs) / 100;
    const std::string window =
        "\"tx_pkts\":" + std::to_string(pkts) + ",\"tx_bytes\":" + std::to_string(pkts * 60) +
        ",\"tx_calls\":" + std::to_string(pkts / 32) + ",\"start_ns\":" + std::to_string(warmupNs) +
        ",\"end_ns\":" + std::to_string(ns) + ",\"ns\":" + std::to_string(ns - warmupNs) +
        ",\"pps\":" + (pkts > 0 ? "10000000.0" : "0.0");
    emit("{\"type\":\"finished\",\"id\":" + std::to_string(id) + ",\"reason\":\"duration\"," +
         counters(ns).substr(counters(ns).find("\"tx_pkts\"")) +
         ",\"busy_cycles\":" + std::to_string(ns) + ",\"elapsed_ns\":" + std::to_string(ns) +
         ",\"pps\":10000000.0,\"ns_per_pkt\":100.0,\"bps_l2\":4800000000.0,"
         "\"bps_l1\":6720000000.0,\"cycles_per_pkt\":100.0,\"cpu_ns_per_pkt\":100.0,"
         "\"mbufs_in_use\":0,\"first_tx_ns\":1000,"
         "\"burst_hist\":[0,0,0,0,0,0,1,0,0,0,0],\"window\":{\"warmup_ms\":" +
         std::to_string(warmupMs) + ",\"lcores\":" + (pkts > 0 ? "1," : "0,") + window +
         ",\"ns_per_pkt\":" + (pkts > 0 ? "100.0" : "0.0") +
         ",\"bps_l2\":4800000000.0,\"bps_l1\":6720000000.0},\"lcores\":[{\"lcore\":1,"
         "\"queue\":0,\"window\":{" +
         window +
         "}}],\"params\":{\"pkt_size\":60,"
         "\"duration_ms\":" +
         std::to_string(durationMs) + ",\"warmup_ms\":" + std::to_string(warmupMs) + "}}");
}

void faultyStep(const Options &o, long long id) {
    if (o.fault == "garbage") {
        emit("this is not a protocol line");
        return;
    }
    if (const char *mark = std::getenv("BURSTLAB_FAKE_MARK")) {
        // Written before the line is sent: the client cannot see it earlier.
        timespec now{};
        clock_gettime(CLOCK_MONOTONIC, &now);
        std::ofstream(mark) << now.tv_sec * 1000000000LL + now.tv_nsec << '\n';
    }
    stats(id, 10000000);
    if (o.fault == "crash") {
        stats(id, 20000000);
        std::raise(SIGKILL);
    }
    // hang: a stuck engine answers nothing more and ignores its stdin
    for (;;)
        std::this_thread::sleep_for(std::chrono::seconds(1));
}

Options parse(int argc, char **argv) {
    Options o;
    if (const char *fault = std::getenv("BURSTLAB_FAKE_FAULT"))
        o.fault = fault;
    if (const char *after = std::getenv("BURSTLAB_FAKE_AFTER_STEPS"))
        o.afterSteps = std::atoi(after);
    for (int i = 1; i + 1 < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--fault")
            o.fault = argv[++i];
        else if (a == "--after-steps")
            o.afterSteps = std::atoi(argv[++i]);
        else if (a == "--device")
            o.device = argv[++i];
        else if (a == "--threads")
            o.threads = argv[++i];
    }
    return o;
}

} // namespace

int main(int argc, char **argv) {
    const Options o = parse(argc, argv);
    std::string line;
    if (o.fault == "no-hello") {
        while (std::getline(std::cin, line)) {
        }
        return 0;
    }
    if (o.fault == "fatal") {
        std::cerr << "EAL: Cannot get hugepage information." << std::endl;
        emit("{\"type\":\"error\",\"fatal\":true,\"code\":\"eal_init\",\"message\":\"EAL "
             "initialisation failed: no hugepages\"}");
        return 3;
    }
    const int protocol = o.fault == "wrong-version" ? 3 : 2;
    if (o.device.empty())
        hello(protocol);
    else
        pktgenHello(protocol, o);
    int steps = 0;
    while (std::getline(std::cin, line)) {
        const long long id = numberAfter(line, "id", -1);
        const std::string cmd = field(line, "cmd");
        const bool slow = o.fault == "slow-ack" && cmd == "start" && steps == o.afterSteps;
        if (slow)
            std::this_thread::sleep_for(std::chrono::seconds(3));
        emit("{\"type\":\"ack\",\"id\":" + std::to_string(id) + ",\"ok\":true}");
        if (cmd == "shutdown")
            return 0;
        if (cmd != "start")
            continue;
        if (steps++ < o.afterSteps || slow)
            goodStep(id, numberAfter(line, "duration_ms", 100), numberAfter(line, "warmup_ms", 0));
        else
            faultyStep(o, id);
    }
    return 0;
}
