#!/usr/bin/env python3
"""Plants one hostile file in a plain roadtrip sync remote: what someone who can write to the
remote (a collaborator, a damaged disk, a file-sync engine, an attacker) can put there.

    scripts/hostile-remote.py REMOTE KIND [--journey ID] [--seed N]

Each KIND is one thing SYNC.md's threat model says roadtrip survives (refuses by name, holds back,
or repairs), never crashing, hanging, splitting or freezing a replica:

  clock            a file from a made-up replica whose batch clock is 2^63 - 1
  future-clock     the same with a clock 30 days ahead of now
  vector           a file from a made-up replica whose vector claims 1,000,000 files of every
                   replica on the remote
  snapshot-vector  a snapshot claiming 1,000,000 files of every replica on the remote
  rocket           a file setting a journey's transportation type to 'rocket' (--journey)
  not-utf8         a file setting a journey's name to the bytes ff fe (--journey)
  huge-value       a file setting a journey's name to 3 MiB of text (--journey)
  escape           a file whose header names a replica made of terminal escape sequences
  fifo             a FIFO named as a change file
  dev-zero         a symbolic link to /dev/zero named as a change file
  huge-file        a sparse 3 GiB file named as a change file
  copy             a replica's newest file copied under that replica's next number
  conflict-copy    a replica's newest file copied as Syncthing names a conflict copy
  missing          a replica's newest file removed
  damaged          a replica's newest file cut to 40 bytes

It writes the file formats itself (SYNC.md, "Change files" and "Snapshots"), so that it is a
program other than roadtrip: the tests run it as the outside writer of a remote. It prints what
it did. Exit 0, or 2 when KIND cannot be planted on this remote (no remote yet: a folder that
holds files but no roadtrip-remote.json is no remote, and roadtrip refuses it as a whole; no
replica yet; no --journey).
"""

import json
import os
import random
import struct
import sys
import time
import uuid

MAX = 2**63 - 1


def varint(value):
    """SQLite's variable-length integer, as a changeset writes lengths."""
    if value <= 0x7F:
        return bytes([value])
    groups = []
    while value:
        groups.append(value & 0x7F)
        value >>= 7
    groups.reverse()
    return bytes([g | 0x80 for g in groups[:-1]] + [groups[-1]])


def value(v):
    """A changeset value: None is undefined (a column an update leaves), ('null',) is NULL."""
    if v is None:
        return b"\x00"
    if v == ("null",):
        return b"\x05"
    if isinstance(v, bool):
        raise TypeError(v)
    if isinstance(v, int):
        return b"\x01" + struct.pack(">q", v)
    if isinstance(v, float):
        return b"\x02" + struct.pack(">d", v)
    if isinstance(v, str):
        v = v.encode()
        return b"\x03" + varint(len(v)) + v
    if isinstance(v, (bytes, bytearray)):  # text of any bytes
        return b"\x03" + varint(len(v)) + bytes(v)
    raise TypeError(v)


def table(name, columns):
    return b"T" + varint(columns) + bytes([1] + [0] * (columns - 1)) + name.encode() + b"\x00"


def insert(values):
    return b"\x12\x00" + b"".join(value(v) for v in values)


def update(key, old, new):
    """An update of the journey `key`: `old` and `new` map a column index to a value."""
    olds = [key] + [old.get(i) for i in range(1, 5)]
    news = [None] + [new.get(i) for i in range(1, 5)]
    return b"\x17\x00" + b"".join(value(v) for v in olds) + b"".join(value(v) for v in news)


def digest(data):
    """FileDigest: two FNV-1a hashes of 64 bits, little-endian."""
    first, second = 0xCBF29CE484222325, 0x6C62272E07BB0142
    mask = 2**64 - 1
    for byte in data:
        first = ((first ^ byte) * 0x100000001B3) & mask
        second = ((second ^ (byte ^ 0x5A)) * 0x100000001B3) & mask
    return struct.pack("<Q", first) + struct.pack("<Q", second)


def frame(magic, header, body):
    head = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    data = magic + struct.pack("<I", len(head)) + head + body
    return data + digest(data)


def change_file(replica, seq, vector, batches):
    """`batches`: (hlc, changeset bytes) pairs."""
    header = {
        "format": 1, "replica": replica, "seq": seq, "vector": vector,
        "batches": [{"hlc": hlc, "kind": "command", "origin": "hostile"} for hlc, _ in batches],
    }
    body = b"".join(struct.pack("<I", len(c)) + c for _, c in batches)
    return frame(b"RTRIPCF1", header, body)


def now_hlc(offset_seconds=0):
    return int((time.time() + offset_seconds) * 1000) << 16


def journey_changeset(changes):
    return table("journey", 5) + b"".join(changes)


