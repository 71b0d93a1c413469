#!/usr/bin/env python3
"""The cost of sorting names case and accents aside: `roadtrip list --sort name` with the collation
roadtrip_name (NameOrder) against the same command of a build that sorts names by their bytes
(roadtrip before issue 27's item 6), on the same databases, with hyperfine in one run.

Usage: scripts/bench-sort-names.py BYTE_ORDER_BINARY NAME_ORDER_BINARY [--journeys N] [--runs N]

Two databases of N journeys (100,000 by default), imported by the first binary (a newer roadtrip
reads an older schema as it is): names
`Journey 1` … (scripts/generate-journeys.py: plain ASCII with a common prefix, the fast path), and
names of mixed case and script, a quarter with Latin letters with diacritics, some decomposed
(`e` and U+0301), some Greek and Cyrillic (the folding's slow path). Each command prints TSV to
/dev/null, the whole list sorted. Prints each median and the ratio (target: at most 1.5x). On a
loaded machine, count instructions instead (valgrind --tool=callgrind on each command).
"""
import json, os, random, shutil, subprocess, sys, tempfile, unicodedata

WORDS = ["coast", "road", "ferry", "école", "Émile", "zoë", "Ångström", "café", "Łódź", "straße",
         "Øresund", "mañana", "Zürich", "über", "Æbeltoft", "œuvre", "Dvořák", "Şile", "Ærø", "Αθήνα",
         "Москва", "bike", "Bus", "Run", "train", "Home", "work", "school", "park", "lake"]

def option(args, name, default):
    return type(default)(args[args.index(name) + 1]) if name in args else default

def mixed_names(count, path):
    rng = random.Random(27)
    with open(path, "w") as out:
        for index in range(count):
            words = [rng.choice(WORDS) for _ in range(rng.randrange(1, 4))]
            name = " ".join(w.upper() if rng.random() < 0.1 else w.capitalize() if rng.random() < 0.4 else w
                            for w in words) + " %d" % rng.randrange(1000)
            if rng.random() < 0.1:
                name = unicodedata.normalize("NFD", name)
            out.write(json.dumps({"name": name, "transportationType": "bike",
                                  "startDate": "2026-11-21T08:00:00Z", "duration": 60}, ensure_ascii=False) + "\n")

def main():
    args = sys.argv[1:]
    byte_order, name_order = args[0], args[1]
    count, runs = option(args, "--journeys", 100_000), option(args, "--runs", 10)
    folder = tempfile.mkdtemp(prefix="roadtrip-bench-sort-")
    here = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(here, "generate-journeys.py"), str(count), os.path.join(folder, "plain")], check=True)
    mixed_names(count, os.path.join(folder, "mixed.ndjson"))
    for kind in ["plain", "mixed"]:
        database = os.path.join(folder, kind + ".sqlite")
        subprocess.run([byte_order, "import", os.path.join(folder, kind + ".ndjson"), "--db", database], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        report = os.path.join(folder, kind + ".json")
        subprocess.run(["hyperfine", "--warmup", "2", "--runs", str(runs), "--export-json", report, "-N",
                        "-n", "bytes", f"{byte_order} list --sort name --format tsv --db {database}",
                        "-n", "names", f"{name_order} list --sort name --format tsv --db {database}"],
                       check=True, stdout=subprocess.DEVNULL)
        results = {r["command"]: r for r in json.load(open(report))["results"]}
        bytes_median, names_median = results["bytes"]["median"], results["names"]["median"]
        print(f"{kind} names, {count} journeys: byte order {bytes_median * 1000:.0f} ms, "
              f"case and accents aside {names_median * 1000:.0f} ms: {names_median / bytes_median:.2f}x (median of {runs})")
    shutil.rmtree(folder, ignore_errors=True)

if __name__ == "__main__":
    main()
