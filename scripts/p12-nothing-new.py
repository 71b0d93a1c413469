#!/usr/bin/env python3
"""P12 (PERFORMANCE.md): `roadtrip sync` through a folder when there is nothing new, against the
start-up every command pays (`roadtrip types`, which opens nothing, and `roadtrip list --limit 1`,
which opens the database and reads one row), the runs interleaved, medians of RUNS rounds of
whole processes. The sync's own cost is its time less `list --limit 1`'s.

Set-up (not timed): A imports N journeys and sends them; B receives them; both sync again, so
that neither has anything to send or to receive. Given several binaries (LABEL=ROADTRIP...), the
first sets up, and each one's commands run in every round, interleaved with the others'.

usage: scripts/p12-nothing-new.py N [ROADTRIP | LABEL=ROADTRIP...]   (RUNS=n, default 21)
"""
import os, statistics, subprocess, sys, tempfile, shutil

from benchlib import timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    n = int(sys.argv[1])
    given = sys.argv[2:] or [os.path.join(ROOT, ".build/release/roadtrip")]
    binaries = [(label + ": " if "=" in arg else "", os.path.abspath(path))
                for arg in given for label, _, path in [arg.rpartition("=")]]
    roadtrip = binaries[0][1]
    runs = int(os.environ.get("RUNS", "21"))
    work = tempfile.mkdtemp(prefix="roadtrip-p12-nothing.")
    try:
        os.chdir(work)
        subprocess.run(["python3", os.path.join(ROOT, "scripts/generate-journeys.py"), str(n),
                        "journeys"], check=True, stdout=subprocess.DEVNULL)
        run = lambda *a: subprocess.run([roadtrip, *a], check=True, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        run("import", "journeys.ndjson", "--db", "a.sqlite")
        for db in ("a", "b", "a", "b"):
            run("sync", "remote", "--db", f"{db}.sqlite")
        shapes = {
            "types": ["types"],
            "list --limit 1": ["list", "--limit", "1", "--format", "ids", "--db", "a.sqlite"],
            "sync, sender": ["sync", "--db", "a.sqlite"],
            "sync, receiver": ["sync", "--db", "b.sqlite"],
        }
        commands = {label + shape: [binary, *arguments]
                    for label, binary in binaries for shape, arguments in shapes.items()}
        times = {label: [] for label in commands}
        for _ in range(runs):
            for label, arguments in commands.items():
                times[label].append(timed(*arguments))
        base = statistics.median(w for w, _ in times[binaries[0][0] + "list --limit 1"])
        base_cpu = statistics.median(c for _, c in times[binaries[0][0] + "list --limit 1"])
        print(f"N = {n}, {runs} interleaved rounds, medians of whole processes")
        print(f"| command | wall | CPU | wall beyond {binaries[0][0]}`list --limit 1` | CPU beyond it |")
        print("|---|--:|--:|--:|--:|")
        for label, samples in times.items():
            wall = statistics.median(w for w, _ in samples)
            cpu = statistics.median(c for _, c in samples)
            print(f"| {label} | {wall * 1000:.1f} ms | {cpu * 1000:.1f} ms | "
                  f"{(wall - base) * 1000:+.1f} ms | {(cpu - base_cpu) * 1000:+.1f} ms |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
