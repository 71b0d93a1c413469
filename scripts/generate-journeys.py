#!/usr/bin/env python3
"""Writes the same N journeys, deterministically, as roadtrip NDJSON and as CSV rows of the
journey table (stored values), for comparing `roadtrip import` with `sqlite3 .import`.

usage: generate-journeys.py N OUT_PREFIX   (writes OUT_PREFIX.ndjson, OUT_PREFIX.csv, OUT_PREFIX.ids)
"""
import random
import sys
import time

TYPES = ["walk-or-run", "skateboard", "scooter", "bike", "car", "hired-car", "bus", "light-rail"]
REFERENCE = 978_307_200  # 2001-01-01T00:00:00Z in Unix seconds
START = 1_735_689_600    # 2025-01-01T00:00:00Z
SPAN = 2 * 365 * 86_400  # two years


def main():
    count, prefix = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(20261121)
    with open(prefix + ".ndjson", "w") as ndjson, open(prefix + ".csv", "w") as csv, open(prefix + ".ids", "w") as ids:
        for index in range(count):
            bits = rng.getrandbits(128)
            hexits = "%032x" % bits
            uuid = "%s-%s-4%s-%x%s-%s" % (hexits[:8], hexits[8:12], hexits[13:16], 8 | (bits >> 62 & 3), hexits[17:20], hexits[20:32])
            name = "Journey %d" % index
            kind = TYPES[rng.randrange(8)]
            start = START + rng.randrange(SPAN)
            duration = rng.randrange(60, 6 * 3600)
            iso = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start))
            end = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + duration))
            ndjson.write('{"id":"%s","name":"%s","transportationType":"%s","startDate":"%s","duration":%d,"endDate":"%s"}\n'
                         % (uuid, name, kind, iso, duration, end))
            csv.write("%s,%s,%s,%d,%d\n" % (uuid, name, kind, start - REFERENCE, duration))
            ids.write(uuid + "\n")


if __name__ == "__main__":
    main()
