#!/usr/bin/env python3
"""Checks that README.md's Quick start is the code the test suite compiles.

Each paragraph (lines between blank lines) of the README's first Swift block under
"## Quick start" must appear in Tests/RillTests/Documentation/ReadmeQuickStartTests.swift as
consecutive lines, indentation ignored (a test wraps top-level statements in a function).
Exits non-zero, naming the first line that is missing.
"""
import pathlib, re, sys

root = pathlib.Path(__file__).resolve().parent.parent
readme = (root / "README.md").read_text()
section = readme.split("## Quick start", 1)[1]
block = re.search(r"```swift\n(.*?)```", section, re.S).group(1)
test = [l.strip() for l in (root / "Tests/RillTests/Documentation/ReadmeQuickStartTests.swift").read_text().splitlines()]
for paragraph in re.split(r"\n\s*\n", block.strip()):
    lines = [l.strip() for l in paragraph.splitlines()]
    if not any(test[i:i + len(lines)] == lines for i in range(len(test))):
        sys.exit("README Quick start paragraph not in ReadmeQuickStartTests.swift:\n" + paragraph)
print("README Quick start: every paragraph is compiled by ReadmeQuickStartTests")
