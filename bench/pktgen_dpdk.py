"""burstlab's fresh path (clone=0) against Pktgen-DPDK, for engine_vs_testpmd.py.

Pktgen-DPDK is not a Debian package: it runs only when the bench is given a
binary (--pktgen PATH), built from source against the system's DPDK with Lua
(docs/performance.md says which tag). It runs on net_null0 with its RX off
(no-rx=1: its TX lcore also polls RX, and net_null's RX would hand it a
packet for every slot), --no-huge -m 1536 (its pools need it), screen off,
the engine's frame size at 100% rate, and an LD_PRELOAD shim
(link_speed_shim.c, compiled here) reporting net_null's 10G link as 400G,
so that Pktgen does not pace itself to 14.88 Mpps; its code is unchanged.
Both sides are packets per second of their TX lcore thread's CPU time.
"""

import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

SHIM_SOURCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "link_speed_shim.c")

# Read by Pktgen at start (-f): set port 0 up and start it; the bench then
# measures from outside while it sends, and quits it through its CLI.
SCRIPT = """pktgen.screen("off")
pktgen.set("0", "size", %d)
pktgen.set("0", "burst", %d)
pktgen.set("0", "rate", 100)
pktgen.start("0")
"""

RUNTIME_BASES = ("/var/run/dpdk", os.path.join(os.environ.get("XDG_RUNTIME_DIR", "/tmp"), "dpdk"))


def build_shim(workdir):
    """Compiles the link-speed shim against the system DPDK's headers."""
    cflags = subprocess.run(["pkg-config", "--cflags", "libdpdk"], capture_output=True,
                            text=True, check=True).stdout.split()
    shim = os.path.join(workdir, "link_speed_shim.so")
    subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-Wall", "-Wextra", "-Werror"] + cflags +
                   [SHIM_SOURCE, "-o", shim, "-ldl"], check=True)
    return shim


class Telemetry:
    """net_null0's TX packet count, from DPDK's telemetry socket in Pktgen.

    The count is read by the bench at the same moment as the TX thread's CPU
    time, so both cover the same window. Pktgen's own figures (its Lua
    pktgen.portStats) are a copy its timer thread takes once a second, up to a
    second old, which no window of CPU time could be matched with.
    """

    def __init__(self, prefix, timeout):
        deadline = time.monotonic() + timeout
        self.sock = None
        while self.sock is None:
            for base in RUNTIME_BASES:
                path = os.path.join(base, prefix, "dpdk_telemetry.v2")
                if os.path.exists(path):
                    sock = socket.socket(socket.AF_UNIX, socket.SOCK_SEQPACKET)
                    try:
                        sock.connect(path)
                    except OSError:
                        sock.close()
                        continue
                    self.max_len = json.loads(sock.recv(4096))["max_output_len"]
                    self.sock = sock
                    break
            else:
                if time.monotonic() > deadline:
                    raise RuntimeError("Pktgen opened no telemetry socket within %s s" % timeout)
                time.sleep(0.05)

    def tx_packets(self):
        """0 until port 0 exists (telemetry can answer before the port is made)."""
        self.sock.send(b"/ethdev/stats,0")
        stats = json.loads(self.sock.recv(self.max_len))["/ethdev/stats"]
        return stats["opackets"] if stats else 0

    def close(self):
        self.sock.close()


def pktgen_cpu_pps(args, shim, workdir, burst, thread_cpu_ns):
    """Packets per second of the TX lcore's CPU time of one Pktgen run.

    After the first packet and the same 200 ms warm-up as the engine's, the
    window is --duration-ms; the TX lcore is DPDK's rte-worker thread.
    """
    script = os.path.join(workdir, "burst%d.lua" % burst)
    with open(script, "w") as f:
        # Pktgen's size counts the 4-byte FCS, the engine's pkt_size does not:
        # both hand the driver mbufs of pkt_size bytes.
        f.write(SCRIPT % (args.pkt_size + 4, burst))
    prefix = "bench-pktgen-%d" % os.getpid()
    tx_lcore = args.lcores.split("-")[-1].split(",")[-1]
    cmd = [args.pktgen, "-l", args.lcores, "--no-huge", "-m", str(args.pktgen_memory_mb),
           "--no-pci", "--vdev", "net_null0,no-rx=1", "--file-prefix", prefix, "--",
           "-f", script, "-m", "%s.0" % tx_lcore]
    log = open(os.path.join(workdir, "pktgen.log"), "w")
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=log, stderr=subprocess.STDOUT,
                            env=dict(os.environ, LD_PRELOAD=shim), text=True)
    telemetry = None
    try:
        telemetry = Telemetry(prefix, timeout=60)
        deadline = time.monotonic() + 30
        while telemetry.tx_packets() == 0:
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                with open(log.name, errors="replace") as f:
                    raise RuntimeError("Pktgen sent nothing:\n" + f.read()[-2000:])
            time.sleep(0.05)
        time.sleep(0.2)
        cpu0, pkts0, wall0 = thread_cpu_ns(proc.pid), telemetry.tx_packets(), time.monotonic()
        time.sleep(args.duration_ms / 1000.0)
        cpu1, pkts1, wall1 = thread_cpu_ns(proc.pid), telemetry.tx_packets(), time.monotonic()
        print("pktgen burst %d: %.2f Mpps of CPU time, %.2f Mpps of wall-clock time"
              % (burst, (pkts1 - pkts0) * 1e3 / (cpu1 - cpu0),
                 (pkts1 - pkts0) / (wall1 - wall0) / 1e6), file=sys.stderr)
        return (pkts1 - pkts0) * 1e9 / (cpu1 - cpu0)
    finally:
        if telemetry:
            telemetry.close()
        stop(proc)
        log.close()
        for base in RUNTIME_BASES:
            shutil.rmtree(os.path.join(base, prefix), ignore_errors=True)


def stop(proc):
    """Quits Pktgen through its CLI, as a user would; kills it if it hangs."""
    try:
        proc.stdin.write("quit\n")
        proc.stdin.close()
        proc.wait(timeout=20)
    except (OSError, subprocess.TimeoutExpired):
        proc.kill()
        proc.wait()


def compare(args, engine_cpu_pps, thread_cpu_ns):
    """clone=0 against Pktgen at each burst, interleaved, median of --reps.

    Each round runs both back to back, taking turns at going first, and the
    ratio is the median of the rounds' ratios: a neighbour's load that
    changes over seconds hits both sides of a round alike.
    """
    workdir = tempfile.mkdtemp(prefix="bench-pktgen-")
    try:
        shim = build_shim(workdir)
        rows = []
        for burst in args.pktgen_bursts:
            engine, pktgen, ratios = [], [], []
            for rep in range(args.reps):
                pair = [None, None]
                for which in ((0, 1) if rep % 2 == 0 else (1, 0)):
                    pair[which] = (engine_cpu_pps(burst) if which == 0 else
                                   pktgen_cpu_pps(args, shim, workdir, burst, thread_cpu_ns))
                engine.append(pair[0])
                pktgen.append(pair[1])
                ratios.append(pair[0] / pair[1])
            rows.append((burst, statistics.median(engine), statistics.median(pktgen),
                         statistics.median(ratios)))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    print()
    print("| burst | burstlab clone=0 (CPU Mpps) | Pktgen-DPDK (CPU Mpps) | ratio |")
    print("|---|---|---|---|")
    for burst, engine, pktgen, ratio in rows:
        print("| %d | %.1f | %.1f | %.2fx |" % (burst, engine / 1e6, pktgen / 1e6, ratio))