def new_journey(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def replicas(remote):
    folder = os.path.join(remote, "replicas")
    if not os.path.isdir(folder):
        return []
    return sorted(n for n in os.listdir(folder) if len(n) == 36)


def files_of(remote, replica):
    """A replica's change files that are regular files of a sane size (not what was planted)."""
    folder = os.path.join(remote, "replicas", replica)
    if os.path.islink(folder) or not os.path.isdir(folder):
        return []

    def plain(name):
        path = os.path.join(folder, name)
        return (not os.path.islink(path) and os.path.isfile(path)
                and os.path.getsize(path) < (64 << 20))

    return sorted(n for n in os.listdir(folder) if len(n) == 13 and n.endswith(".rtc") and plain(n))


def newest(remote, rng):
    """A replica's newest change file, chosen at random: (replica, seq, path)."""
    candidates = [(r, files_of(remote, r)) for r in replicas(remote)]
    candidates = [(r, f) for r, f in candidates if f]
    if not candidates:
        sys.exit(2)
    replica, files = rng.choice(candidates)
    name = files[-1]
    return replica, int(name[:9]), os.path.join(remote, "replicas", replica, name)


def place(remote, replica, seq):
    folder = os.path.join(remote, "replicas", replica)
    os.makedirs(folder, exist_ok=True)
    return os.path.join(folder, "%09d.rtc" % seq)


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(64)
    remote, kind = args[0], args[1]
    journey = args[args.index("--journey") + 1] if "--journey" in args else None
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else None
    rng = random.Random(seed)
    if not os.path.isfile(os.path.join(remote, "roadtrip-remote.json")):
        sys.exit(2)
    stranger = new_journey(rng)
    start = 700_000_000.0

    def from_stranger(hlc, changes, vector=None):
        path = place(remote, stranger, 1)
        write(path, change_file(stranger, 1, vector or {}, [(hlc, journey_changeset(changes))]))
        return path

    a_journey = insert([new_journey(rng), "planted", "car", start, 600.0])
    if kind == "clock":
        path = from_stranger(MAX, [a_journey])
    elif kind == "future-clock":
        path = from_stranger(now_hlc(30 * 86400), [a_journey])
    elif kind == "vector":
        claims = {r: 1_000_000 for r in replicas(remote)}
        path = from_stranger(now_hlc(), [a_journey], claims)
    elif kind == "snapshot-vector":
        claims = {r: 1_000_000 for r in replicas(remote)}
        claims[stranger] = 1
        seq = min(sum(claims.values()), 999_999_999)
        header = {"format": 1, "replica": stranger, "seq": seq, "vector": claims, "replicas": []}
        os.makedirs(os.path.join(remote, "snapshots"), exist_ok=True)
        path = os.path.join(remote, "snapshots", "%s-%09d.rts" % (stranger, seq))
        write(path, frame(b"RTRIPSN1", header, b""))
    elif kind in ("rocket", "not-utf8", "huge-value"):
        if journey is None:
            sys.exit(2)
        column, new = {
            "rocket": (2, "rocket"),
            "not-utf8": (1, b"\xff\xfe"),
            "huge-value": (1, "x" * (3 << 20)),
        }[kind]
        path = from_stranger(now_hlc(), [update(journey, {column: "unknown"}, {column: new})])
    elif kind == "escape":
        path = place(remote, stranger, 1)
        write(path, change_file("\x1b]0;owned\x07\x1b[2J", 1, {}, [(now_hlc(), journey_changeset([a_journey]))]))
    elif kind == "fifo":
        path = place(remote, stranger, 1)
        os.mkfifo(path)
    elif kind == "dev-zero":
        path = place(remote, stranger, 1)
        os.symlink("/dev/zero", path)
    elif kind == "huge-file":
        path = place(remote, stranger, 1)
        with open(path, "wb") as f:
            f.truncate(3 << 30)
    elif kind in ("copy", "conflict-copy", "missing", "damaged"):
        replica, seq, source = newest(remote, rng)
        if kind == "copy":
            path = place(remote, replica, seq + 1)
            if os.path.exists(path):
                sys.exit(2)
            with open(source, "rb") as f:
                write(path, f.read())
        elif kind == "conflict-copy":
            path = source[: -len(".rtc")] + ".sync-conflict-20261128-120000-HOSTILE.rtc"
            with open(source, "rb") as f:
                write(path, f.read())
        elif kind == "missing":
            path = source
            os.remove(path)
        else:
            path = source
            os.truncate(path, 40)
    else:
        print("unknown kind: %s" % kind, file=sys.stderr)
        sys.exit(64)
    print("%s: %s" % (kind, os.path.relpath(path, remote)))


if __name__ == "__main__":
    main()
