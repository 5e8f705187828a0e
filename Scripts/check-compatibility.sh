#!/usr/bin/env bash
# Proves the zero-change migration: builds Tests/CompatibilityFixture, an RxSwift user's
# package whose sources say `import RxSwift`, `import RxRelay`, `import RxCocoa`,
# `import RxTest`, `import RxBlocking` and `RxSwift.Observable` and never name Rill, against
# the compatibility package in Compatibility/RxSwift, with zero warnings, and runs its checks.
#
#   Scripts/check-compatibility.sh          (from anywhere; builds into .build-compat/)
#
# The fixture builds Rill again in its own scratch path (COMPAT_SCRATCH, default
# .build-compat at the package root), so it never disturbs the main build.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fixture="$root/Tests/CompatibilityFixture"
scratch=${COMPAT_SCRATCH:-$root/.build-compat}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

if grep -rni "rill" "$fixture/Sources"; then
    echo "error: the fixture's sources must not name Rill (they are an RxSwift user's code)" >&2
    exit 1
fi

start=$(date +%s)
swift build --package-path "$fixture" --scratch-path "$scratch" 2>&1 | tee "$log"
if grep -E '\.swift:[0-9]+:[0-9]+: warning:' "$log"; then
    echo "error: the compatibility fixture builds with warnings" >&2
    exit 1
fi
"$scratch/debug/compatibility-fixture"
echo "compatibility fixture: built and ran in $(( $(date +%s) - start )) s"
