#!/usr/bin/env python3
"""Regenerates the fixed-arity (2 to 8 sources) builders and cores of `zip` and
`combineLatest`: the end of Sources/Rill/Operators/Combining/Zip/Zip+Arity.swift from
`extension ZipArity {`, and the end of CombineLatest/CombineLatest+Arity.swift from the builders'
doc comment. The public overloads above them are written by hand. Each core is a
final subclass of `ZipCore` / `CombineLatestCore` holding one typed buffer or slot
per source and the result selector, so that an element's whole path (claim the
turn, store, combine, deliver) is one function in the caller's specialised code.
It also writes the whole of Sources/Rill/Traits/Infallible+CombineLatest+Arity.swift:
`Infallible.combineLatest` without a result selector (tuples), 2 to 8 sources, each
parameter documented.
Run from the package root: `python3 Scripts/generate-arities.py`."""

import pathlib
import re

DIR = pathlib.Path("Sources/Rill/Operators/Combining")
TRAITS = pathlib.Path("Sources/Rill/Traits")


def names(n, prefix):
    return [f"{prefix}{i}" for i in range(1, n + 1)]


def builder(n, core, part, label):
    generics = ", ".join(names(n, "E"))
    params = ", ".join(f"_ o{i}: Observable<E{i}>" for i in range(1, n + 1))
    subscriptions = "\n".join(
        f"                core.subscribe(o{i}, at: {i - 1}) {{ core.arrived($0, at: {i - 1}, {label}: core.{part}{i}) }}"
        for i in range(1, n + 1)
    )
    run = f"""            return core.run {{
{subscriptions}
            }}"""
    return f"""    @inlinable
    static func make<{generics}, Result>(
        {params},
        _ resultSelector: @escaping ({generics}) throws -> Result
    ) -> Observable<Result> {{
        OperatorObservable {{ downstream in
            let core = {core}{n}(resultSelector, downstream: downstream)
{run}
        }}
    }}
"""


def core(n, core, part, kind, label, claim, emit, value, what):
    generics = ", ".join(names(n, "E"))
    stored = "\n".join(f"    @usableFromInline let {part}{i}: {kind}<E{i}>" for i in range(1, n + 1))
    locals_ = "\n".join(f"        let {part}{i} = {kind}<E{i}>()" for i in range(1, n + 1))
    assigns = "\n".join(f"        self.{part}{i} = {part}{i}" for i in range(1, n + 1))
    parts = ", ".join(names(n, part))
    values = ", ".join(f"{part}{i}.{value}" for i in range(1, n + 1))
    return f"""/// `{core[0].lower() + core[1:]}` of {n} sources: their typed {what} and the result selector.
@usableFromInline
final class {core}{n}<{generics}, Result>: {core}Core<Result>, @unchecked Sendable {{
    // Sendable: as `{core}Core`; the {what} and the selector are immutable.
{stored}
    @usableFromInline let resultSelector: ({generics}) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping ({generics}) throws -> Result, downstream: Sink<Result>) {{
{locals_}
{assigns}
        self.resultSelector = resultSelector
        super.init({label}s: [{parts}], downstream: downstream)
    }}

    @inlinable @inline(__always)
    override func {emit}() {{
        do {{
            downstream.onNext(try resultSelector({values}))
        }} catch {{
            selectorFailed(error)
        }}
    }}

    /// An element of input `index`, handled in the caller's specialised code
    /// (`{emit}()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, {label}: {kind}<Element>) {{
        guard {claim}(element, at: index, {label}: {label}) else {{ return }}
        {emit}()
        releaseTurn()
    }}
}}
"""


def regenerate(file, marker, header, core_name, part, kind, label, claim, emit, value, what):
    path = DIR / file
    text = path.read_text()
    head = text[: text.index(marker)]
    builders = "\n".join(builder(n, core_name, part, label) for n in range(2, 9))
    cores = "\n".join(core(n, core_name, part, kind, label, claim, emit, value, what) for n in range(2, 9))
    path.write_text(head + header + builders + "}\n\n" + cores)


regenerate(
    "Zip/Zip+Arity.swift", "extension ZipArity {", "extension ZipArity {\n",
    "Zip", "b", "ZipBuffer", "buffer", "acceptClaiming", "emitRow", "take()", "buffers",
)
regenerate(
    "CombineLatest/CombineLatest+Arity.swift", "/// Builds the fixed-arity `combineLatest` observables.",
    "/// Builds the fixed-arity `combineLatest` observables. Inlinable, so that each\n"
    "/// element's path is compiled for the caller's element types.\n"
    "@usableFromInline\nenum CombineLatestArity {\n",
    "CombineLatest", "s", "CombineLatestSlot", "slot", "storeClaiming", "emitCombination", "value", "slots",
)


ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"]


def infallible_tuple_combine_latest(n):
    generics = ", ".join(f"I{i}: InfallibleType" for i in range(1, n + 1))
    params = ", ".join(f"_ source{i}: I{i}" for i in range(1, n + 1))
    elements = ", ".join(f"I{i}.Element" for i in range(1, n + 1))
    args = ", ".join(f"source{i}.asObservable()" for i in range(1, n + 1))
    docs = "\n".join(f"    ///   - source{i}: The {ORDINALS[i - 1]} source." for i in range(1, n + 1))
    example = ""
    if n == 2:
        example = """    ///
    /// ```swift
    /// Infallible.combineLatest(name, age)   // Infallible<(String, Int)>
    /// ```
"""
    return f"""extension InfallibleType where Element == Any {{
    /// Combines the latest elements of {n} sources into a tuple whenever any of them
    /// emits, once each has emitted; completes when all have completed.
    ///
    /// Behaves as `Observable.combineLatest` of the same sources: the tuple is
    /// delivered on the thread of the source whose element completed it.
{example}    ///
    /// - Parameters:
{docs}
    /// - Returns: An `Infallible` of the tuples of the latest elements.
    public static func combineLatest<{generics}>(
        {params}
    ) -> Infallible<({elements})> {{
        Infallible<({elements})>(Observable.combineLatest({args}))
    }}
}}
"""


