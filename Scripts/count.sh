#!/usr/bin/env bash
# Exact instructions and allocations per unit for rill-bench scenarios, with valgrind.
#
#   Scripts/count.sh [NAME ...]      (default: every scenario)
#
# Runs each scenario at two sizes under callgrind and dhat and prints the difference
# divided by the difference in size, so start-up cost cancels. Builds rill-bench in
# release mode without debug info (valgrind 3.19 cannot read Swift's DWARF) into
# .build-count/.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-count
swift build -c release --product rill-bench -Xswiftc -gnone -Xcc -g0 --scratch-path "$scratch" >/dev/null
bench="$scratch/release/rill-bench"
names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <("$bench" --list)
small=${SMALL:-20000}
large=${LARGE:-40000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" "$bench" --run "$1" --n "$2" 2>&1 |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
allocations() {
    valgrind --tool=dhat --dhat-out-file="$tmp/dh" "$bench" --run "$1" --n "$2" 2>&1 |
        sed -n 's/.*Total: *[0-9,]* bytes in \([0-9,]*\) blocks.*/\1/p' | tr -d ,
}
printf "%-26s %14s %14s\n" scenario "instr/unit" "allocs/unit"
for name in "${names[@]}"; do
    i1=$(instructions "$name" "$small"); i2=$(instructions "$name" "$large")
    a1=$(allocations "$name" "$small"); a2=$(allocations "$name" "$large")
    awk -v n="$name" -v i1="$i1" -v i2="$i2" -v a1="$a1" -v a2="$a2" -v s="$small" -v l="$large" \
        'BEGIN { printf "%-26s %14.1f %14.2f\n", n, (i2 - i1) / (l - s), (a2 - a1) / (l - s) }'
done
