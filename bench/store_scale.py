#!/usr/bin/env python3
"""Time burstlab-cli and the GUI on a run store of 10 and of 10,000 runs.

One real run is measured first (burstlab-cli sweep on net_null0, burst=1..13
with 3 repetitions: 39 steps with their samples), then copied inside SQLite
into a store of --small runs and one of --runs runs, each copy with its own
ids and a creation time one minute after the previous one. On both stores
the script times, with wall-clock time and the peak resident set size of the
process (GNU time's maximum resident set size):

  burstlab-cli runs                      (the default listing)
  burstlab-cli runs --all                (every run; skipped if unknown)
  burstlab-cli show LAST                 (the newest run)
  burstlab-cli compare 1 MIDDLE LAST     (three runs)
  burstlab --quit-after-open             (window shown, runs listed, first
                                          event loop pass, exit; offscreen)

and prints a Markdown table with the median wall time and the largest peak
RSS of --repeat timed runs (after one untimed run, so that every figure is
taken with the store in the page cache). Standard library only.

With --postgresql URI (a libpq URI of a server, whose database part is
ignored) the stores are databases of that server instead, runs_10 and
runs_10000 (dropped and made again, so never a lab's own): the seed run is
sent there with `burstlab-cli store copy` and copied inside the server with
psql, as inside SQLite, then analysed as autovacuum would. The stores
are copied with whatever schema the given burstlab-cli writes, so the same
script measures an older build for comparison (--gui of a build without
--quit-after-open is reported as such).
"""

import argparse
import os
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse

TIME = "/usr/bin/time"  # GNU time (Debian package time)
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(REPO, "build", "bin")


def measure(cmd, env=None):
    """(wall seconds, peak RSS in MiB, exit code, stdout) of one process.

    The peak RSS comes from /usr/bin/time: a child of this Python process
    would report at least this process's own size (it is forked from it).
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as rss:
        start = time.monotonic()
        code = subprocess.call([TIME, "-f", "%M", "-o", rss.name] + cmd,
                               stdin=subprocess.DEVNULL, stdout=out, stderr=err, env=env)
        wall = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        if code != 0:
            sys.stderr.write(err.read().decode(errors="replace"))
        lines = rss.read().split()
        peak_kib = int(lines[-1]) if lines and lines[-1].isdigit() else 0
        return wall, peak_kib / 1024.0, code, out.read()


def seed_store(args, work):
    """A store holding one real run; its path."""
    if args.seed:
        return args.seed
    path = os.path.join(work, "seed.sqlite")
    cmd = [args.cli, "--db", path, "sweep", "--vdev", "net_null0", "--sweep", "burst=1..13",
           "--reps", "3", "--duration-ms", str(args.duration_ms), "--label", "baseline"]
    print("measuring the seed run: %s" % " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    return path


def columns(db, table):
    return [row[1] for row in db.execute("PRAGMA table_info(%s)" % table)]


def build_store(seed, path, runs):
    """A copy of seed whose first run is repeated until the store holds runs runs."""
    for suffix in ("", "-wal", "-shm"):
        if os.path.exists(path + suffix):
            os.remove(path + suffix)
    src = sqlite3.connect(seed)
    src.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    src.close()
    shutil.copyfile(seed, path)
    db = sqlite3.connect(path, isolation_level=None)
    (seed_id, count), = db.execute("SELECT min(id), count(*) FROM runs")
    if count != 1:
        raise SystemExit("%s holds %d runs, not one" % (seed, count))
    (step_span,), = db.execute("SELECT coalesce(max(id), 0) FROM steps")
    tables = [t for (t,) in db.execute("SELECT name FROM sqlite_schema WHERE type = 'table'")]
    db.execute("BEGIN")
    db.execute("CREATE TEMP TABLE k (n INTEGER PRIMARY KEY)")
    db.execute("WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) "
               "INSERT INTO k SELECT n FROM c", (runs - 1,))

    def copy(table, replace, where):
        """Copy the seed's rows of table once per k.n, replacing some columns."""
        cols = columns(db, table)
        exprs = [replace.get(c, c) for c in cols]
        db.execute("INSERT INTO %s (%s) SELECT %s FROM %s, k WHERE %s" %
                   (table, ", ".join(cols), ", ".join(exprs), table, where))

    copy("runs", {"id": "runs.id + k.n", "owner": "''",
                  "created": "strftime('%Y-%m-%dT%H:%M:%fZ', created, '+' || k.n || ' minutes')"},
         "runs.id = %d" % seed_id)
    for table in tables:
        if table in ("runs", "steps", "samples") or table.startswith("sqlite_"):
            continue
        cols = columns(db, table)
        if "run_id" in cols:
            # a row id of its own (load samples) is given afresh to each copy
            replace = {"run_id": "%s.run_id + k.n" % table}
            if "id" in cols:
                replace["id"] = "NULL"
            copy(table, replace, "%s.run_id = %d" % (table, seed_id))
    copy("steps", {"id": "steps.id + k.n * %d" % step_span, "run_id": "steps.run_id + k.n"},
         "steps.run_id = %d" % seed_id)
    copy("samples", {"id": "NULL", "step_id": "samples.step_id + k.n * %d" % step_span},
         "samples.step_id IN (SELECT id FROM steps WHERE run_id = %d)" % seed_id)
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    counts = {t: db.execute("SELECT count(*) FROM %s" % t).fetchone()[0]
              for t in ("runs", "steps", "samples")}
    db.close()
    return counts


