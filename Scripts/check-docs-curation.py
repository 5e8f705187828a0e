#!/usr/bin/env python3
"""Fails when a page of the built documentation has a topic group DocC made by itself.

DocC puts every public symbol that no `## Topics` section names into an automatic group
("Instance Methods", "Type Methods", "Initializers", "Default Implementations", ...); the
render JSON marks such a section `"generated": true`. Rill's rule is that every public
symbol sits in a named group of its parent's page, so this script reads the archives
`Scripts/build-docs.sh` wrote and lists, page by page, each symbol still in an automatic
group, with the file to add it to and the line to add.

    Scripts/check-docs-curation.py [--docs DIR] [MODULE ...]

DIR is build-docs.sh's output (default .build/docs: DIR/<Module>.doccarchive, or
DIR/site/<Module> after --static); MODULE defaults to Rill RillBlocking RillTest RillCocoa.
Exits 1 if any symbol is uncurated, 2 if an archive is missing. Run by
`Scripts/build-docs.sh --check`.
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["Rill", "RillBlocking", "RillTest", "RillCocoa"]


def link_of(identifier):
    """`doc://bundle/documentation/Rill/Event/next(_:)` -> `Rill/Event/next(_:)`."""
    return identifier.split("/documentation/", 1)[1]


def extension_files(module):
    """The catalogue's Markdown files that extend a symbol, by the symbol's link."""
    files = {}
    for path in sorted((ROOT / "Sources" / module / f"{module}.docc").rglob("*.md")):
        for line in path.read_text().splitlines():
            if line.strip():
                match = re.match(r"#\s+``(.+)``\s*$", line.strip())
                if match:
                    target = match.group(1)
                    if not target.startswith(module + "/") and target != module:
                        target = f"{module}/{target}"
                    files.setdefault(target, []).append(path)
                break
    return files


def where_to_curate(module, page, files):
    """What to tell the reader about the file that curates `page` (a link)."""
    candidates = files.get(page, [])
    with_topics = [path for path in candidates if "## Topics" in path.read_text()]
    chosen = (with_topics or candidates or [None])[0]
    if chosen is not None:
        return f"{chosen.relative_to(ROOT)}: add under a named `### ` group of its `## Topics` section"
    name = page.split("/", 1)[1].replace("/", "-") if "/" in page else module
    new = pathlib.Path("Sources") / module / f"{module}.docc" / "Symbols" / f"{name}.md"
    return f"create {new}, starting `# ``{page}```, then `## Topics` and a named `### ` group"


def uncurated(archive):
    """{page link: [(symbol link, automatic group, title)]} for one archive."""
    pages = []
    curated = {}  # page link -> the symbols its named groups list
    for path in sorted((archive / "data" / "documentation").rglob("*.json")):
        page = json.loads(path.read_text())
        identifier = page.get("identifier", {}).get("url", "")
        if "/documentation/" not in identifier:
            continue
        pages.append(page)
        curated[link_of(identifier)] = {
            symbol for section in page.get("topicSections", []) if not section.get("generated")
            for symbol in section.get("identifiers", [])}
    found = {}
    for page in pages:
        owner = link_of(page["identifier"]["url"])
        implementations = page.get("metadata", {}).get("role") == "collectionGroup"
        if implementations:
            # An "X Implementations" page (a type's members that implement protocol X's
            # requirements): its symbols belong in the type's own groups. DocC keeps
            # listing them here even once they are curated there (swift-docc issue 394),
            # so only those the type's page does not list count.
            owner = owner.rsplit("/", 1)[0]
        references = page.get("references", {})
        for section in page.get("topicSections", []):
            if not section.get("generated"):
                continue
            for symbol in section.get("identifiers", []):
                reference = references.get(symbol, {})
                if reference.get("role") == "collectionGroup":
                    continue  # its symbols are checked on the collection page itself
                if implementations and symbol in curated.get(owner, set()):
                    continue
                found.setdefault(owner, []).append(
                    (link_of(symbol), section.get("title", "?"), reference.get("title", "")))
    return found


def main(arguments):
    docs = ROOT / ".build" / "docs"
    modules = []
    while arguments:
        argument = arguments.pop(0)
        if argument == "--docs" and arguments:
            docs = pathlib.Path(arguments.pop(0)).resolve()
        elif argument in ("-h", "--help"):
            print(__doc__)
            return 0
        else:
            modules.append(argument)
    total = 0
    for module in modules or MODULES:
        archive = docs / f"{module}.doccarchive"
        if not archive.is_dir():
            archive = docs / "site" / module
        if not (archive / "data" / "documentation").is_dir():
            print(f"check-docs-curation: no archive for {module} in {docs} (run Scripts/build-docs.sh)",
                  file=sys.stderr)
            return 2
        found = uncurated(archive)
        count = sum(len(symbols) for symbols in found.values())
        total += count
        if not count:
            print(f"{module}: every public symbol is in a named topic group")
            continue
        files = extension_files(module)
        print(f"{module}: {count} symbols in automatic topic groups on {len(found)} pages")
        for page in sorted(found):
            print(f"\n  ``{page}`` -> {where_to_curate(module, page, files)}:")
            width = max(len(link) for link, _, _ in found[page]) + 6
            for link, group, _ in sorted(found[page], key=lambda item: (item[1], item[0])):
                print(f"    {'- ``' + link + '``':<{width}} (now in \"{group}\")")
        print()
    if total:
        print(f"check-docs-curation: {total} public symbols are in automatic topic groups; add each line "
              "above to a named `### ` group of the file named (Scripts/check-docs-curation.py)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