(TRAITS / "Infallible+CombineLatest+Arity.swift").write_text(
    "// Infallible.combineLatest without a result selector (tuples), 2 to 8 sources,\n"
    "// over Observable.combineLatest. Generated by `python3 Scripts/generate-arities.py`:\n"
    "// edit the script, not this file.\n\n"
    + "\n".join(infallible_tuple_combine_latest(n) for n in range(2, 9))
)


# Every parameter of the fixed-arity public overloads gets a DocC entry: the pass
# below adds a `- Parameters:` list (keeping any entry already written) to each
# public function of these files whose doc comment lacks one. It only adds doc
# lines, so running it again changes nothing.
DOCUMENTED_FILES = [
    DIR / "Zip/Zip+Arity.swift",
    DIR / "CombineLatest/CombineLatest+Arity.swift",
    TRAITS / "PrimitiveSequence+Zip+Arity.swift",
    TRAITS / "Infallible+Combining.swift",
]

PARAMETER_TEXT = {
    "resultSelector": "Makes the result from one element of each source; an error it throws ends the sequence.",
    "isolation": "The caller's actor, found automatically: a selector written in actor-isolated code is checked when it runs (see `map`).",
    "collection": "The sources.",
    "sources": "The sources.",
    "sequence": "The sources, in order.",
    "second": "The other sequence.",
}


def parameter_text(name):
    if name.startswith("source") and name[6:].isdigit():
        return f"The {ORDINALS[int(name[6:]) - 1]} source."
    if name in PARAMETER_TEXT:
        return PARAMETER_TEXT[name]
    raise SystemExit(f"generate-arities.py: no documentation text for parameter `{name}`")


def split_top_level(text):
    parts, depth, current = [], 0, ""
    for i, ch in enumerate(text):
        if ch in "(<[":
            depth += 1
        elif ch in ")]" or (ch == ">" and text[i - 1] != "-"):
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current)
    return parts


def parameter_names(signature):
    # The parameter list: from the `(` after the generic clause to its match.
    start = signature.index("(", signature.index("func "))
    depth = 0
    for i in range(start, len(signature)):
        if signature[i] == "(":
            depth += 1
        elif signature[i] == ")":
            depth -= 1
            if depth == 0:
                end = i
                break
    names = []
    for part in split_top_level(signature[start + 1:end]):
        words = part.split(":")[0].split()
        if words:
            names.append(words[-1])
    return names


def wrapped(first, rest, text, width=92):
    lines, current = [], first
    for word in text.split():
        if len(current) + len(word) + 1 > width and current.strip() not in ("///", first.strip()):
            lines.append(current.rstrip())
            current = rest
        current += word + " "
    lines.append(current.rstrip())
    return lines


def document_parameters(path):
    lines = path.read_text().split("\n")
    out = list(lines)
    offset = 0
    for index, line in enumerate(lines):
        if not re.match(r"\s*public (static )?func ", line):
            continue
        signature = ""
        j = index
        while True:
            signature += lines[j] + "\n"
            if ") ->" in lines[j] or lines[j].rstrip().endswith("{"):
                break
            j += 1
        names = parameter_names(signature)
        if not names:
            continue
        # The doc block above the attributes.
        k = index - 1
        while k >= 0 and lines[k].strip().startswith("@"):
            k -= 1
        end_doc = k
        while k >= 0 and lines[k].strip().startswith("///"):
            k -= 1
        start_doc = k + 1
        doc = lines[start_doc:end_doc + 1]
        if not doc:
            raise SystemExit(f"{path}:{index + 1}: public function without a doc comment")
        text = "\n".join(doc)
        if re.search(r"-\s*Parameters\s*:", text):
            continue
        indent = doc[0][: len(doc[0]) - len(doc[0].lstrip())]
        # Keep single `- Parameter x:` entries (with their continuation lines).
        kept, body, i = {}, [], 0
        while i < len(doc):
            match = re.match(r"\s*///\s*-\s*Parameter\s+(\w+)\s*:\s*(.*)", doc[i])
            if match:
                entry = match.group(2)
                i += 1
                while i < len(doc) and re.match(r"\s*///\s{3,}\S", doc[i]):
                    entry += " " + doc[i].strip()[3:].strip()
                    i += 1
                kept[match.group(1)] = entry
                continue
            body.append(doc[i])
            i += 1
        entries = [f"{indent}/// - Parameters:"]
        for name in names:
            entries += wrapped(f"{indent}///   - {name}: ", f"{indent}///     ", kept.get(name) or parameter_text(name))
        returns = next((n for n, l in enumerate(body) if re.match(r"\s*///\s*-\s*Returns", l)), None)
        if returns is None:
            while body and body[-1].strip() == "///":
                body.pop()
            new_doc = body + [f"{indent}///"] + entries
        else:
            before = body[:returns]
            if before and before[-1].strip() != "///":
                before.append(f"{indent}///")
            new_doc = before + entries + body[returns:]
        out[start_doc + offset:end_doc + 1 + offset] = new_doc
        offset += len(new_doc) - len(doc)
    path.write_text("\n".join(out))


for documented in DOCUMENTED_FILES:
    document_parameters(documented)
