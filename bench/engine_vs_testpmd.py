#!/usr/bin/env python3
"""Measure burstlab-engine against dpdk-testpmd on the same virtual device.

Both run on net_null0 with --no-huge memory of the same size, the default
mbuf size, 64-byte packets, one TX lcore and the same burst. Compared, in one
run and interleaved so a neighbour's load hits both alike:

  engine clone=0  vs  testpmd --forward-mode=txonly   (fresh mbufs, same work)
  engine clone=N  vs  testpmd txonly and --forward-mode=flowgen --flowgen-clones=N

at bursts 1, 8 and 32; then clone=0 against the floor under a fresh packet
(burstlab-tx-floors: raw mbufs handed to tx_burst, nothing written per
packet) at those bursts and 64, clone mode against the floors under a
refcount clone (one locked decrement per packet, and net_null's free of a
clone), clone=0 against clone=1 and small clone counts, the cost of stats
sampling (stats_ms 100 vs 1000) and the time to switch steps; and, given a
Pktgen-DPDK binary (--pktgen), clone=0 against Pktgen (pktgen_dpdk.py).
Prints Markdown tables. Standard library only (the floor program is built
with the engine, Pktgen's link shim with cc here); run as root or as a user
who may run DPDK with --no-huge.
"""

import argparse
import json
import os
import re
import select
import shutil
import statistics
import subprocess
import sys
import time

import pktgen_dpdk

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def median(values):
    """Median of the values that were measured (NaN = not measured)."""
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


def worker_cpu_ns(pid):
    """On-CPU time of a process's TX lcore thread (DPDK names it rte-worker-N).

    A shared machine time-slices the TX lcore; packets per second of on-CPU
    time are what the code costs, whatever the neighbours do.
    """
    task_dir = "/proc/%d/task" % pid
    for tid in os.listdir(task_dir):
        try:
            with open(os.path.join(task_dir, tid, "comm")) as f:
                if not f.read().startswith("rte-worker"):
                    continue
            with open(os.path.join(task_dir, tid, "schedstat")) as f:
                return int(f.read().split()[0])
        except OSError:
            continue
    raise RuntimeError("no rte-worker thread in %d" % pid)


class Engine:
    """One long-lived engine; steps are run one after another."""

    def __init__(self, path, lcores, memory_mb):
        self.proc = subprocess.Popen(
            [path, "--vdev", "net_null0", "--no-huge", "--memory-mb", str(memory_mb),
             "--lcores", lcores],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
            text=True, bufsize=1)
        self.pending = b""
        self.hello, _ = self.read("hello")
        self.next_id = 1

    def read(self, kind=None, timeout=60):
        """Next message (of a type, if given) and the time it was read.

        Lines are split here from raw reads of the pipe: select() on a
        buffered reader would miss lines already in its buffer.
        """
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while True:
            while b"\n" not in self.pending:
                ready, _, _ = select.select([fd], [], [], max(0, deadline - time.monotonic()))
                if not ready:
                    raise RuntimeError("engine: no %s within %s s" % (kind, timeout))
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise RuntimeError("engine exited")
                self.pending += chunk
            line, self.pending = self.pending.split(b"\n", 1)
            now = time.monotonic()
            msg = json.loads(line)
            if kind is None or msg["type"] == kind:
                return msg, now

    def send(self, command):
        sent = time.monotonic()
        self.proc.stdin.write(json.dumps(command) + "\n")
        self.proc.stdin.flush()
        return sent

    def step(self, **params):
        """Runs one step; returns (finished, timings)."""
        step_id = self.next_id
        self.next_id += 1
        cpu_before = worker_cpu_ns(self.proc.pid)
        sent = self.send(dict(cmd="start", id=step_id, **params))
        ack, ack_at = self.read("ack")
        if not ack["ok"]:
            raise RuntimeError("engine refused %s: %s" % (params, ack["error"]))
        first_stats_at = None
        while True:
            msg, at = self.read()
            if msg["type"] == "stats" and first_stats_at is None and msg["tx_pkts"] > 0:
                first_stats_at = at
            if msg["type"] == "finished" and msg["id"] == step_id:
                cpu_ns = worker_cpu_ns(self.proc.pid) - cpu_before
                return msg, dict(sent=sent, ack=ack_at, first_stats=first_stats_at, finished=at,
                                 cpu_ns=cpu_ns)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)


