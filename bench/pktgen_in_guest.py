"""burstlab's pktgen figures against pktgen driven by hand, in the test guest.

Both sides ask the same kernel's pktgen for the same step (dummy0, 60-byte
frames, clone_skb 0, one count per burst, the same kpktgend thread) in the
same boot of the guest, alternating which goes first from round to round:

- by hand: the control-file writes of pktgen's own sample scripts
  (add_device, count, pkt_size, burst, clone_skb, dst, dst_mac, start) and
  the rate of the Result line pktgen prints;
- burstlab: `burstlab-cli sweep --engine-kind pktgen` of that one point and
  one repetition, and the stored repetition's pps (`export --format json`).

Each round gives a ratio burstlab/by hand per burst; the table prints both
medians, the median ratio and its 95% bootstrap interval. The guest is
booted once per CPU count (--cpus 1,2): with 1 CPU every process of
burstlab shares the CPU kpktgend sends from, with 2 the engine sends from
CPU 1 and the rest may run on CPU 0.

  python3 bench/pktgen_in_guest.py [--build build] [--rounds 15] [--cpus 1,2]
      [--bursts 1,8,32] [--step-ms 300] [--icount 3]

The rates are the emulated CPU's, so they say nothing about a real host:
what is compared is the two ways of asking. By default a 1-CPU guest runs
with a fixed instruction count (--icount 3: QEMU's TCG on one host
thread, every instruction 8 ns of the guest's clocks), so a rate is the
instructions the guest executed, not how the host scheduled QEMU's
threads: without it, one round differs from the next by a third. A guest
of more CPUs cannot (QEMU 7.2 never starts its second CPU under a fixed
instruction count: tests/guest/run-in-guest.sh), so it runs all its CPUs
on one TCG thread with the host's clock: run it on a quiet host.
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PG = "/proc/net/pktgen"
DEVICE = "dummy0"


def pg_write(name, command):
    with open(os.path.join(PG, name), "w") as f:
        f.write(command + "\n")


def by_hand(thread, count, burst):
    """One pktgen step as the kernel's sample scripts do it: its Result pps."""
    pg_write("pgctrl", "reset")
    pg_write("kpktgend_%d" % thread, "add_device " + DEVICE)
    for command in ("count %d" % count, "pkt_size 60", "burst %d" % burst, "clone_skb 0",
                    "dst 198.18.0.2", "dst_mac 02:00:00:00:00:02"):
        pg_write(DEVICE, command)
    pg_write("pgctrl", "start")  # returns when the count is sent
    with open(os.path.join(PG, DEVICE)) as f:
        text = f.read()
    pg_write("pgctrl", "reset")
    # "Result: OK: 72062(c72043+d19) usec, 100000 (60byte,0frags)\n  1387675pps ..."
    result = text[text.index("Result: OK:"):].split()
    usec = int(result[2].split("(")[0])
    sent = int(result[4])
    return sent * 1e6 / usec


def by_burstlab(cli, db, count, burst):
    """One burstlab-cli sweep of the point: its stored repetition's pps."""
    run = subprocess.run([cli, "--db", db, "sweep", "--engine-kind", "pktgen", "--device", DEVICE,
                          "--sweep", "burst=%d" % burst, "--set", "count=%d" % count,
                          "--reps", "1", "--sequential", "--no-chart"],
                         capture_output=True, text=True, check=False)
    if run.returncode != 0:
        sys.exit("burstlab-cli sweep failed (%d): %s" % (run.returncode, run.stderr[-2000:]))
    exported = subprocess.run([cli, "--db", db, "runs", "--json", "--limit", "1"],
                              capture_output=True, text=True, check=True)
    run_id = json.loads(exported.stdout)[0]["id"]
    data = subprocess.run([cli, "--db", db, "export", "--format", "json", str(run_id)],
                          capture_output=True, text=True, check=True)
    steps = [s for s in json.loads(data.stdout)["runs"][0]["steps"] if s["status"] == "completed"]
    if len(steps) != 1:
        sys.exit("run %d has %d completed steps, not 1" % (run_id, len(steps)))
    return steps[0]["pps"]