def database_uri(uri, name):
    """uri naming database name instead of its own."""
    parts = urllib.parse.urlsplit(uri)
    return urllib.parse.urlunsplit(parts._replace(path="/" + name))


def psql(uri, sql):
    """Rows of sql run by psql on uri, as lists of text."""
    out = subprocess.run(["psql", "-X", "-q", "-At", "-F", "\t", "-v", "ON_ERROR_STOP=1",
                          "-d", uri, "-c", sql], check=True, stdout=subprocess.PIPE).stdout
    return [line.split("\t") for line in out.decode().splitlines() if line]


def build_postgres_store(args, seed, runs):
    """A database of the server at args.postgresql holding seed's one run runs times; its URI."""
    name = "runs_%d" % runs
    admin = database_uri(args.postgresql, "postgres")
    psql(admin, "DROP DATABASE IF EXISTS %s" % name)
    psql(admin, "CREATE DATABASE %s" % name)
    uri = database_uri(args.postgresql, name)
    subprocess.run([args.cli, "store", "copy", seed, uri], check=True, stdout=subprocess.DEVNULL)
    (seed_id, count), = psql(uri, "SELECT min(id), count(*) FROM runs")
    if count != "1":
        raise SystemExit("%s holds %s runs, not one" % (seed, count))
    (step_span,), = psql(uri, "SELECT coalesce(max(id), 0) FROM steps")
    tables = [t for (t,) in psql(uri, "SELECT table_name FROM information_schema.tables "
                                      "WHERE table_schema = 'public'")]

    def cols(table):
        return [c for (c,) in psql(uri, "SELECT column_name FROM information_schema.columns "
                                        "WHERE table_name = '%s' ORDER BY ordinal_position"
                                        % table)]

    def copy(table, replace, where):
        """The seed's rows of table once per k, some columns replaced (an id
        replaced by None is given afresh)."""
        names = [c for c in cols(table) if replace.get(c, c) is not None]
        exprs = [replace.get(c, c) for c in names]
        return ("INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM %s, "
                "generate_series(1, %d) k WHERE %s;" %
                (table, ", ".join(names), ", ".join(exprs), table, runs - 1, where))

    sql = [copy("runs", {"id": "runs.id + k", "owner": "''",
                         "created": "to_char((created::timestamptz + k * interval '1 minute') "
                                    "AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"},
                "runs.id = %s" % seed_id)]
    for table in tables:
        if table in ("runs", "steps", "samples") or "run_id" not in cols(table):
            continue
        sql.append(copy(table, {"run_id": "%s.run_id + k" % table, "id": None},
                        "%s.run_id = %s" % (table, seed_id)))
    sql.append(copy("steps", {"id": "steps.id + k * %s" % step_span,
                              "run_id": "steps.run_id + k"}, "steps.run_id = %s" % seed_id))
    sql.append(copy("samples", {"id": None, "step_id": "samples.step_id + k * %s" % step_span},
                    "samples.step_id IN (SELECT id FROM steps WHERE run_id = %s)" % seed_id))
    # The copies' explicit ids are behind the identities: a new row goes after them.
    for table in ("runs", "steps"):
        sql.append("SELECT setval(pg_get_serial_sequence('%s', 'id'), max(id)) FROM %s;" %
                   (table, table))
    psql(uri, "BEGIN; %s COMMIT;" % " ".join(sql))
    psql(uri, "VACUUM ANALYZE")
    counts = {t: int(psql(uri, "SELECT count(*) FROM %s" % t)[0][0])
              for t in ("runs", "steps", "samples")}
    (size,), = psql(uri, "SELECT pg_database_size(current_database())")
    return uri, counts, int(size) / 1e6


