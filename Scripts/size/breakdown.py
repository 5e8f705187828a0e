#!/usr/bin/env python3
"""Where the bytes of an unstripped SizeProbe build go (Scripts/size.sh --breakdown).

    python3 Scripts/size/breakdown.py PROGRAM [--top N] [--types N]

Prints the program's sections (what `strip` keeps), then the defined symbols' sizes
(`nm -S -l`, demangled) grouped twice: by the part of the library they come from (the
source file's folder, from the debug line table; a symbol without a line, such as
metadata or a value witness, by the file that declares the type it names) and by what
they are (code, specialisations, witness thunks, value witnesses and outlined copies,
metadata, descriptors). --top N lists the N largest symbols. --types N lists the N
value types (structs, enums) that cost the most: Swift emits metadata, a value-witness
table and its functions for every value type (reflection keeps them), whether or not
generic code uses it. Symbol sizes leave out what each function adds to .eh_frame,
.eh_frame_hdr and .rela.dyn (about 45 bytes a function, 24 a relocated pointer).
"""
import collections
import pathlib
import re
import subprocess
import sys

DECLARATION = re.compile(r"^(?:(?:public|package|internal|private|fileprivate|final|open|indirect|"
                         r"@\w+(?:\([^)]*\))?)\s+)*(?:class|struct|enum|actor|protocol)\s+(\w+)", re.M)


def declaring_files(symbols):
    """Each top-level type of Rill (found through the paths in the line table) and the
    file under Sources/Rill that declares it."""
    for _, _, where in symbols:
        if where and "/Sources/Rill/" in where:
            root = pathlib.Path(where.split("/Sources/Rill/")[0]) / "Sources" / "Rill"
            break
    else:
        return {}
    files = {}
    for path in root.rglob("*.swift"):
        for name in DECLARATION.findall(path.read_text()):
            files.setdefault(name, str(path.relative_to(root)))
    return files


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


def demangle(names, simplified=True):
    out = subprocess.run(["swift", "demangle"] + (["--simplified"] if simplified else []), input="\n".join(names),
                         capture_output=True, text=True, check=True).stdout
    return out.splitlines()


MODULES = [("Rill", "4Rill"), ("RillBlocking", "12RillBlocking"), ("RxSwift", "7RxSwift"),
           ("RxRelay", "7RxRelay"), ("RxBlocking", "10RxBlocking"), ("SizeProbe", "9SizeProbe")]


def module_of(name, where):
    if where:
        for module, folder in [("RillBlocking", "/Sources/RillBlocking/"), ("Rill", "/Sources/Rill/"),
                               ("RxSwift", "/Sources/RxSwift/"), ("RxRelay", "/Sources/RxRelay/"),
                               ("RxBlocking", "/Sources/RxBlocking/"), ("SizeProbe", "/SizeProbe/")]:
            if folder in where:
                return module
    for module, prefix in MODULES:
        if re.match(r"^_?\$s" + prefix, name):
            return module
    return "other (runtime, C, program)"


def kind_of(text):
    """What a symbol is, from its demangled text."""
    if re.match(r"(value witness|outlined |initializeWithCopy|initializeWithTake|assignWithCopy|"
                r"assignWithTake|destroy|storeEnumTagSinglePayload|getEnumTagSinglePayload|"
                r"initializeBufferWithCopyOfBuffer|getEnumTag|destructiveProjectEnumData|"
                r"destructiveInjectEnumTag|__swift_memcpy|__swift_noop)", text):
        return "value witnesses, outlined copies"
    if text.startswith(("generic specialization", "specialized")):
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


def part_of(module, where, full, files):
    """The part of the library a symbol comes from: its file's folder (Operators one
    level deeper), the generated arity files, IsolationCheck."""
    if module != "Rill":
        return module
    if where:
        path = where.split("/Sources/Rill/", 1)[1]
    else:
        named = re.search(r"Rill\.(?:\((\w+) in \w+\)|(\w+))", full)
        path = files.get(named.group(1) or named.group(2)) if named else None
        if re.search(r"\b(Zip|CombineLatest)\d", full):
            path = "Operators/Combining/+Arity"
        if path is None:
            return "Rill: (no line, no Rill type)"
    if "+Arity" in path:
        return "Rill: generated arity (zip, combineLatest)"
    if "IsolationCheck" in path:
        return "Rill: Internal/IsolationCheck"
    folders = path.split("/")[:-1]
    return "Rill: " + "/".join(folders[:2] if folders[:1] == ["Operators"] else folders[:1])