def bootstrap_median(values, rounds=2000, seed=1):
    """The median and its 95% percentile bootstrap interval."""
    rng = random.Random(seed)
    medians = sorted(statistics.median(rng.choices(values, k=len(values))) for _ in range(rounds))
    return statistics.median(values), medians[int(0.025 * rounds)], medians[int(0.975 * rounds)]


def inside(args):
    """Runs in the guest as root: prints one JSON object of every figure."""
    subprocess.run(["ip", "link", "add", DEVICE, "type", "dummy"], check=False,
                   stderr=subprocess.DEVNULL)
    subprocess.run(["ip", "link", "set", DEVICE, "up"], check=True)
    cpus = sorted(int(n.split("_")[1]) for n in os.listdir(PG) if n.startswith("kpktgend_"))
    # The thread burstlab's engine takes by default: the first after CPU 0.
    thread = next((c for c in cpus if c > 0), cpus[0])
    cli = os.path.join(args.build, "bin", "burstlab-cli")
    db = os.path.join(tempfile.mkdtemp(), "runs.sqlite")
    bursts = [int(b) for b in args.bursts.split(",")]
    # A count per burst that lasts about step_ms at this guest's rate.
    counts = {b: max(10000, int(by_hand(thread, 20000, b) * args.step_ms / 1000)) for b in bursts}
    figures = {b: {"hand": [], "burstlab": []} for b in bursts}
    for r in range(args.rounds):
        for b in bursts:
            order = ("hand", "burstlab") if r % 2 == 0 else ("burstlab", "hand")
            for who in order:
                pps = (by_hand(thread, counts[b], b) if who == "hand"
                       else by_burstlab(cli, db, counts[b], b))
                figures[b][who].append(pps)
        print("round %d of %d done" % (r + 1, args.rounds), file=sys.stderr, flush=True)
    print(json.dumps({"cpus": len(cpus), "thread": thread, "counts": counts, "figures": figures}))


def outside(args):
    """Boots the guest once per CPU count and prints the table."""
    run_in_guest = os.path.join(ROOT, "tests", "guest", "run-in-guest.sh")
    print("| CPUs | guest clock | burst | count | by hand, median pps | burstlab, median pps | "
          "burstlab / by hand (median of rounds) | 95% interval | each round's ratio |")
    print("|---|---|---|---|---|---|---|---|---|")
    for cpus in args.cpus.split(","):
        env = dict(os.environ)
        if args.icount >= 0 and cpus == "1":
            env["BURSTLAB_GUEST_ICOUNT"] = str(args.icount)
            clock = "icount %d" % args.icount
        elif args.icount >= 0:
            env["BURSTLAB_GUEST_ACCEL"] = "tcg,thread=single"
            clock = "host's, one TCG thread"
        else:
            clock = "host's, a TCG thread per CPU"
        command = [run_in_guest, "--cpus", cpus, "--timeout", "7200", "--", sys.executable,
                   os.path.abspath(__file__), "--inside", "--build", os.path.abspath(args.build),
                   "--rounds", str(args.rounds), "--bursts", args.bursts,
                   "--step-ms", str(args.step_ms)]
        done = subprocess.run(command, stdout=subprocess.PIPE, text=True, check=True, env=env)
        result = json.loads(done.stdout.strip().splitlines()[-1])
        for b, f in sorted(result["figures"].items(), key=lambda kv: int(kv[0])):
            ratios = [x / y for x, y in zip(f["burstlab"], f["hand"])]
            median, lo, hi = bootstrap_median(ratios)
            print("| %s | %s | %s | %d | %.0f | %.0f | %.4f | %.4f..%.4f | %s |"
                  % (cpus, clock, b, result["counts"][b], statistics.median(f["hand"]),
                     statistics.median(f["burstlab"]), median, lo, hi,
                     " ".join("%.3f" % r for r in ratios)), flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--cpus", default="1,2")
    parser.add_argument("--bursts", default="1,8,32")
    parser.add_argument("--step-ms", type=int, default=300)
    parser.add_argument("--icount", type=int, default=3,
                        help="QEMU's fixed instruction count of a 1-CPU guest, 2^N ns an "
                             "instruction of the guest's clocks (-1: none, the host's time and "
                             "a TCG thread per CPU for every guest)")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    (inside if args.inside else outside)(args)


if __name__ == "__main__":
    main()