def testpmd_pps(args, burst, mode, clones=0):
    """(wall, on-CPU) packets per second of one testpmd run.

    Wall: the median of testpmd's periodic Tx-pps, the first period dropped.
    flowgen also polls RX, and net_null's RX makes a packet for every slot it
    is asked for: that receive work is part of what flowgen costs.
    On-CPU: all packets sent over the TX lcore's on-CPU time.
    """
    prefix = "bench-testpmd-%d" % os.getpid()
    cmd = [args.testpmd, "-l", args.lcores, "--no-huge", "-m", str(args.memory_mb), "--no-pci",
           "--vdev", "net_null0", "--file-prefix", prefix, "--no-telemetry", "--",
           "--forward-mode=" + mode, "--txpkts=%d" % args.pkt_size, "--burst=%d" % burst,
           "--total-num-mbufs=%d" % args.testpmd_mbufs, "--nb-cores=1", "--txq=1", "--rxq=1",
           "--stats-period=1"]
    if mode == "flowgen":
        cmd += ["--flowgen-clones=%d" % clones, "--flowgen-flows=1"]
    proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(args.duration_ms / 1000.0 + 1.5)
        proc.send_signal(2)
        # The TX lcore keeps sending until testpmd has acted on the signal:
        # its CPU time is read until the thread is gone.
        cpu_ns = 0
        while proc.poll() is None:
            try:
                cpu_ns = worker_cpu_ns(proc.pid)
            except (OSError, RuntimeError):
                break
            time.sleep(0.005)
        out, _ = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
        for base in ("/var/run/dpdk", os.path.join(os.environ.get("XDG_RUNTIME_DIR", "/tmp"), "dpdk")):
            shutil.rmtree(os.path.join(base, prefix), ignore_errors=True)
    rates = [int(x) for x in re.findall(r"Tx-pps:\s+(\d+)", out)]
    rates = [r for r in rates[1:] if r > 0]
    totals = re.findall(r"TX-packets:\s+(\d+)", out.split("Accumulated forward statistics")[-1])
    if not totals:
        raise RuntimeError("testpmd printed no totals:\n" + out[-2000:])
    return (median(rates) if rates else float("nan")), int(totals[0]) * 1e9 / cpu_ns


def engine_pps(engine, args, burst, clone, stats_ms=100):
    """(wall, on-CPU) packets per second of one engine step.

    Wall: the engine's measured window after a 200 ms warm-up, the rate
    burstlab stores. On-CPU: every packet of the step over the TX lcore's
    CPU time in it.
    """
    finished, t = engine.step(burst=burst, clone=clone, pkt_size=args.pkt_size,
                              duration_ms=args.duration_ms, warmup_ms=200, stats_ms=stats_ms,
                              **extra)
    assert finished["mbufs_in_use"] == 0, finished
    return finished["window"]["pps"], finished["tx_pkts"] * 1e9 / t["cpu_ns"]


def mpps(pps):
    if not pps or pps != pps:
        return "n/a"
    return "%.2f Mpps (%.1f ns)" % (pps / 1e6, 1e9 / pps)


def compare(engine, args):
    rows = []
    for burst in args.bursts:
        samples = {k: [] for k in ("e0", "tx", "eN", "fg")}
        for _ in range(args.reps):
            samples["e0"].append(engine_pps(engine, args, burst, 0))
            samples["tx"].append(testpmd_pps(args, burst, "txonly"))
            samples["eN"].append(engine_pps(engine, args, burst, args.clone))
            samples["fg"].append(testpmd_pps(args, burst, "flowgen", args.clone))
        wall = {k: median([w for w, _ in v]) for k, v in samples.items()}
        cpu = {k: median([c for _, c in v]) for k, v in samples.items()}
        rows.append((burst, wall, cpu))
        print("burst %d: wall %s cpu %s" % (burst, wall, cpu), file=sys.stderr)
    for title, index in (("packets per second of TX-lcore CPU time", 2),
                         ("packets per second of wall-clock time", 1)):
        print("\n%s:\n" % title)
        print("| burst | engine clone=0 | testpmd txonly | ratio | engine clone=%d | "
              "testpmd flowgen clones=%d | clone / txonly | clone / flowgen |"
              % (args.clone, args.clone))
        print("|---|---|---|---|---|---|---|---|")
        for row in rows:
            burst, m = row[0], row[index]
            print("| %d | %s | %s | %.2fx | %s | %s | %.2fx | %.2fx |" % (
                burst, mpps(m["e0"]), mpps(m["tx"]), m["e0"] / m["tx"], mpps(m["eN"]),
                mpps(m["fg"]), m["eN"] / m["tx"], m["eN"] / m["fg"]))


