#!/usr/bin/env bash
# The size of a program that uses Rill: Scripts/size/Sources/SizeProbe, the rill-bench
# scenarios that RxSwift can also express, built in release mode and stripped.
#
#   Scripts/size.sh [--max BYTES] [--breakdown]
#   RXSWIFT_MIRROR=<RxSwift git dir> Scripts/size.sh ...
#
# Prints the stripped size in bytes. With RXSWIFT_MIRROR, also builds the same source
# against RxSwift (tag ${RXSWIFT_TAG:-6.10.2}, unpacked into ${TMPDIR:-/tmp}/rill-size-rxswift-TAG
# with the imports rewritten and kept there for the next run; nothing of RxSwift enters the
# repository) and prints both sizes and the ratio.
#   --max BYTES    exit 1 when Rill's program is larger than BYTES
#                  (with RXSWIFT_MIRROR, also when it is larger than RxSwift's)
#   --breakdown    the unstripped symbols' sizes grouped by kind, and the 15 value types
#                  that cost the most (Scripts/size/breakdown.py)
#
# SwiftPM links the library statically into the program. Release builds on Linux link with
# --gc-sections, but a whole-module object keeps almost every function its module has, so
# the size is close to that of the whole library, not of what the program calls.
set -euo pipefail
shopt -s inherit_errexit
cd "$(dirname "$0")/.."
root=$PWD
max=""
breakdown=false
while [ $# -gt 0 ]; do
    case "$1" in
        --max) max=$2; shift 2 ;;
        --breakdown) breakdown=true; shift ;;
        *) echo "usage: Scripts/size.sh [--max BYTES] [--breakdown]" >&2; exit 2 ;;
    esac
done

# Builds the package at $1 into scratch directory $2, checks that the program runs, and
# prints the path of a stripped copy.
build() {
    swift build -c release --package-path "$1" --scratch-path "$2" >&2
    local program="$2/release/SizeProbe"
    "$program" 200 >&2
    strip -o "$2/SizeProbe.stripped" "$program"
    echo "$2/SizeProbe.stripped"
}

rill=$(build "$root/Scripts/size" "$root/.build-size")
rill_size=$(stat -c %s "$rill")
$breakdown && python3 "$root/Scripts/size/breakdown.py" "$root/.build-size/release/SizeProbe" --types 15

if [ -z "${RXSWIFT_MIRROR:-}" ]; then
    echo "Rill: $rill_size bytes"
    [ -z "$max" ] || [ "$rill_size" -le "$max" ] || { echo "larger than $max bytes" >&2; exit 1; }
    exit 0
fi

tag=${RXSWIFT_TAG:-6.10.2}
# Kept between runs so that RxSwift is built once; nothing of it is in the repository.
tmp=${TMPDIR:-/tmp}/rill-size-rxswift-$tag
if [ ! -f "$tmp/RxSwift/Package.swift" ]; then
    rm -rf "$tmp"
    mkdir -p "$tmp/RxSwift"
    git --git-dir="$RXSWIFT_MIRROR" archive "$tag" | tar -x -C "$tmp/RxSwift"
fi
mkdir -p "$tmp/probe/Sources/SizeProbe"
sed -e 's/^import Rill$/import RxSwift\nimport RxRelay/' -e 's/^import RillBlocking$/import RxBlocking/' \
    "$root/Scripts/size/Sources/SizeProbe/main.swift" > "$tmp/main.swift"
cmp -s "$tmp/main.swift" "$tmp/probe/Sources/SizeProbe/main.swift" || cp "$tmp/main.swift" "$tmp/probe/Sources/SizeProbe/"
sed -e 's|path: "../.."|path: "../RxSwift"|' -e 's/name: "Rill", path/name: "RxSwift", path/' \
    -e 's/\.product(name: "Rill", package: "Rill")/.product(name: "RxSwift", package: "RxSwift"), .product(name: "RxRelay", package: "RxSwift")/' \
    -e 's/\.product(name: "RillBlocking", package: "Rill")/.product(name: "RxBlocking", package: "RxSwift")/' \
    "$root/Scripts/size/Package.swift" > "$tmp/Package.swift"
cmp -s "$tmp/Package.swift" "$tmp/probe/Package.swift" || cp "$tmp/Package.swift" "$tmp/probe/"
rx=$(build "$tmp/probe" "$tmp/build")
rx_size=$(stat -c %s "$rx")
$breakdown && python3 "$root/Scripts/size/breakdown.py" "$tmp/build/release/SizeProbe" --types 15
awk -v r="$rill_size" -v x="$rx_size" -v t="$tag" \
    'BEGIN { printf "Rill: %d bytes\nRxSwift %s: %d bytes\nRill / RxSwift: %.3f\n", r, t, x, r / x }'
[ -z "$max" ] || [ "$rill_size" -le "$max" ] || { echo "larger than $max bytes" >&2; exit 1; }
[ -z "$max" ] || [ "$rill_size" -le "$rx_size" ] || { echo "larger than RxSwift's" >&2; exit 1; }
