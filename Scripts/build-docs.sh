#!/usr/bin/env bash
# Builds the DocC documentation of Rill, RillBlocking, RillTest and RillCocoa with the
# toolchain's own tools (no package plugin: nothing can be fetched).
#
#   Scripts/build-docs.sh            build the archives into .build/docs/<Module>.doccarchive
#   Scripts/build-docs.sh --check    the same, and fail if docc reports any warning or a page
#                                    has a topic group DocC made itself (CI; see
#                                    Scripts/check-docs-curation.py)
#   Scripts/build-docs.sh --static   a static site in .build/docs/site, and how to serve it
#
# Steps: `swift build` (incremental; free when the tree is built), then
# `swift symbolgraph-extract` reads each module's public API from the built
# .swiftmodule (no second build with -emit-symbol-graph), then `docc convert` turns each
# catalogue (Sources/<Module>/<Module>.docc) and its symbol graph into an archive.
# Options: --output DIR (default .build/docs), --skip-build (modules already built).
set -euo pipefail

cd "$(dirname "$0")/.."
modules=(Rill RillBlocking RillTest RillCocoa)
check=0
static=0
build=1
output=.build/docs
while [ $# -gt 0 ]; do
    case "$1" in
        --check) check=1 ;;
        --static) static=1 ;;
        --skip-build) build=0 ;;
        --output)
            [ $# -ge 2 ] || { echo "build-docs: --output needs a directory" >&2; exit 2; }
            output="$2"; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "build-docs: unknown argument $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

start=$(date +%s)
if [ "$build" = 1 ]; then
    # Only the library targets' modules are needed; one invocation keeps it incremental.
    swift build 2>&1 | grep -E "error|warning: " || true
    [ "${PIPESTATUS[0]}" = 0 ] || { echo "build-docs: swift build failed" >&2; exit 1; }
fi
bin=$(swift build --show-bin-path)
triple=$(swiftc -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -1)
mkdir -p "$output"
docc=$(command -v docc || xcrun --find docc)

total_warnings=0
for module in "${modules[@]}"; do
    graphs="$output/symbol-graphs/$module"
    rm -rf "$graphs" && mkdir -p "$graphs"
    swift symbolgraph-extract -module-name "$module" -target "$triple" \
        -I "$bin/Modules" -I "$bin" -I Sources/RillShims/include \
        -Xcc -fmodule-map-file="$bin/RillShims.build/module.modulemap" \
        -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"

    flags=(--additional-symbol-graph-dir "$graphs"
           --fallback-display-name "$module" --fallback-bundle-identifier "org.rill.$module")
    if [ "$static" = 1 ]; then
        destination="$output/site/$module"
        flags+=(--transform-for-static-hosting --hosting-base-path "$module")
    else
        destination="$output/$module.doccarchive"
    fi
    rm -rf "$destination" && mkdir -p "$(dirname "$destination")"
    log="$output/$module.docc.log"
    "$docc" convert "Sources/$module/$module.docc" "${flags[@]}" --output-dir "$destination" >"$log" 2>&1 ||
        { cat "$log"; echo "build-docs: docc convert failed for $module" >&2; exit 1; }
    warnings=$(grep -c '^warning:' "$log" || true)
    total_warnings=$((total_warnings + warnings))
    echo "$module: $warnings warnings ($destination, log $log)"
    if [ "$warnings" != 0 ] && [ "$check" = 1 ]; then
        # One line per warning: the message and where it is.
        grep -A1 '^warning:' "$log" | grep -v '^--$' | paste - - | sed 's/ *--> / at /' | head -40
    fi
done

if [ "$static" = 1 ]; then
    {
        echo '<!doctype html><meta charset="utf-8"><title>Rill documentation</title><ul>'
        for module in "${modules[@]}"; do
            lower=$(echo "$module" | tr '[:upper:]' '[:lower:]')
            echo "<li><a href=\"$module/documentation/$lower/\">$module</a></li>"
        done
        echo '</ul>'
    } >"$output/site/index.html"
    echo "Static site in $output/site. Serve it with:"
    echo "  python3 -m http.server 8000 --directory $output/site"
    echo "and open http://localhost:8000/ (Rill: http://localhost:8000/Rill/documentation/rill/)"
fi
echo "build-docs: $total_warnings warnings in ${#modules[@]} modules, $(( $(date +%s) - start )) s"
if [ "$check" = 1 ] && [ "$total_warnings" != 0 ]; then
    echo "build-docs: --check failed: fix the warnings above" >&2
    exit 1
fi
if [ "$check" = 1 ]; then
    # Every public symbol in a named topic group: lists each one DocC grouped by itself,
    # with the extension file and the line to add.
    python3 Scripts/check-docs-curation.py --docs "$output" "${modules[@]}" ||
        { echo "build-docs: --check failed: curate the symbols above" >&2; exit 1; }
fi
