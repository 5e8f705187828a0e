#!/usr/bin/env bash
# Measures the floor of a subject subscription (see README.md): builds the floor
# four ways and prints exact instructions per subscription for rill-bench's
# publish-subscribe-dispose and behavior-subscribe-dispose, as Scripts/count.sh
# does (valgrind callgrind, difference between 20,000 and 40,000 subscriptions).
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "run.sh: needs valgrind" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

instructions() { # binary scenario count
    valgrind --tool=callgrind --callgrind-out-file="$work/out" "$1" "$2" "$3" 2>&1 \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}

printf '%-28s %10s %10s\n' variant publish behavior
for variant in "plain:" "state:-Xswiftc -DSTATE" "contract:-Xswiftc -DCONTRACT" "contract+state:-Xswiftc -DCONTRACT -Xswiftc -DSTATE"; do
    name=${variant%%:*}
    flags=${variant#*:}
    # -gnone, -g0: valgrind 3.19 cannot read the DWARF 5 that clang emits.
    # shellcheck disable=SC2086
    swift build -c release --scratch-path ".build-$name" -Xswiftc -gnone -Xcc -g0 $flags >/dev/null
    binary=".build-$name/release/floor-bench"
    row=()
    for scenario in publish behavior; do
        small=$(instructions "$binary" "$scenario" 20000)
        large=$(instructions "$binary" "$scenario" 40000)
        row+=("$(( (large - small) / 20000 ))")
    done
    printf '%-28s %10s %10s\n' "$name" "${row[@]}"
done
