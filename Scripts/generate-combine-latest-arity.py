#!/usr/bin/env python3
"""Regenerates the builders and cores of the fixed-arity `combineLatest` (2 to 8
sources) at the end of Sources/Rill/Operators/Combining/CombineLatest+Arity.swift,
from the line that starts the builders' doc comment. The public overloads above it
are written by hand. Run from the package root."""

import pathlib

PATH = pathlib.Path("Sources/Rill/Operators/Combining/CombineLatest+Arity.swift")
MARKER = "/// Builds the fixed-arity `combineLatest` observables."


def builder(n):
    es = [f"E{i}" for i in range(1, n + 1)]
    generics = ", ".join(es)
    params = ", ".join(f"_ o{i}: Observable<E{i}>" for i in range(1, n + 1))
    subscriptions = "\n".join(
        f"                    core.subscribe(o{i}, at: {i - 1}) {{ core.arrived($0, at: {i - 1}, slot: core.s{i}) }},"
        for i in range(1, n + 1)
    )
    return f"""    @inlinable
    static func make<{generics}, Result>(
        {params},
        _ resultSelector: @escaping ({generics}) throws -> Result
    ) -> Observable<Result> {{
        OperatorObservable {{ downstream in
            let core = CombineLatest{n}(resultSelector, downstream: downstream)
            return core.run {{
                [
{subscriptions}
                ]
            }}
        }}
    }}
"""


def core(n):
    es = [f"E{i}" for i in range(1, n + 1)]
    generics = ", ".join(es)
    slots = "\n".join(f"    @usableFromInline let s{i}: CombineLatestSlot<E{i}>" for i in range(1, n + 1))
    locals_ = "\n".join(f"        let s{i} = CombineLatestSlot<E{i}>()" for i in range(1, n + 1))
    assigns = "\n".join(f"        self.s{i} = s{i}" for i in range(1, n + 1))
    names = ", ".join(f"s{i}" for i in range(1, n + 1))
    values = ", ".join(f"s{i}.value" for i in range(1, n + 1))
    return f"""/// `combineLatest` of {n} sources: their typed slots and the result selector.
@usableFromInline
final class CombineLatest{n}<{generics}, Result>: CombineLatestCore<Result>, @unchecked Sendable {{
    // Sendable: as `CombineLatestCore`; the slots and the selector are immutable.
{slots}
    @usableFromInline let resultSelector: ({generics}) throws -> Result

    @inlinable
    init(_ resultSelector: @escaping ({generics}) throws -> Result, downstream: Sink<Result>) {{
{locals_}
{assigns}
        self.resultSelector = resultSelector
        super.init(slots: [{names}], downstream: downstream)
    }}

    @inlinable @inline(__always)
    override func emitCombination() {{
        do {{
            downstream.onNext(try resultSelector({values}))
        }} catch {{
            selectorFailed(error)
        }}
    }}

    /// An element of input `index`: stored, combined and delivered in the
    /// caller's specialised code (`emitCombination()` is called statically here).
    @inlinable @inline(__always)
    func arrived<Element>(_ element: Element, at index: Int, slot: CombineLatestSlot<Element>) {{
        guard storeClaiming(element, at: index, slot: slot) else {{ return }}
        emitCombination()
        releaseTurn()
    }}
}}
"""


text = PATH.read_text()
head = text[: text.index(MARKER)]
tail = MARKER + """ Inlinable, so that each
/// element's path is compiled for the caller's element types.
@usableFromInline
enum CombineLatestArity {
""" + "\n".join(builder(n) for n in range(2, 9)) + "}\n\n" + "\n".join(core(n) for n in range(2, 9))
PATH.write_text(head + tail)
