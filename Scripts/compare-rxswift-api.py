#!/usr/bin/env python3
"""Compares the public functions of RxSwift's traits with Rill's, signature by signature.

    Scripts/compare-rxswift-api.py [--mirror DIR] [--tag 6.10.2] [--scope traits|all]

Reads RxSwift's sources from its bare git mirror (git show TAG:path; nothing is
checked out or copied) and Rill's from Sources/Rill, extracts every public function
(name, argument labels, parameter types, generic constraints, return type, where
clause) with the enclosing type, and prints each RxSwift function that Rill lacks or
declares differently. `--scope traits` (the default) reads RxSwift/Traits and the
Observable operators that return a trait; `--scope all` reads all of RxSwift and
RxRelay.

Rill's own additions are not differences: its trailing `isolation:`, `file:` and
`line:` parameters, `@Sendable` closures, and functions RxSwift does not have. Names
of generic parameters, `some P` against `<G: P>`, and `Single<T>` against
`PrimitiveSequence<Trait, T>` inside a `Single` extension are the same API and are
not reported. The parser is a lexical one (comments and strings removed, braces
counted): good for declarations written as both projects write them, not for
arbitrary Swift. Exits 1 when it prints a difference.
"""
import argparse
import collections
import os
import re
import subprocess
import sys

TRAIT_FAMILIES = ('Infallible', 'Single', 'Maybe', 'Completable', 'PrimitiveSequence')
RILL_ADDITIONS = ('isolation', 'file', 'line')


def strip_comments_and_strings(src):
    """The source with comments removed and string literals emptied."""
    out, i, n = [], 0, len(src)
    while i < n:
        if src.startswith('//', i):
            j = src.find('\n', i)
            i = n if j < 0 else j
        elif src.startswith('/*', i):
            j = src.find('*/', i)
            i = n if j < 0 else j + 2
        elif src.startswith('"""', i):
            j = src.find('"""', i + 3)
            out.append('""')
            i = n if j < 0 else j + 3
        elif src[i] == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            out.append('""')
            i = j + 1
        else:
            out.append(src[i])
            i += 1
    return ''.join(out)


def split_top_level(text):
    """`text` split at the commas outside brackets (an arrow's `>` closes nothing)."""
    parts, depth, current = [], 0, ''
    for i, c in enumerate(text):
        if c in '([<{':
            depth += 1
        elif c in ')]}' or (c == '>' and (i == 0 or text[i - 1] != '-')):
            depth -= 1
        if c == ',' and depth == 0:
            parts.append(current)
            current = ''
        else:
            current += c
    if current.strip():
        parts.append(current)
    return parts


def normalise_type(text):
    text = ' '.join(text.split())
    # Ownership modifiers (`sending`, `consuming`, `borrowing`) change nothing a caller writes.
    text = re.sub(r'@Sendable\s*|@escaping\s*|\b(sending|consuming|borrowing|__owned|__shared)\s+|\bany\s+|\b(RxSwift|Rill)\.', '', text)
    text = re.sub(r'\s*([(),<>:\[\]&])\s*', r'\1', text)
    if text.startswith('(') and text.endswith(')') and is_wrapped(text):
        text = text[1:-1]
    return text.replace(',', ', ').replace(':', ': ').replace('->', ' -> ').replace('  ', ' ').strip()


def is_wrapped(text):
    """Whether the outer parentheses of `text` enclose a whole function type."""
    depth = 0
    for i, c in enumerate(text):
        depth += {'(': 1, ')': -1}.get(c, 0)
        if depth == 0 and i < len(text) - 1:
            return False
    return '->' in text[1:-1] and not split_top_level(text[1:-1])[1:]


