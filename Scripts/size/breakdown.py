#!/usr/bin/env python3
"""Where the bytes of an unstripped SizeProbe build go (Scripts/size.sh --breakdown).

    python3 Scripts/size/breakdown.py PROGRAM [--top N]

Prints the program's sections (what `strip` keeps), then the defined symbols' sizes
(`nm -S -l`, demangled) grouped twice: by the part of the library they come from (the
source file's folder, from the debug line table; data symbols by the file that declares
their type) and by what they are (code, specialisations, witness thunks, value witnesses
and outlined copies, metadata, descriptors). --top N lists the N largest symbols.
"""
import collections
import re
import subprocess
import sys


def sections(program):
    """The allocated sections and their sizes, from `size -A`."""
    out = subprocess.run(["size", "-A", program], capture_output=True, text=True, check=True).stdout
    rows = []
    for line in out.splitlines()[2:]:
        parts = line.split()
        if len(parts) == 3 and parts[0].startswith(".") and int(parts[2]) != 0:
            rows.append((parts[0], int(parts[1])))
    return rows


def symbols(program):
    """(size, mangled name, source file or None) for every defined symbol with a size."""
    out = subprocess.run(["nm", "-S", "-l", "--defined-only", program],
                         capture_output=True, text=True, check=True).stdout
    result = []
    for line in out.splitlines():
        fields = line.split("\t")
        head = fields[0].split()
        if len(head) < 4:
            continue
        size, name = int(head[1], 16), head[3]
        where = fields[1].rsplit(":", 1)[0] if len(fields) > 1 else None
        result.append((size, name, where))
    return result


def demangle(names):
    out = subprocess.run(["swift", "demangle", "--simplified"], input="\n".join(names),
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


MODULES = [("Rill", "4Rill"), ("RillBlocking", "12RillBlocking"), ("RxSwift", "7RxSwift"),
           ("RxRelay", "7RxRelay"), ("RxBlocking", "10RxBlocking"), ("SizeProbe", "9SizeProbe")]


def module_of(name, where):
    if where:
        for module, folder in [("RillBlocking", "/Sources/RillBlocking/"), ("Rill", "/Sources/Rill/"),
                               ("RxSwift", "/RxSwift/RxSwift/"), ("RxRelay", "/RxSwift/RxRelay/"),
                               ("RxBlocking", "/RxSwift/RxBlocking/"), ("SizeProbe", "/SizeProbe/")]:
            if folder in where:
                return module
    for module, prefix in MODULES:
        if re.match(r"^_?\$s" + prefix, name):
            return module
    return "other (runtime, C, program)"


def kind_of(text):
    """What a symbol is, from its demangled text."""
    if text.startswith("value witness") or "outlined " in text or "destroy" in text and "of " in text:
        return "value witnesses, outlined copies"
    if text.startswith("generic specialization"):
        return "specialisations"
    if text.startswith("protocol witness for"):
        return "witness thunks"
    if text.startswith(("type metadata", "full type metadata", "metadata completion",
                        "generic type metadata pattern", "metadata instantiation cache",
                        "class metadata base offset", "lazy cache variable", "demangling cache",
                        "associated type")):
        return "metadata"
    if text.startswith(("nominal type descriptor", "protocol descriptor", "protocol conformance descriptor",
                        "protocol witness table", "method descriptor", "property descriptor",
                        "reflection metadata", "module descriptor", "extension descriptor",
                        "anonymous descriptor", "associated conformance descriptor",
                        "base conformance descriptor", "protocol requirements base descriptor",
                        "dispatch thunk", "method lookup function", "generic protocol witness table",
                        "instantiation function for generic protocol witness table")):
        return "descriptors, witness tables"
    if text.startswith(("reabstraction thunk", "partial apply", "closure #", "implicit closure")):
        return "closures, thunks"
    return "code"


def part_of(module, where, text):
    """The part of the library a symbol comes from."""
    if module == "Rill":
        if where:
            path = where.split("/Sources/Rill/", 1)[1]
            if "+Arity" in path:
                return "Rill: generated arity (zip, combineLatest)"
            if "IsolationCheck" in path:
                return "Rill: Internal/IsolationCheck"
            return "Rill: " + path.split("/")[0]
        if re.search(r"\b(Zip|CombineLatest)\d", text):
            return "Rill: generated arity (zip, combineLatest)"
        return "Rill: (data, no line)"
    return module


def table(title, counter, total, limit=None):
    print(f"\n{title}")
    for key, size in counter.most_common(limit):
        print(f"  {size:>10,}  {100 * size / total:5.1f}%  {key}")


def main():
    program = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 0
    print(f"== {program}")
    rows = sections(program)
    alloc = sum(size for _, size in rows)
    table("sections", collections.Counter(dict(rows)), alloc)
    syms = symbols(program)
    texts = demangle([name for _, name, _ in syms])
    parts, kinds, cross = collections.Counter(), collections.Counter(), collections.Counter()
    total = 0
    for (size, name, where), text in zip(syms, texts):
        module = module_of(name, where)
        part, kind = part_of(module, where, text), kind_of(text)
        parts[part] += size
        kinds[kind] += size
        if module in ("Rill", "RillBlocking", "RxSwift", "RxRelay", "RxBlocking"):
            cross[f"{module}: {kind}"] += size
        total += size
    print(f"\nsymbols with a size: {total:,} bytes")
    table("by part", parts, total)
    table("by kind (library modules only)", cross, total)
    table("by kind (all)", kinds, total)
    if top:
        print(f"\nlargest {top}")
        ranked = sorted(zip(syms, texts), key=lambda row: -row[0][0])[:top]
        for (size, _, _), text in ranked:
            print(f"  {size:>8,}  {text[:150]}")


main()
