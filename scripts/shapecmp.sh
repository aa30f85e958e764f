#!/bin/sh
# Measure shapes of the planner against the general path: dmlbench built
# with every shape (the "old" column) and with the named ones left out
# (internal/kernel.ShapesOff), run in alternation by benchcmp.py.
#
#   sh scripts/shapecmp.sh rows-lanes [runs] [dmlbench flags]
#
# A figure "slower" in its report is one the shape makes faster (the new
# build, without it, is slower).
set -e
off=$1; shift
cd "$(dirname "$0")/.."
go build -o /tmp/dmlbench-all ./cmd/dmlbench
go build -ldflags "-X github.com/dmlgo/dml/internal/kernel.ShapesOff=$off" -o /tmp/dmlbench-off ./cmd/dmlbench
exec /usr/bin/python3 scripts/benchcmp.py /tmp/dmlbench-all /tmp/dmlbench-off "$@"