TYPE_SYMBOL = re.compile(
    r"^(?:value witness table|type metadata accessor|type metadata completion function|full type metadata|"
    r"type metadata|nominal type descriptor|reflection metadata field descriptor|generic type metadata pattern|"
    r"type metadata instantiation function|metadata instantiation cache|[a-zA-Z]+ value witness|"
    r"outlined [a-z ]+|initializeWithCopy|initializeWithTake|assignWithCopy|assignWithTake|destroy|"
    r"storeEnumTagSinglePayload|getEnumTagSinglePayload|initializeBufferWithCopyOfBuffer|getEnumTag|"
    r"destructiveProjectEnumData|destructiveInjectEnumTag)(?: value witness)? (?:for|of) (.*)$")


def value_types(syms, texts, limit):
    """The value types with a value-witness table of their own, and the symbols that
    exist for each (metadata, descriptors, value witnesses, outlined copies)."""
    names = {t[len("value witness table for "):] for t in texts if t.startswith("value witness table for ")}
    cost, functions = collections.Counter(), collections.Counter()
    for (size, _, _), text in zip(syms, texts):
        found = TYPE_SYMBOL.match(text)
        if found and re.sub(r"<.*>", "", found.group(1)) in names:
            name = re.sub(r"<.*>", "", found.group(1))
            cost[name] += size
            if not text.startswith(("value witness table", "full type metadata", "type metadata for",
                                    "nominal type descriptor", "reflection metadata", "generic type metadata pattern",
                                    "metadata instantiation cache")):
                functions[name] += 1
    total, count = sum(cost.values()), sum(functions.values())
    print(f"\nvalue types with their own value witnesses: {len(names)}, {total:,} bytes of symbols in "
          f"{count:,} functions (each function adds about 45 bytes of unwind tables)")
    for name, size in cost.most_common(limit):
        print(f"  {size:>8,}  {functions[name]:>3} functions  {name}")


def table(title, counter, total, limit=None):
    print(f"\n{title}")
    for key, size in counter.most_common(limit):
        print(f"  {size:>10,}  {100 * size / total:5.1f}%  {key}")


def main():
    program = sys.argv[1]
    top = int(sys.argv[sys.argv.index("--top") + 1]) if "--top" in sys.argv else 0
    types = int(sys.argv[sys.argv.index("--types") + 1]) if "--types" in sys.argv else 0
    print(f"== {program}")
    rows = sections(program)
    alloc = sum(size for _, size in rows)
    table("sections", collections.Counter(dict(rows)), alloc)
    syms = symbols(program)
    texts = demangle([name for _, name, _ in syms])
    fulls = demangle([name for _, name, _ in syms], simplified=False)
    files = declaring_files(syms)
    parts, kinds, cross = collections.Counter(), collections.Counter(), collections.Counter()
    isolation = 0
    total = 0
    for (size, name, where), text, full in zip(syms, texts, fulls):
        module = module_of(name, where)
        part, kind = part_of(module, where, full, files), kind_of(text)
        if "IsolationCheck" in full:
            isolation += size
        parts[part] += size
        kinds[kind] += size
        if module in ("Rill", "RillBlocking", "RxSwift", "RxRelay", "RxBlocking"):
            cross[f"{module}: {kind}"] += size
        total += size
    print(f"\nsymbols with a size: {total:,} bytes")
    table("by part", parts, total)
    table("by kind (library modules only)", cross, total)
    table("by kind (all)", kinds, total)
    print(f"\nsymbols naming IsolationCheck (its checks and the closures wrapping a checked closure): {isolation:,}")
    if types:
        value_types(syms, texts, types)
    if top:
        print(f"\nlargest {top}")
        ranked = sorted(zip(syms, texts), key=lambda row: -row[0][0])[:top]
        for (size, _, _), text in ranked:
            print(f"  {size:>8,}  {text[:150]}")


main()
