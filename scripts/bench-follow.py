#!/usr/bin/env python3
"""P5 for the opt-in following: how soon a live list of a JourneyStore client that runs
`follow()` shows a change another process commits, and what the following costs idle.

Usage: scripts/bench-follow.py [--commits N] [--idle SECONDS] [--client BINARY]

Builds the client of scripts/follow/main.swift in a temporary package that depends on this project
by path (scripts/make-client-package.sh; release mode, as an app ships), unless --client names one
built already. A writer in this process (Python's sqlite3: a program that knows nothing of roadtrip,
whose writes the journey table's triggers log) renames the client's journey, one commit at a time,
notes the time right after COMMIT returns, and waits for the client to print the new name: its main
actor has taken the commit in (`follow()`), its live list has read it, and an `Observations`
sequence has handed it over. The delay is the time from COMMIT to that line. Commits are spaced by
a random pause (5-50 ms) so that they do not line up with any poll interval. Then the client is left
alone and the CPU time it uses (utime + stime from /proc) is read over an idle period. Prints the
median, p90, p99 and max delay and the idle CPU share, against P5 (20 ms median, 100 ms p99, under
1% of a core idle).
"""
import os, random, select, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def option(args, name, default):
    return type(default)(args[args.index(name) + 1]) if name in args else default

def build_client():
    package = subprocess.run(
        ["sh", os.path.join(ROOT, "scripts", "make-client-package.sh"), os.path.join(ROOT, "scripts", "follow", "main.swift")],
        check=True, capture_output=True, text=True).stdout.strip()
    subprocess.run(["swift", "build", "-c", "release", "--package-path", package], check=True, stdout=subprocess.DEVNULL)
    return package, os.path.join(package, ".build", "release", "Client")

def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

def main():
    args = sys.argv[1:]
    commits = option(args, "--commits", 300)
    idle = option(args, "--idle", 10.0)
    package, client = (None, args[args.index("--client") + 1]) if "--client" in args else build_client()
    folder = tempfile.mkdtemp(prefix="roadtrip-bench-follow-")
    path = os.path.join(folder, "journeys.sqlite")
    follower = subprocess.Popen([client, path], stdout=subprocess.PIPE, bufsize=0)
    buffer = b""

    def read_line(deadline):
        nonlocal buffer
        while b"\n" not in buffer:
            left = deadline - time.perf_counter()
            if left <= 0 or not select.select([follower.stdout], [], [], left)[0]:
                return None
            chunk = os.read(follower.stdout.fileno(), 65536)
            if not chunk:
                return None
            buffer += chunk
        line, buffer = buffer.split(b"\n", 1)
        return line.decode()

    ready = read_line(time.perf_counter() + 30)
    if not ready or not ready.startswith("ready "):
        sys.exit(f"bench-follow: the client did not start: {ready!r}")
    journey = ready.split()[1]
    read_line(time.perf_counter() + 5)  # the name it starts with
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA busy_timeout = 5000")

    def commit(name):
        db.execute("BEGIN IMMEDIATE")
        db.execute("UPDATE journey SET name = ? WHERE id = ?", (name, journey))
        db.execute("COMMIT")
        return time.perf_counter()

    delays, missed = [], 0
    for index in range(commits):
        name = f"commit {index}"
        committed = commit(name)
        deadline = committed + 2.0
        while True:
            line = read_line(deadline)
            if line is None:
                missed += 1
                break
            if line == name:
                delays.append((time.perf_counter() - committed) * 1000)
                break
        time.sleep(random.uniform(0.005, 0.05))

    before, started = cpu_seconds(follower.pid), time.perf_counter()
    time.sleep(idle)
    idle_share = (cpu_seconds(follower.pid) - before) / (time.perf_counter() - started)
    follower.kill()
    follower.wait()
    shutil.rmtree(folder, ignore_errors=True)
    if package:
        shutil.rmtree(package, ignore_errors=True)

    delays.sort()
    def quantile(q):
        return delays[min(len(delays) - 1, int(q * len(delays)))]
    print(f"follow(): {len(delays)} commits seen, {missed} missed (2 s)")
    print(f"delay from COMMIT to the live list: median {statistics.median(delays):.1f} ms, "
          f"p90 {quantile(0.9):.1f} ms, p99 {quantile(0.99):.1f} ms, max {delays[-1]:.1f} ms (P5: 20 ms median, 100 ms p99)")
    print(f"idle: {idle_share * 100:.2f}% of a core over {idle:.0f} s (P5: under 1%)")

if __name__ == "__main__":
    main()