def figures(args, store, runs):
    """{name: (median wall s, max peak RSS MiB, note)} for one store."""
    ids = ["1", str(max(1, (runs + 1) // 2)), str(runs)]
    commands = [
        ("runs", [args.cli, "--db", store, "runs"]),
        ("runs --all", [args.cli, "--db", store, "runs", "--all"]),
        ("show %s" % ids[2], [args.cli, "--db", store, "show", ids[2]]),
        ("compare %s" % " ".join(ids), [args.cli, "--db", store, "compare"] + ids),
    ]
    env = dict(os.environ)
    if args.gui:
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
        commands.append(("GUI open", [args.gui, "--db", store, "--quit-after-open"]))
    result = {}
    for name, cmd in commands:
        walls, rss, note = [], 0.0, ""
        for i in range(args.repeat + 1):
            wall, peak, code, out = measure(cmd, env)
            if code != 0:
                note = "exit %d" % code
                break
            if i == 0:
                if name == "GUI open":
                    note = out.decode(errors="replace").strip()
                continue
            walls.append(wall)
            rss = max(rss, peak)
        result[name] = (statistics.median(walls) if walls else None, rss, note)
    return result


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--cli", default=os.path.join(BIN, "burstlab-cli"))
    p.add_argument("--gui", default=os.path.join(BIN, "burstlab"),
                   help="the GUI; '' to skip it")
    p.add_argument("--runs", type=int, default=10000)
    p.add_argument("--small", type=int, default=10)
    p.add_argument("--duration-ms", type=int, default=1000,
                   help="step duration of the seed run")
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--seed", help="a store with one run to copy instead of measuring one")
    p.add_argument("--work", help="keep the stores in this folder (default: a temporary one)")
    p.add_argument("--postgresql", metavar="URI",
                   help="measure databases of this PostgreSQL server instead of SQLite files")
    args = p.parse_args()
    if args.runs < 3 or args.small < 3:
        p.error("--runs and --small must be at least 3")
    if args.gui and not os.access(args.gui, os.X_OK):
        print("no GUI at %s: skipped" % args.gui, file=sys.stderr)
        args.gui = ""
    work = args.work or tempfile.mkdtemp(prefix="burstlab-store-scale-")
    os.makedirs(work, exist_ok=True)
    seed = seed_store(args, work)
    table = {}
    sizes = {}
    for runs in (args.small, args.runs):
        started = time.monotonic()
        if args.postgresql:
            store, counts, mb = build_postgres_store(args, seed, runs)
        else:
            store = os.path.join(work, "runs-%d.sqlite" % runs)
            counts = build_store(seed, store, runs)
            mb = os.path.getsize(store) / 1e6
        print("built %s: %d runs, %d steps, %d samples, %.0f MB in %.0f s" %
              (store, counts["runs"], counts["steps"], counts["samples"], mb,
               time.monotonic() - started), file=sys.stderr)
        sizes[runs] = (counts, mb)
        table[runs] = figures(args, store, runs)
    small, large = table[args.small], table[args.runs]
    print("| command | %d runs: wall | peak RSS | %d runs: wall | peak RSS |" %
          (args.small, args.runs))
    print("|---|---|---|---|---|")
    for (name, a), (name_large, b) in zip(small.items(), large.items()):
        def cell(f):
            if f[0] is None:
                return "n/a (%s) | -" % f[2]
            return "%.3f s | %.1f MiB" % (f[0], f[1])
        print("| `%s` / `%s` | %s | %s |" % (name, name_large, cell(a), cell(b)))
    for name, (wall, rss, note) in large.items():
        if note and wall is not None:
            print("%s on %d runs printed: %s" % (name, args.runs, note))
    for runs, (counts, mb) in sizes.items():
        print("store of %d runs: %d steps, %d samples, %.0f MB" %
              (runs, counts["steps"], counts["samples"], mb))
    if not args.work:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
