"""Packs real outputs of frameworks (.npy files) as set1.tar.gz, the form the
Go tests read (see README.md): each file's .npy header unchanged, then its
elements delta-coded (element 0 as it is, each other one's bits less the bits
of the one before, modulo 2**bits, little-endian), so that gzip compresses
them; and SHA256SUMS, the SHA-256 of each original file, that the tests
hold the decoded file to.

    python3 pack.py DIR set1.tar.gz     (DIR: the unpacked .npy files)
"""

import hashlib
import io
import os
import sys
import tarfile

import numpy as np


def delta_coded(raw, n, itemsize):
    """The file's bytes with its n elements of itemsize bytes delta-coded."""
    head, data = raw[: len(raw) - n * itemsize], raw[len(raw) - n * itemsize:]
    kind = {2: "<u2", 4: "<u4"}[itemsize]
    bits = np.frombuffer(data, dtype=kind)
    diff = bits.copy()
    diff[1:] = bits[1:] - bits[:-1]  # (unsigned: modulo 2**bits)
    return head + diff.astype(kind).tobytes()


def add(tar, name, data):
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o644
    tar.addfile(info, io.BytesIO(data))


def main(src, dst):
    names = sorted(f for f in os.listdir(src) if f.endswith(".npy"))
    sums = []
    with tarfile.open(dst, "w:gz", compresslevel=9, format=tarfile.USTAR_FORMAT) as tar:
        for name in names:
            raw = open(os.path.join(src, name), "rb").read()
            a = np.load(os.path.join(src, name))
            sums.append("%s  %s\n" % (hashlib.sha256(raw).hexdigest(), name))
            add(tar, name + ".delta", delta_coded(raw, a.size, a.itemsize))
        add(tar, "SHA256SUMS", "".join(sums).encode())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