def tx_floors(args, burst):
    """{fresh_ns, lock_ns, driver_ns}: CPU ns per packet from burstlab-tx-floors."""
    out = subprocess.run([args.floor, "--burst", str(burst), "--ms", str(args.duration_ms),
                          "--pkt-size", str(args.pkt_size),
                          "--lcore", args.lcores.split("-")[-1].split(",")[-1]],
                         capture_output=True, text=True, timeout=120, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def fresh_floor(engine, args):
    """clone=0 against the fresh-packet floor, interleaved, CPU ns per packet.

    The floor takes raw mbufs and hands them to tx_burst, writing nothing per
    packet: what is left above it is the engine's own work (its stamps, its
    counters, its loop). Each round starts an engine of its own, as each floor
    run is a process of its own: where a process's pool and code land in the
    caches moves a figure by 10-20% at burst 1, so one long-lived engine
    against many floors would compare one placement with many. The ratio is
    each round's, its median printed.
    """
    del engine  # each round's own, see above
    bursts = sorted(set(args.bursts) | {64})
    eng = {b: [] for b in bursts}
    floor = {b: [] for b in bursts}
    ratio = {b: [] for b in bursts}
    for _ in range(args.reps):
        own = Engine(args.engine, args.lcores, args.memory_mb)
        try:
            for burst in bursts:
                e = 1e9 / window_pps(own, args, burst, 0)[1]
                f = tx_floors(args, burst)["fresh_ns"]
                eng[burst].append(e)
                floor[burst].append(f)
                ratio[burst].append(e / f)
        finally:
            own.close()
    print()
    print("| burst | engine clone=0 (CPU ns per packet) | fresh floor: get + tx_burst "
          "| engine / floor | the rounds' ratios, lowest..highest |")
    print("|---|---|---|---|---|")
    for burst in bursts:
        print("| %d | %.2f ns | %.2f ns | %.2fx | %.2fx..%.2fx |"
              % (burst, median(eng[burst]), median(floor[burst]), median(ratio[burst]),
                 min(ratio[burst]), max(ratio[burst])))


def clone_floor(engine, args, burst=32):
    """Clone mode against the floors under it, interleaved, CPU ns per packet.

    The engine's figure is its window's on-CPU rate, like the floors' tight
    loops timed by the thread's CPU clock; the ratios are each round's.
    """
    eng, lock, driver, to_lock, to_driver = [], [], [], [], []
    for _ in range(args.reps):
        e = 1e9 / window_pps(engine, args, burst, args.clone)[1]
        floors = tx_floors(args, burst)
        l, d = floors["lock_ns"], floors["driver_ns"]
        eng.append(e)
        lock.append(l)
        driver.append(d)
        to_lock.append(e / l)
        to_driver.append(e / d)
    print()
    print("| clone=%d, burst %d (CPU ns per packet) | engine | one locked decrement | "
          "net_null's free of a clone | engine / locked decrement | engine / net_null free |"
          % (args.clone, burst))
    print("|---|---|---|---|---|---|")
    print("| median of %d | %.2f ns | %.2f ns | %.2f ns | %.2fx | %.2fx |"
          % (args.reps, median(eng), median(lock), median(driver), median(to_lock),
             median(to_driver)))


def window_pps(engine, args, burst, clone, stats_ms=100, **extra):
    """(wall, on-CPU) packets per second of one engine step's measured window.

    Both are the engine's own figures over its window (window.pps and
    thread.cpu_pps): unlike the thread's schedstat around the whole step,
    they leave out the time the idle lcore spins until the client, slow to
    be scheduled on a busy host, reads the finished message.
    """
    finished, _ = engine.step(burst=burst, clone=clone, pkt_size=args.pkt_size,
                              duration_ms=args.duration_ms, warmup_ms=200, stats_ms=stats_ms)
    assert finished["mbufs_in_use"] == 0, finished
    return finished["window"]["pps"], finished["thread"]["cpu_pps"]


def clone_modes(engine, args, burst=32):
    """clone=0 against clone=1, 8, ... interleaved: CPU ns per packet each.

    clone=0 and clone=1 both send every mbuf once and must cost the same;
    clone=N sends each mbuf N times. The ratio to the first value is taken
    within each round (its steps run back to back, so a neighbour's load
    that changes over seconds hits them alike), then the median of the rounds.
    """
    samples = {c: [] for c in args.clones}
    ratios = {c: [] for c in args.clones}
    for rep in range(args.reps):
        # Each value goes first in turn: a neighbour's load that comes and
        # goes in step with the order would otherwise favour one of them.
        turn = rep % len(args.clones)
        rates = {}
        for c in args.clones[turn:] + args.clones[:turn]:
            rates[c] = window_pps(engine, args, burst, c)
            samples[c].append(rates[c])
        for c in args.clones:
            ratios[c].append(rates[c][1] / rates[args.clones[0]][1])
    print()
    print("| burst %d, %d rounds (the window's figures) | wall pps | on-CPU pps | "
          "on-CPU / clone=%d (median of the rounds' ratios) |"
          % (burst, args.reps, args.clones[0]))
    print("|---|---|---|---|")
    for c in args.clones:
        wall = median([w for w, _ in samples[c]])
        cpu = median([x for _, x in samples[c]])
        print("| clone=%d | %s | %s | %.3f |" % (c, mpps(wall), mpps(cpu), median(ratios[c])))


def sampling_cost(engine, args):
    """stats_ms --stats-ms (100) against 1000, in rounds as clone_modes() takes them."""
    fast, slow, costs = [], [], ([], [])
    for rep in range(args.reps + 2):
        pair = [None, None]
        for which in ((0, 1) if rep % 2 == 0 else (1, 0)):
            pair[which] = window_pps(engine, args, 32, 0, stats_ms=(1000, args.stats_ms)[which])
        slow.append(pair[0])
        fast.append(pair[1])
        for i in (0, 1):
            costs[i].append(100.0 * (pair[0][i] - pair[1][i]) / pair[0][i])
    print()
    print("| stats sampling (burst 32, clone=0; the window's figures) | wall pps | cost "
          "(median of the rounds') | on-CPU pps | cost (median of the rounds') |")
    print("|---|---|---|---|---|")
    s = [median([x[i] for x in slow]) for i in (0, 1)]
    f = [median([x[i] for x in fast]) for i in (0, 1)]
    print("| stats_ms=1000 (1 Hz) | %s | | %s | |" % (mpps(s[0]), mpps(s[1])))
    print("| stats_ms=%d (%g Hz) | %s | %+.2f%% | %s | %+.2f%% |" % (
        args.stats_ms, 1000.0 / args.stats_ms, mpps(f[0]), median(costs[0]), mpps(f[1]), median(costs[1])))


# Student's t, 97.5% quantile, by degrees of freedom (1..30); 1.96 beyond.
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
        2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
        2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def mean_interval(values):
    """The mean and its 95% interval (t) of paired differences."""
    n = len(values)
    mean = statistics.fmean(values)
    if n < 2:
        return mean, float("nan"), float("nan")
    half = (T975[n - 2] if n - 1 <= len(T975) else 1.96) * statistics.stdev(values) / n ** 0.5
    return mean, mean - half, mean + half


def profile_cost(engine, args):
    """Profiling's cost: profile_hz=0 against each rate of --profile-hz, in
    paired rounds (the two steps of a round back to back, their order
    alternating), burst 32 and clone 0 and the clone count of --clones' last.

    The cost of a round is (off - on) / off of the window's pps (wall) and
    of its on-CPU pps; printed are the rounds' median and the mean with its
    95% interval (t). The on-CPU figure is the one a neighbour's load does
    not move: it is the code's own cost.
    """
    if not engine.hello.get("profiling", {}).get("available"):
        print("\nprofiling: unavailable here (%s)" % engine.hello.get("profiling", {}).get("reason"))
        return
    print()
    print("| profiling (burst 32, %d paired rounds; the window's figures) | samples a step | "
          "wall cost: median | mean [95%% CI] | on-CPU cost: median | mean [95%% CI] |"
          % args.profile_rounds)
    print("|---|---|---|---|---|---|")
    for clone in (0, args.clones[-1]):
        for hz in args.profile_hz:
            costs = ([], [])
            samples = []
            for rep in range(args.profile_rounds):
                pair = [None, None]
                for which in ((0, 1) if rep % 2 == 0 else (1, 0)):
                    finished, _ = engine.step(burst=32, clone=clone, pkt_size=args.pkt_size,
                                              duration_ms=args.duration_ms, warmup_ms=200,
                                              profile_hz=(0, hz)[which])
                    pair[which] = (finished["window"]["pps"], finished["thread"]["cpu_pps"])
                    if which == 1:
                        samples.append(finished.get("profile", {}).get("samples", 0))
                for i in (0, 1):
                    costs[i].append(100.0 * (pair[0][i] - pair[1][i]) / pair[0][i])
            cells = []
            for i in (0, 1):
                mean, lo, hi = mean_interval(costs[i])
                cells += ["%+.2f%%" % median(costs[i]), "%+.2f%% [%+.2f, %+.2f]" % (mean, lo, hi)]
            print("| clone=%d, profile_hz=%d vs 0 | %d | %s |"
                  % (clone, hz, median(samples), " | ".join(cells)))


def step_switch(engine, args):
    first_tx, ack_lat, first_stats, switch = [], [], [], []
    last_finished_at = None
    for i in range(args.switch_steps):
        finished, t = engine.step(burst=32, clone=0, pkt_size=args.pkt_size, duration_ms=50,
                                  stats_ms=10)
        first_tx.append(finished["first_tx_ns"] / 1e6)
        ack_lat.append((t["ack"] - t["sent"]) * 1e3)
        if t["first_stats"] is not None:
            first_stats.append((t["first_stats"] - t["sent"]) * 1e3)
        if last_finished_at is not None:
            # From reading one finished to the next step's first packet: the
            # client's send, the engine's launch, the first tx_burst.
            switch.append((t["sent"] - last_finished_at) * 1e3 + finished["first_tx_ns"] / 1e6)
        last_finished_at = t["finished"]

    def row(name, v):
        print("| %s | %.3f | %.3f | %.3f |" % (name, median(v), min(v), max(v)))

    print()
    print("| step switch (%d steps of 50 ms) | median ms | min ms | max ms |" % args.switch_steps)
    print("|---|---|---|---|")
    row("start command read -> first packet sent (engine TSC)", first_tx)
    row("start written -> ack read (client)", ack_lat)
    row("finished read -> next step's first packet", switch)
    row("start written -> first stats read (stats_ms=10)", first_stats)


def against_pktgen(engine, args):
    """clone=0 against Pktgen-DPDK (bench/pktgen_dpdk.py), when given its binary."""
    if not args.pktgen:
        print("\nPktgen-DPDK: skipped, no --pktgen PATH (it is not a Debian package; "
              "docs/performance.md says how to build it).")
        return
    pktgen_dpdk.compare(args, lambda burst: window_pps(engine, args, burst, 0)[1], worker_cpu_ns)


PARTS = {"testpmd": compare, "fresh": fresh_floor, "floor": clone_floor, "clones": clone_modes,
         "sampling": sampling_cost, "profile": profile_cost, "switch": step_switch, "pktgen": against_pktgen}


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--engine", default=os.path.join(REPO, "build", "bin", "burstlab-engine"))
    p.add_argument("--testpmd", default=shutil.which("dpdk-testpmd") or "dpdk-testpmd")
    p.add_argument("--floor", help="burstlab-tx-floors (default: next to the engine)")
    p.add_argument("--lcores", default="0-1")
    p.add_argument("--memory-mb", type=int, default=512)
    p.add_argument("--pkt-size", type=int, default=64)
    p.add_argument("--bursts", type=lambda s: [int(x) for x in s.split(",")], default=[1, 8, 32])
    p.add_argument("--clone", type=int, default=100000)
    p.add_argument("--duration-ms", type=int, default=2000)
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--testpmd-mbufs", type=int, default=8192)
    p.add_argument("--stats-ms", type=int, default=100,
                   help="the fast stats period the sampling part sets against 1000 ms")
    p.add_argument("--switch-steps", type=int, default=20)
    p.add_argument("--profile-hz", type=lambda s: [int(x) for x in s.split(",")],
                   default=[997, 4999], help="profile rates to measure against none")
    p.add_argument("--profile-rounds", type=int, default=10)
    p.add_argument("--clones", type=lambda s: [int(x) for x in s.split(",")], default=[0, 1, 8],
                   help="clone values of the clone-modes table (default 0,1,8)")
    p.add_argument("--pktgen", help="a Pktgen-DPDK binary to measure clone=0 against "
                   "(optional: without it that table is skipped)")
    p.add_argument("--pktgen-memory-mb", type=int, default=1536,
                   help="Pktgen's --no-huge memory (its pools need more than the engine's)")
    p.add_argument("--pktgen-bursts", type=lambda s: [int(x) for x in s.split(",")],
                   default=[1, 8, 32, 64])
    p.add_argument("--parts", type=lambda s: s.split(","), default=list(PARTS),
                   help="what to measure, of %s (default: all)" % ",".join(PARTS))
    args = p.parse_args()
    if not args.floor:
        args.floor = os.path.join(os.path.dirname(os.path.abspath(args.engine)),
                                  "burstlab-tx-floors")

    engine = Engine(args.engine, args.lcores, args.memory_mb)
    try:
        print("engine %s, %s, net_null0, %d-byte packets, --no-huge -m %d, %d ms per point, "
              "median of %d\n" % (engine.hello["engine_version"], engine.hello["dpdk_version"],
                                  args.pkt_size, args.memory_mb, args.duration_ms, args.reps))
        for part in args.parts:
            PARTS[part](engine, args)
    finally:
        engine.close()


if __name__ == "__main__":
    main()
