#!/usr/bin/env python3
"""Differential testing of Rill against RxSwift 6.10 on random operator chains (see README.md).

    Scripts/fidelity/run.py run [--rill DIR] [--seed S] [--count N] [--batch B] [--label L] [--minimise]
    Scripts/fidelity/run.py minimise [--rill DIR] --label L [--max M]
    Scripts/fidelity/run.py show [--rill DIR] --label L CHAIN_ID [--minimised]

RxSwift is never kept in Rill: it is extracted at run time from a git mirror of ReactiveX/RxSwift
(FIDELITY_MIRROR, else RXSUITE_MIRROR, else /work/.mirror/ReactiveX+RxSwift/repo; tag
FIDELITY_RXSWIFT_TAG, default 6.10.2) into FIDELITY_WORK (default /tmp/fidelity), or taken from
FIDELITY_RXSWIFT (an extracted checkout). Everything is built and run under FIDELITY_WORK.
"""
import argparse
import fcntl
import hashlib
import json
import os
import re
import select
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import chains  # noqa: E402

WORK = os.environ.get('FIDELITY_WORK', '/tmp/fidelity')
TAG = os.environ.get('FIDELITY_RXSWIFT_TAG', '6.10.2')
CHAIN_TIMEOUT = int(os.environ.get('FIDELITY_CHAIN_TIMEOUT', '20'))
BUILD_TIMEOUT = int(os.environ.get('FIDELITY_BUILD_TIMEOUT', '3600'))
PER_FILE = 40          # chain functions per Swift file (the compiler works file by file)


def out(s=''):
    print(s, flush=True)


# ------------------------------------------------------------------------------------------------ packages

def rxswift_checkout():
    given = os.environ.get('FIDELITY_RXSWIFT')
    if given:
        return os.path.realpath(given)
    path = os.path.join(WORK, f'rxswift-{TAG}')
    if os.path.isfile(os.path.join(path, 'Package.swift')):
        return path
    mirror = os.environ.get('FIDELITY_MIRROR') or os.environ.get('RXSUITE_MIRROR') or '/work/.mirror/ReactiveX+RxSwift/repo'
    os.makedirs(path, exist_ok=True)
    archive = subprocess.Popen(['git', '--git-dir', mirror, 'archive', TAG], stdout=subprocess.PIPE)
    subprocess.check_call(['tar', '-x', '-C', path], stdin=archive.stdout)
    if archive.wait() != 0:
        sys.exit(f'cannot read tag {TAG} from the RxSwift mirror {mirror} (set FIDELITY_MIRROR)')
    return path


