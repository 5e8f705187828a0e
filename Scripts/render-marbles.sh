#!/usr/bin/env bash
# Draws each operator's marble diagram from the truth: rill-tour runs the operator's
# example on RillTest's TestScheduler and renders the recorded timelines (inputs with
# their subscription spans, and the output) as an SVG in Rill's DocC Resources.
#
#   Scripts/render-marbles.sh           write Sources/Rill/Rill.docc/Resources/marble-*.svg
#   Scripts/render-marbles.sh --check   fail if a checked-in diagram differs from the code (CI)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product rill-tour 2>&1 | grep -E "error|warning: " || true
"$(swift build --show-bin-path)/rill-tour" --render-marbles Sources/Rill/Rill.docc/Resources "$@"