def family_of(header):
    """The type an extension or declaration header extends, with its where clause."""
    matches = list(re.finditer(r'\b(extension|struct|class|enum|protocol)\s+([\w.]+)', header))
    if not matches:
        return None, False
    match = matches[-1]
    header_tail = header[match.start():]
    public = bool(re.search(r'\bpublic\s+extension\b', header))
    name = match.group(2).split('.')[-1]
    where = header_tail.split(' where ', 1)[1] if ' where ' in header_tail else ''
    where = re.sub(r'\s|Swift\.', '', where)
    if name in ('Infallible', 'InfallibleType'):
        family = 'Infallible'
    elif name in ('PrimitiveSequence', 'PrimitiveSequenceType'):
        family = next((t for t in ('Completable', 'Maybe', 'Single') if t + 'Trait' in where), 'PrimitiveSequence')
        where = re.sub(r'Trait==\w+Trait,?|Element==Never,?', '', where).strip(',')
    elif name in ('ObservableType', 'ObservableConvertibleType', 'Observable'):
        family = 'Observable'
    else:
        family = name
    return family + ('[' + where + ']' if where else ''), public


def parse_declaration(decl):
    """(name, [(label, type)], generics, return type, where) of `func ...` up to its body."""
    match = re.match(r'func\s+([^\s(<]+)\s*', decl)
    name, i = match.group(1), match.end()
    generics = ''
    if decl[i] == '<':
        depth, j = 0, i
        while True:
            if decl[j] == '<':
                depth += 1
            elif decl[j] == '>' and decl[j - 1] != '-':
                depth -= 1
            j += 1
            if depth == 0:
                break
        generics, i = decl[i + 1:j - 1], j
    while decl[i].isspace():
        i += 1
    depth, j = 0, i
    while True:
        depth += {'(': 1, ')': -1}.get(decl[j], 0)
        j += 1
        if depth == 0:
            break
    parameters = []
    for parameter in split_top_level(decl[i + 1:j - 1]):
        head, _, typ = parameter.partition(':')
        depth, cut = 0, None
        for k, c in enumerate(typ):
            if c in '([<{':
                depth += 1
            elif c in ')]}' or (c == '>' and typ[k - 1] != '-'):
                depth -= 1
            elif c == '=' and depth == 0:
                cut = k
                break
        label = head.split()[0]
        if label in RILL_ADDITIONS:
            continue
        parameters.append((label, normalise_type(typ if cut is None else typ[:cut])))
    rest = ' ' + ' '.join(decl[j:].split())
    where = ''
    if ' where ' in rest:
        rest, where = rest.split(' where ', 1)
    rest = re.sub(r'^\s*(async\s+)?(rethrows|throws)?\s*', '', rest)
    result = normalise_type(rest[2:]) if rest.startswith('->') else 'Void'
    return name, parameters, generics, result, where


def canonical(family, parameters, generics, result, where):  # noqa: C901
    """The signature with generic names replaced by position, `some P` by a generic."""
    constraints = [g.strip() for g in split_top_level(generics)] + [w.strip() for w in split_top_level(where)]
    counter = [0]

    def opaque(match):
        counter[0] += 1
        constraints.append(f'Opaque{counter[0]}: {match.group(1)}')
        return f'Opaque{counter[0]}'
    parameters = [(label, re.sub(r'\bsome\s+(\w+)', opaque, typ)) for label, typ in parameters]
    names = [c.split(':')[0].strip() for c in constraints[:len(split_top_level(generics))]]
    names += [f'Opaque{k}' for k in range(1, counter[0] + 1)]
    text = ' '.join(t for _, t in parameters) + ' ' + result
    order = sorted(names, key=lambda n: (m.start() if (m := re.search(r'\b' + re.escape(n) + r'\b', text)) else 1e9))
    rename = {n: f'G{k}' for k, n in enumerate(order)}

    def apply(s):
        s = re.sub(r'(?<![.\w])\w+\b', lambda m: rename.get(m.group(0), m.group(0)), s)
        s = s.replace('Swift.', '')
        base = family.split('[')[0]
        if base in ('Single', 'Maybe'):
            s = re.sub(r'PrimitiveSequence<Trait,\s*', base + '<', s)
        if base == 'Completable':
            s = re.sub(r'PrimitiveSequence<Trait,\s*(Element|Never)>', 'Completable', s)
        return s.replace(' ', '')
    return (
        tuple(apply(t) for _, t in parameters), apply(result),
        tuple(sorted(apply(normalise_type(c)) for c in constraints if c)),
    )