class Library:
    """One side: a SwiftPM package whose executable runs the chains against one library."""

    def __init__(self, side, checkout):
        self.side = side
        self.checkout = checkout
        key = hashlib.sha1(checkout.encode()).hexdigest()[:8]
        self.pkg = os.path.join(WORK, f'pkg-{side}-{key}')
        if side == 'rx':
            self.imports = 'import Foundation\nimport RxSwift\nimport RxRelay\nimport RxTest\n'
            products = '"RxSwift", "RxRelay", "RxTest"'
        else:
            self.imports = 'import Foundation\nimport Rill\nimport RillTest\n'
            products = '"Rill", "RillTest"'
        package = os.path.basename(checkout).lower()
        deps = ', '.join(f'.product(name: {p}, package: "{package}")' for p in products.split(', '))
        manifest = f'''// swift-tools-version:5.9
import PackageDescription
let package = Package(
    name: "Fidelity",
    dependencies: [.package(path: "{checkout}")],
    targets: [.executableTarget(name: "Fidelity", dependencies: [{deps}], swiftSettings: [.unsafeFlags(["-Onone"])])],
    swiftLanguageVersions: [.v5]
)
'''
        os.makedirs(os.path.join(self.pkg, 'Sources', 'Fidelity'), exist_ok=True)
        write_if_changed(os.path.join(self.pkg, 'Package.swift'), manifest)

    def write(self, functions):
        """functions: [(name, swift text)]. Replaces the program's sources."""
        src = os.path.join(self.pkg, 'Sources', 'Fidelity')
        wanted = {'Prelude.swift': self.imports + chains.PRELUDE,
                  'main.swift': self.imports + chains.MAIN % ',\n'.join(f'    ("{n}", {n})' for n, _ in functions)}
        for k in range(0, len(functions), PER_FILE):
            wanted[f'Chains{k // PER_FILE:04}.swift'] = self.imports + '\n' + '\n\n'.join(t for _, t in functions[k:k + PER_FILE]) + '\n'
        for f in os.listdir(src):
            if f not in wanted:
                os.remove(os.path.join(src, f))
        for f, text in wanted.items():
            write_if_changed(os.path.join(src, f), text)

    def build(self):
        t0 = time.time()
        log = os.path.join(self.pkg, 'build.log')
        with open(log, 'w') as f:
            try:
                rc = subprocess.run(['nice', 'swift', 'build'], cwd=self.pkg, stdout=f, stderr=subprocess.STDOUT,
                                    timeout=BUILD_TIMEOUT).returncode
            except subprocess.TimeoutExpired:
                rc = 124
        if rc != 0:
            errors = [l for l in open(log, errors='replace') if ': error: ' in l]
            out(f'{self.side}: build failed (rc {rc}), {log}')
            for l in errors[:20]:
                out('  ' + l.rstrip()[:300])
            sys.exit(1)
        return time.time() - t0

    def run(self, count):
        """Runs the program; returns {index: (status, [lines])}, status ok, crash or hang. A chain
        that crashes, or runs longer than FIDELITY_CHAIN_TIMEOUT seconds, is recorded as such and
        the program is started again at the next chain."""
        exe = os.path.join(self.pkg, '.build', 'debug', 'Fidelity')
        results, start = {}, 0
        while start < count:
            proc = subprocess.Popen([exe, str(start)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
            current, lines, hung, buffer = None, [], False, b''
            while True:
                ready, _, _ = select.select([proc.stdout], [], [], CHAIN_TIMEOUT)
                if not ready:
                    hung = True
                    proc.kill()
                    break
                chunk = os.read(proc.stdout.fileno(), 1 << 16)
                if not chunk:
                    break
                buffer += chunk
                *complete, buffer = buffer.split(b'\n')
                for raw in complete:
                    l = raw.decode(errors='replace')
                    m = re.match(r'#chain (\d+) ', l)
                    if m:
                        current, lines = int(m.group(1)), []
                    elif re.match(r'#end \d+', l):
                        results[current] = ('ok', lines)
                        current = None
                    elif current is not None and l[:2] in ('E ', 'S ', 'D '):
                        lines.append(l.replace('Rill.', 'RxSwift.'))
            proc.wait()
            if current is None:
                break
            results[current] = ('hang' if hung else 'crash', lines)
            start = current + 1
        return results


def write_if_changed(path, text):
    if os.path.exists(path) and open(path).read() == text:
        return
    with open(path, 'w') as f:
        f.write(text)


# ------------------------------------------------------------------------------------------------ comparing

def difference(rx, rill):
    """The kinds in which the two results differ: E (events), S (subscriptions), D (do log), crash."""
    (rs, rl), (ls, ll) = rx, rill
    kinds = set()
    if rs != ls:
        kinds.add(f'{rs}/{ls}')
    for k in 'ESD':
        if [l for l in rl if l[0] == k] != [l for l in ll if l[0] == k]:
            kinds.add(k)
    return sorted(kinds)


def features(rx, rill):
    """Tags naming how two results differ, for grouping: events; subscription-ends-later or
    -earlier (same subscriptions, ended at another time) or subscriptions; do-order:HOOKS (the
    same hooks at the same times in another order; HOOKS: those out of place), do-time:HOOKS
    (hooks run at another time), do-extra:HOOKS / do-missing:HOOKS (only on Rill's / RxSwift's side)."""
    (rs, rl), (ls, ll) = rx, rill
    tags = set()
    if rs != ls:
        tags.add(f'{rs}/{ls}')
    pick = lambda lines, k: [l for l in lines if l[0] == k]
    if pick(rl, 'E') != pick(ll, 'E'):
        tags.add('events')
    subs = lambda lines: [l.split() for l in pick(lines, 'S')]
    rs_, ls_ = subs(rl), subs(ll)
    if rs_ != ls_:
        end = lambda v: float('inf') if v == 'inf' else int(v)
        if len(rs_) == len(ls_) and all(a[:3] == b[:3] for a, b in zip(rs_, ls_)):
            for a, b in zip(rs_, ls_):
                if a[3] != b[3]:
                    tags.add('subscription-ends-' + ('later' if end(b[3]) > end(a[3]) else 'earlier'))
        else:
            tags.add('subscriptions')
    rd, ld = pick(rl, 'D'), pick(ll, 'D')
    if rd != ld:
        hook = lambda l: l.split()[3]
        untimed = lambda l: ' '.join(l.split()[2:])
        from collections import Counter
        if Counter(rd) == Counter(ld):
            # the fewest lines that moved: those outside the longest matching blocks
            import difflib
            ops = difflib.SequenceMatcher(None, rd, ld, autojunk=False).get_opcodes()
            moved = {hook(l) for tag, i1, i2, j1, j2 in ops if tag != 'equal' for l in rd[i1:i2] + ld[j1:j2]}
            tags.add('do-order:' + '+'.join(sorted(moved)))
        else:
            extra = Counter(ld) - Counter(rd)
            missing = Counter(rd) - Counter(ld)
            # the same hook lines at other times
            retimed = Counter(map(untimed, extra.elements())) & Counter(map(untimed, missing.elements()))
            if retimed:
                tags.add('do-time:' + '+'.join(sorted({l.split()[1] for l in retimed})))
            only_rill = Counter(map(untimed, extra.elements())) - retimed
            only_rx = Counter(map(untimed, missing.elements())) - retimed
            if only_rill:
                tags.add('do-extra:' + '+'.join(sorted({l.split()[1] for l in only_rill})))
            if only_rx:
                tags.add('do-missing:' + '+'.join(sorted({l.split()[1] for l in only_rx})))
    return sorted(tags)


def evaluate(libs, named_chains, fixed=None):
    """Builds and runs `named_chains` ([(name, chain)]) on both sides: [(rx, rill, kinds)], and with
    `fixed` (a third Library, another Rill) [(rx, rill, kinds, kinds of rx against fixed)]."""
    functions = [(n, chains.render(c, n)) for n, c in named_chains]
    outputs = []
    for lib in libs + ([fixed] if fixed else []):
        with open(os.path.join(lib.pkg, '.lock'), 'w') as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)     # another run may be using the same package
            lib.write(functions)
            secs = lib.build()
            out(f'  {lib.side}: built {len(functions)} chains in {secs:.0f} s')
            outputs.append(lib.run(len(functions)))
    missing = ('crash', ['(not run)'])
    get = lambda k, i: outputs[k].get(i, missing)
    rows = []
    for i in range(len(functions)):
        row = (get(0, i), get(1, i), difference(get(0, i), get(1, i)))
        rows.append(row + (difference(get(0, i), get(2, i)),) if fixed else row)
    return rows


# ------------------------------------------------------------------------------------------------ commands

def libraries(args):
    rill = os.path.realpath(args.rill)
    return [Library('rx', rxswift_checkout()), Library('rill', rill)]


def results_path(label):
    return os.path.join(WORK, f'results-{label}.json')


def cmd_run(args):
    libs = libraries(args)
    path = results_path(args.label)
    data = json.load(open(path)) if os.path.exists(path) and not args.fresh else {'chains': {}}
    if not re.fullmatch(r'\w+', args.seed):
        sys.exit('a seed is letters, digits and underscores')
    ids = [f'{args.seed}:{i}' for i in range(args.count)]
    todo = [i for i in ids if i not in data['chains']]
    out(f'{len(ids)} chains (seed {args.seed}), {len(todo)} to run; Rill at {libs[1].checkout}')
    for k in range(0, len(todo), args.batch):
        batch = todo[k:k + args.batch]
        named = [('c' + i.replace(':', '_'), chains.seeded(args.seed, int(i.split(':')[1]))) for i in batch]
        for cid, (rx, rill, kinds) in zip(batch, evaluate(libs, named)):
            data['chains'][cid] = {'kinds': kinds, 'rx': rx, 'rill': rill}
        json.dump(data, open(path, 'w'))
        summary(data, ids, quiet=True)
    summary(data, ids)
    if args.minimise:
        cmd_minimise(args)


def summary(data, ids, quiet=False):
    rows = [data['chains'][i] for i in ids if i in data['chains']]
    differing = [r for r in rows if r['kinds']]
    crashes = sum(1 for r in rows if r['rx'][0] != 'ok' or r['rill'][0] != 'ok')
    out(f'differing: {len(differing)} of {len(rows)} chains ({100 * len(differing) / max(1, len(rows)):.2f}%); '
        f'chains with a crash or hang on either side: {crashes}')
    if quiet:
        return
    by_kind = {}
    for r in differing:
        by_kind[' '.join(r['kinds'])] = by_kind.get(' '.join(r['kinds']), 0) + 1
    for k, n in sorted(by_kind.items(), key=lambda kv: -kv[1]):
        out(f'  {n:5}  differ in {k}')


def cmd_minimise(args):
    libs = libraries(args)
    fixed = Library('rill', os.path.realpath(args.fixed_by)) if args.fixed_by else None
    data = json.load(open(results_path(args.label)))
    mins = data.setdefault('minimised', {})
    todo = [cid for cid, r in data['chains'].items() if r['kinds'] and (args.redo or cid not in mins)]
    if args.only:
        todo = [cid for cid in todo if cid in set(args.only.split(','))]
    if args.per_group:      # a sample: at most this many chains of each way of differing
        seen = {}
        for cid in list(todo):
            key = ' '.join(features(data['chains'][cid]['rx'], data['chains'][cid]['rill']))
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > args.per_group:
                todo.remove(cid)
    todo = todo[:args.max]
    current = {cid: chains.compacted(chains.seeded(cid.split(':')[0], int(cid.split(':')[1]))) for cid in todo}
    wanted = {cid: set(data['chains'][cid]['kinds']) for cid in todo}
    prefixes = [k for k in args.keep.split(',') if k]
    kept_features = {cid: [k for k in prefixes if any(f.startswith(k) for f in
                                                      features(data['chains'][cid]['rx'], data['chains'][cid]['rill']))]
                     for cid in todo}
    active = list(todo)
    out(f'minimising {len(active)} differing chains')
    for round_ in range(args.rounds):
        if not active:
            break
        named, owner = [], []
        for cid in active:
            for j, cand in enumerate(chains.shrink(current[cid])[:args.candidates]):
                named.append((f'm{len(named)}', cand))
                owner.append(cid)
        if not named:
            break
        out(f'round {round_ + 1}: {len(active)} chains, {len(named)} candidates')
        results = evaluate(libs, named, fixed)
        best = {}
        for (name, cand), cid, (rx, rill, kinds, *after) in zip(named, owner, results):
            # still differing in a way the original did, and crashing only where it did (and
            # with --fixed-by, still agreeing with RxSwift on that checkout)
            keeps = set(kinds) & wanted[cid] and all(k in wanted[cid] or k in ('E', 'S', 'D') for k in kinds)
            keeps = keeps and not (after and after[0])
            if args.keep:       # and still differing in each of these ways the original did
                have = features(rx, rill)
                keeps = keeps and all(any(f.startswith(k) for f in have) for k in kept_features[cid])
            if keeps and (cid not in best or chains.size(cand) < chains.size(best[cid][0])):
                best[cid] = (cand, rx, rill, kinds)
        for cid in list(active):
            if cid in best:
                current[cid] = best[cid][0]
                mins[cid] = {'chain': best[cid][0], 'rx': best[cid][1], 'rill': best[cid][2], 'kinds': best[cid][3]}
            else:
                active.remove(cid)
                if cid not in mins:
                    r = data['chains'][cid]
                    mins[cid] = {'chain': current[cid], 'rx': r['rx'], 'rill': r['rill'], 'kinds': r['kinds']}
        json.dump(data, open(results_path(args.label), 'w'))
    json.dump(data, open(results_path(args.label), 'w'))
    report(data, args.label)


def report(data, label):
    """Writes report-<label>.md: the minimised chains grouped by the operators left in them."""
    groups = {}
    for cid, m in data.get('minimised', {}).items():
        key = ' '.join(features(m['rx'], m['rill'])) + ' | ' + chains.describe(m['chain'])
        groups.setdefault(key, []).append((cid, m))
    path = os.path.join(WORK, f'report-{label}.md')
    with open(path, 'w') as f:
        f.write(f'# {label}: {len(data.get("minimised", {}))} minimised chains in {len(groups)} groups\n\n')
        for key, ms in sorted(groups.items(), key=lambda kv: -len(kv[1])):
            ms.sort(key=lambda cm: chains.size(cm[1]['chain']))
            cid, m = ms[0]
            f.write(f'## {key} ({len(ms)}: {", ".join(c for c, _ in ms[:12])}{" ..." if len(ms) > 12 else ""})\n\n')
            f.write('```swift\n' + chains.render(m['chain'], 'chain') + '\n```\n\n')
            f.write('RxSwift:\n\n```\n' + '\n'.join(m['rx'][1]) + f'\n```\n\nRill ({m["rill"][0]}):\n\n```\n'
                    + '\n'.join(m['rill'][1]) + '\n```\n\n')
    out(f'report: {path} ({len(groups)} groups)')


def cmd_compare(args):
    """Chains that differ in one run and not in the other, and what the rest differ in."""
    a = json.load(open(results_path(args.label)))['chains']
    b = json.load(open(results_path(args.against)))['chains']
    common = sorted(set(a) & set(b), key=lambda c: (c.split(':')[0], int(c.split(':')[1])))
    differs = lambda r: bool(r['kinds'])
    only_a = [c for c in common if differs(a[c]) and not differs(b[c])]
    only_b = [c for c in common if differs(b[c]) and not differs(a[c])]
    both = [c for c in common if differs(a[c]) and differs(b[c])]
    out(f'{len(common)} chains in both runs; differing: {args.label} {sum(differs(a[c]) for c in common)}, '
        f'{args.against} {sum(differs(b[c]) for c in common)}')
    out(f'  only in {args.label}: {len(only_a)}  {" ".join(only_a[:40])}{" ..." if len(only_a) > 40 else ""}')
    out(f'  only in {args.against}: {len(only_b)}  {" ".join(only_b[:40])}{" ..." if len(only_b) > 40 else ""}')
    out(f'  in both: {len(both)}')
    for name, runs in ((args.label, a), (args.against, b)):
        tally = {}
        for c in common:
            if differs(runs[c]):
                for t in features(runs[c]['rx'], runs[c]['rill']):
                    tally[t] = tally.get(t, 0) + 1
        out(f'what the chains of {name} differ in (a chain can count under several):')
        for t, n in sorted(tally.items(), key=lambda kv: -kv[1]):
            out(f'  {n:5}  {t}')


def cmd_show(args):
    data = json.load(open(results_path(args.label)))
    src = data['minimised'] if args.minimised else data['chains']
    r = src[args.chain]
    chain = r['chain'] if args.minimised else chains.seeded(args.chain.split(':')[0], int(args.chain.split(':')[1]))
    out(chains.render(chain, 'chain'))
    out(f'differ in: {r["kinds"]}')
    for side in ('rx', 'rill'):
        out(f'--- {side} ({r[side][0]})')
        for l in r[side][1]:
            out(l)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    for name in ('run', 'minimise', 'show', 'compare'):
        p = sub.add_parser(name)
        p.add_argument('--rill', default='.', help='a Rill checkout (default: .)')
        p.add_argument('--label', default='default', help='names the results file under FIDELITY_WORK')
        if name == 'run':
            p.add_argument('--seed', default='1')
            p.add_argument('--count', type=int, default=500)
            p.add_argument('--batch', type=int, default=500, help='chains per build')
            p.add_argument('--fresh', action='store_true', help='forget earlier results of this label')
            p.add_argument('--minimise', action='store_true')
        if name in ('run', 'minimise'):
            p.add_argument('--max', type=int, default=200, help='at most this many chains to minimise')
            p.add_argument('--rounds', type=int, default=20)
            p.add_argument('--candidates', type=int, default=60, help='candidates per chain per round')
            p.add_argument('--per-group', type=int, default=0, help='at most this many chains of each way of differing')
            p.add_argument('--only', default='', help='comma-separated chain ids')
            p.add_argument('--fixed-by', default='', help='another Rill checkout on which a variant must agree with RxSwift')
            p.add_argument('--keep', default='', help='comma-separated feature prefixes (as compare prints them): '
                           'a variant must still differ in each of these ways the original differed in')
            p.add_argument('--redo', action='store_true', help='minimise again chains minimised before')
        if name == 'compare':
            p.add_argument('--against', required=True, help='the label of the other run')
        if name == 'show':
            p.add_argument('chain')
            p.add_argument('--minimised', action='store_true')
    args = ap.parse_args()
    {'run': cmd_run, 'minimise': cmd_minimise, 'show': cmd_show, 'compare': cmd_compare}[args.cmd](args)


if __name__ == '__main__':
    main()
