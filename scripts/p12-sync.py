#!/usr/bin/env python3
"""P12 (PERFORMANCE.md): `roadtrip sync` receiving N changed journeys, and a new replica joining
from a snapshot of N, each against `roadtrip import` of the same N journeys into a new file, in
the same run, interleaved, medians of RUNS rounds (wall and CPU seconds of whole processes).

Set-up (not timed): A imports the N journeys and sends them; B receives them; A compacts (the
snapshot B' joins from); the sqlite3 shell renames every journey on A and A sends that batch. Each
round then times, one after the other: an import of the N into a new file; B (a copy of it as it
was before the renames arrived) receiving the N changed journeys; a new, empty database joining
from the snapshot. Checks that B and the joined copy hold A's journeys.

usage: scripts/p12-sync.py N [ROADTRIP]   (RUNS=n, default 3; JOIN=0 skips the join;
RECEIVE=0 skips the receiving)
"""
import os, resource, shutil, statistics, subprocess, sys, tempfile, time

from benchlib import fresh, timed

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def copy(source, target):
    fresh(target)
    subprocess.run(["sqlite3", source, f"VACUUM INTO '{target}'"], check=True)


def journeys(path):
    return subprocess.run(["sqlite3", "-csv", path, "SELECT * FROM journey ORDER BY id"],
                          check=True, capture_output=True).stdout


def main():
    n = int(sys.argv[1])
    roadtrip = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else
                               os.path.join(ROOT, ".build/release/roadtrip"))
    runs = int(os.environ.get("RUNS", "3"))
    receive = os.environ.get("RECEIVE", "1") != "0"
    join = os.environ.get("JOIN", "1") != "0"
    work = tempfile.mkdtemp(prefix="roadtrip-p12.")
    try:
        os.chdir(work)
        subprocess.run(["python3", os.path.join(ROOT, "scripts/generate-journeys.py"), str(n),
                        "journeys"], check=True, stdout=subprocess.DEVNULL)
        run = lambda *a: subprocess.run([roadtrip, *a], check=True, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        run("import", "journeys.ndjson", "--db", "a.sqlite")
        run("sync", "remote", "--db", "a.sqlite")
        if join:
            run("sync", "--compact", "--db", "a.sqlite")
        if receive:
            run("sync", "remote", "--db", "b.sqlite")
            copy("b.sqlite", "b0.sqlite")
            subprocess.run(["sqlite3", "a.sqlite", "UPDATE journey SET name = name || ' (2)'"],
                           check=True)
            run("sync", "remote", "--db", "a.sqlite")
        times = {"import": [], "receive": [], "join": []}
        for round in range(runs):
            fresh("i.sqlite")
            times["import"].append(timed(roadtrip, "import", "journeys.ndjson", "--db", "i.sqlite"))
            if receive:
                copy("b0.sqlite", "b.sqlite")
                times["receive"].append(timed(roadtrip, "sync", "remote", "--db", "b.sqlite"))
            if join:
                fresh("j.sqlite")
                times["join"].append(timed(roadtrip, "sync", "remote", "--db", "j.sqlite"))
        expected = journeys("a.sqlite")
        if receive and journeys("b.sqlite") != expected: print("B differs from A", file=sys.stderr)
        if join and not receive and journeys("j.sqlite") != expected:
            print("the joined replica differs from A", file=sys.stderr)
        imported = statistics.median(w for w, _ in times["import"])
        imported_cpu = statistics.median(c for _, c in times["import"])
        print(f"N = {n}, {runs} rounds, medians (all rounds: wall s)")
        for label, samples in times.items():
            if not samples: continue
            wall = statistics.median(w for w, _ in samples)
            cpu = statistics.median(c for _, c in samples)
            every = ", ".join(f"{w:.2f}" for w, _ in samples)
            print(f"| {label} | {wall:.2f} s | {cpu:.2f} s | {wall / imported:.2f}× | "
                  f"{cpu / imported_cpu:.2f}× | {every} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
