#!/usr/bin/python3
"""Compare the machine code of internal/kernel's assembly routines between two
commits (the steps that move kernels into asmgen must leave it unchanged).

    /usr/bin/python3 scripts/kernelcode.py OLD [NEW]   (NEW: the work tree)

Builds the package's test binary at each (a git worktree for a commit),
disassembles every routine with GNU objdump, and prints the routines whose
instructions differ, the ones only one side has, and a count of the same.
RIP-relative operands are compared by the symbol they reach, not by their
displacement (which moves with the layout). Exit status 1 if any differ.
"""
import os
import re
import subprocess
import sys
import tempfile


def build(rev, out):
    if rev is None:
        subprocess.run(["go", "test", "-c", "-o", out, "./internal/kernel"], check=True)
        return
    with tempfile.TemporaryDirectory() as tmp:
        wt = os.path.join(tmp, "wt")
        subprocess.run(["git", "worktree", "add", "-q", "--detach", wt, rev], check=True)
        try:
            subprocess.run(["go", "test", "-c", "-o", out, "./internal/kernel"], cwd=wt, check=True)
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", wt], check=True)


def routines(binary):
    out = subprocess.run(["objdump", "-d", "--insn-width=16", binary],
                         capture_output=True, text=True, check=True).stdout
    res, cur = {}, None
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <github.com/dmlgo/dml/internal/kernel\.(\w+)\.abi0>:", line)
        if m:
            cur = m.group(1)
            res[cur] = []
            continue
        if not line.strip():
            cur = None
            continue
        parts = line.split("\t")
        if cur is None or len(parts) < 2:
            continue
        if len(parts) >= 3 and "%rip" in parts[2]:
            text = re.sub(r"-?0x[0-9a-f]+\(%rip\)", "(%rip)", parts[2])
            res[cur].append(re.sub(r"# [0-9a-f]+ ", "# ", text).strip())
        else:
            res[cur].append(parts[1].strip())
    for k, v in res.items():
        while v and v[-1] == "cc":  # int3 padding
            v.pop()
    return res


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True)
    os.chdir(top.stdout.strip())
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "old.test"), os.path.join(tmp, "new.test")
        build(sys.argv[1], a)
        build(sys.argv[2] if len(sys.argv) == 3 else None, b)
        old, new = routines(a), routines(b)
    same = [k for k in old if k in new and old[k] == new[k]]
    differ = sorted(k for k in old if k in new and old[k] != new[k])
    for k in differ:
        print("differs:", k)
    for k in sorted(set(old) - set(new)):
        print("only in the old:", k)
    for k in sorted(set(new) - set(old)):
        print("only in the new:", k)
    print(f"{len(same)} routines the same, {len(differ)} differ, "
          f"{len(set(old) ^ set(new))} on one side only")
    sys.exit(1 if differ or set(old) ^ set(new) else 0)


main()