def extract(path, text):
    """Every public function declared at the top level of a type or extension."""
    src = strip_comments_and_strings(text)
    depth, header_start, stack = 0, 0, [(None, False)]
    context_at = {}
    for i, c in enumerate(src):
        if c == '{':
            if depth == 0:
                stack.append(family_of(' '.join(src[header_start:i].split())))
            else:
                stack.append(stack[-1])
            depth += 1
        elif c == '}':
            depth -= 1
            stack.pop()
            if depth == 0:
                header_start = i + 1
        elif depth == 1 and src.startswith('func ', i):
            context_at[i] = stack[-1]
    rows = []
    modifier = r'(?:public|open|private|fileprivate|internal|static|final|override|nonisolated|class|mutating)'
    for match in re.finditer(r'(?:^|(?<=\s))((?:' + modifier + r'\s+)*)func\s', src):
        start = match.end() - 5
        if start not in context_at:
            continue
        (family, public_extension), modifiers = context_at[start], match.group(1)
        if re.search(r'private|internal', modifiers):
            continue
        if not re.search(r'public|open', modifiers) and not public_extension:
            continue
        end, depth = start, 0
        while not (src[end] == '{' and depth == 0):
            depth += {'(': 1, ')': -1}.get(src[end], 0)
            end += 1
        name, parameters, generics, result, where = parse_declaration(src[start:end])
        if 'static' in modifiers:
            name = 'static ' + name
        rows.append(dict(
            family=family or '?', name=name, path=path,
            key=name + '(' + ''.join(label + ':' for label, _ in parameters) + ')',
            shown=f"({', '.join(f'{l}: {t}' for l, t in parameters)}) -> {result}"
                  + (f' <{generics}>' if generics else '') + (f' where {where}' if where else ''),
            parts=(parameters, generics, result, where),
        ))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument('--mirror', default='/work/.mirror/ReactiveX+RxSwift/repo')
    parser.add_argument('--tag', default='6.10.2')
    parser.add_argument('--scope', choices=('traits', 'all'), default='traits')
    args = parser.parse_args()

    def git(*command):
        return subprocess.run(['git', '-C', args.mirror, *command], check=True, capture_output=True, text=True).stdout
    rx_rows = []
    for path in git('ls-tree', '-r', '--name-only', args.tag, 'RxSwift', 'RxRelay').split():
        if path.endswith('.swift'):
            rx_rows += extract(path, git('show', f'{args.tag}:{path}'))
    rill_rows = []
    for directory, _, files in os.walk(os.path.join(root, 'Sources', 'Rill')):
        for file in files:
            if file.endswith('.swift'):
                path = os.path.join(directory, file)
                with open(path) as handle:
                    rill_rows += extract(os.path.relpath(path, root), handle.read())

    def in_scope(row):
        if args.scope == 'all':
            return True
        return row['family'].split('[')[0] in TRAIT_FAMILIES or (
            row['family'].startswith('Observable') and re.search('|'.join(TRAIT_FAMILIES), row['parts'][2]))
    by_key = collections.defaultdict(list)
    for row in rill_rows:
        by_key[row['key']].append(row)
    differences = 0
    for rx in filter(in_scope, rx_rows):
        family = rx['family'].split('[')[0]
        candidates = [r for r in by_key[rx['key']] if r['family'].split('[')[0] in (family, 'PrimitiveSequence')
                      or (family == 'PrimitiveSequence' and r['family'].split('[')[0] in TRAIT_FAMILIES)]
        # A generic PrimitiveSequence function matches a trait's own declaration, and
        # the other way round: each is compared as seen from the more specific side.
        def same(r):
            seen_as = r['family'] if family == 'PrimitiveSequence' else rx['family']
            return canonical(seen_as, *rx['parts']) == canonical(seen_as, *r['parts'])
        if any(same(r) for r in candidates):
            continue
        differences += 1
        print(f"{rx['family']}.{rx['key']}  ({rx['path']})\n    RxSwift: {rx['shown']}")
        for r in candidates or [{'shown': 'missing', 'path': '', 'family': ''}]:
            print(f"    Rill:    {r['shown']}  {r['family']} {r['path']}")
    print(f'{differences} RxSwift functions without an identical Rill signature', file=sys.stderr)
    return 1 if differences else 0


if __name__ == '__main__':
    sys.exit(main())
