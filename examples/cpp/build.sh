#!/usr/bin/env bash
# Builds libdmlfill.so (the C library, go build -buildmode=c-shared) and the
# C++ example against it, in this folder, and runs the example. Run from
# anywhere: bash examples/cpp/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
(cd "$root" && go build -buildmode=c-shared -o "$here/libdmlfill.so" ./capi)
g++ -std=c++17 -Wall -Wextra -I "$root/capi" "$here/causal_mask.cpp" -L "$here" -ldmlfill -Wl,-rpath,"$here" -o "$here/causal_mask"
"$here/causal_mask"
