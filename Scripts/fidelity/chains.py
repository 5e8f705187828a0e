"""Random operator chains on TestScheduler, rendered as Swift for RxSwift and for Rill.

A chain is a small program: one to three test observables (hot or cold, with their
events), a DAG of operator nodes over them (every node is an `Observable<Int>`; a node
used twice is subscribed twice, which matters for hot and shared nodes), and a root
node that `scheduler.start` subscribes at 200 and disposes at 1000. `do` nodes log
every hook with the virtual time. The rendered function prints the recorded events,
every test observable's subscriptions and the `do` log (see `PRELUDE`).

Chains are plain dicts (JSON-serialisable) so that the runner can store them:

    {"sources": [{"kind": "hot"|"cold", "events": [[t, v], ...], "end": null | ["C", t] | ["E", t, code]}],
     "nodes": [{"op": name, "in": [node indices], "p": {params}}],
     "root": node index}

Nodes only refer to nodes before them. `generate(rng)` makes one, `render(chain, name)`
writes its Swift function, `shrink(chain)` lists smaller variants for the minimiser.
"""

import random

# ---------------------------------------------------------------------------------------------
# Swift support code shared by every program (the same text for both libraries).

PRELUDE = r'''
struct TestError: Error, CustomStringConvertible {
    let code: Int
    var description: String { "TestError(\(code))" }
}

/// The `do` hooks' log, stamped with the virtual time.
final class HookLog {
    private(set) var lines: [String] = []
    private let scheduler: TestScheduler
    init(_ scheduler: TestScheduler) { self.scheduler = scheduler }
    func callAsFunction(_ line: String) { lines.append("D \(scheduler.clock) \(line)") }
}

func report(_ result: TestableObserver<Int>, _ sources: [(String, TestableObservable<Int>)], _ log: HookLog) {
    for recorded in result.events {
        switch recorded.value {
        case .next(let value): print("E \(recorded.time) N \(value)")
        case .error(let error): print("E \(recorded.time) X \(error)")
        case .completed: print("E \(recorded.time) C")
        }
    }
    for (name, source) in sources {
        for subscription in source.subscriptions {
            let end = subscription.unsubscribe == Int.max ? "inf" : String(subscription.unsubscribe)
            print("S \(name) \(subscription.subscribe) \(end)")
        }
    }
    for line in log.lines { print(line) }
}

func encode(_ event: Event<Int>) -> Int {
    switch event {
    case .next(let value): return value
    case .error: return -1
    case .completed: return -2
    }
}

func digits(_ values: [Int]) -> Int {
    values.reduce(0) { ($0 * 10 + $1) % 100_000 } + values.count * 100_000
}
'''

MAIN = r'''
let chains: [(String, () -> Void)] = [
%s
]
let first = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 0 : 0
for index in chains.indices where index >= first {
    print("#chain \(index) \(chains[index].0)")
    fflush(stdout)
    chains[index].1()
    print("#end \(index)")
    fflush(stdout)
}
'''

# ---------------------------------------------------------------------------------------------
# Operators. Each entry: arity (1 or 2 inputs), a parameter maker, a renderer.
# Renderers get the input variable names and the params and return a Swift expression of
# type Observable<Int>; `tag` is the node's name for `do` logs and connection variables.

S = 'scheduler'


def dur(k):
    return f'.seconds({k})'


def inner(p, b):
    """The inner observable of the flatMap family, made from `x` and node `b`."""
    kind = p['inner']
    if kind == 'map':
        return f'{b}.map {{ (y: Int) -> Int in x * 10 + y }}'
    if kind == 'take1':
        return f'{b}.take(1).map {{ (y: Int) -> Int in x * 10 + y }}'
    if kind == 'just':
        return 'Observable<Int>.just(x)'
    if kind == 'delayedJust':
        return f'Observable<Int>.just(x).delay({dur(p["k"])}, scheduler: {S})'
    raise ValueError(kind)


def inner_params(r):
    return {'inner': r.choice(['map', 'map', 'take1', 'just', 'delayedJust']), 'k': r.choice([0, 5, 20, 50])}


def do_hooks(tag):
    hooks = []
    for name, arg in [('onNext', '{ L("%s onNext \\($0)") }'), ('afterNext', '{ L("%s afterNext \\($0)") }'),
                      ('onError', '{ L("%s onError \\($0)") }'), ('afterError', '{ L("%s afterError \\($0)") }'),
                      ('onCompleted', '{ L("%s onCompleted") }'), ('afterCompleted', '{ L("%s afterCompleted") }'),
                      ('onSubscribe', '{ L("%s onSubscribe") }'), ('onSubscribed', '{ L("%s onSubscribed") }'),
                      ('onDispose', '{ L("%s onDispose") }')]:
        hooks.append(f'{name}: ' + arg % tag)
    return ', '.join(hooks)


def behavior(p):
    return '.inclusive' if p.get('inclusive') else '.exclusive'


small = lambda r: r.choice([0, 1, 1, 2, 2, 3, 4])
val = lambda r: r.randint(0, 9)
span = lambda r: r.choice([1, 5, 10, 15, 20, 24, 30, 40, 50, 75, 100, 150, 250])

# name: (arity, params(r), render(a, b, p, tag))
OPS = {
    # transforming and filtering
    'map': (1, lambda r: {'k': r.randint(1, 3)}, lambda a, b, p, t: f'{a}.map {{ (x: Int) -> Int in x + {p["k"]} }}'),
    'mapThrow': (1, lambda r: {'k': val(r)},
                 lambda a, b, p, t: f'{a}.map {{ (x: Int) throws -> Int in if x == {p["k"]} {{ throw TestError(code: {p["k"]}) }}; return x }}'),
    'filter': (1, lambda r: {'m': r.choice([2, 3])}, lambda a, b, p, t: f'{a}.filter {{ (x: Int) -> Bool in x % {p["m"]} != 0 }}'),
    'compactMap': (1, lambda r: {}, lambda a, b, p, t: f'{a}.compactMap {{ (x: Int) -> Int? in x % 3 == 0 ? nil : x }}'),
    'scan': (1, lambda r: {}, lambda a, b, p, t: f'{a}.scan(0) {{ (acc: Int, x: Int) -> Int in (acc + x) % 100 }}'),
    'distinct': (1, lambda r: {}, lambda a, b, p, t: f'{a}.distinctUntilChanged()'),
    'distinctKey': (1, lambda r: {}, lambda a, b, p, t: f'{a}.distinctUntilChanged {{ (x: Int) -> Int in x % 3 }}'),
    'enumerated': (1, lambda r: {}, lambda a, b, p, t: f'{a}.enumerated().map {{ (e: (index: Int, element: Int)) -> Int in e.index * 100 + e.element }}'),
    'startWith': (1, lambda r: {'v': val(r)}, lambda a, b, p, t: f'{a}.startWith({p["v"]})'),
    'reduce': (1, lambda r: {}, lambda a, b, p, t: f'{a}.reduce(0) {{ (acc: Int, x: Int) -> Int in (acc * 10 + x) % 100_000 }}'),
    'toArray': (1, lambda r: {}, lambda a, b, p, t: f'{a}.toArray().asObservable().map {{ (xs: [Int]) -> Int in digits(xs) }}'),
    'take': (1, lambda r: {'n': small(r)}, lambda a, b, p, t: f'{a}.take({p["n"]})'),
    'takeFor': (1, lambda r: {'k': span(r)}, lambda a, b, p, t: f'{a}.take(for: {dur(p["k"])}, scheduler: {S})'),
    'takeWhile': (1, lambda r: {'k': val(r), 'inclusive': r.random() < 0.3},
                  lambda a, b, p, t: f'{a}.take(while: {{ (x: Int) -> Bool in x < {p["k"]} }}, behavior: {behavior(p)})'),
    'takeUntilPred': (1, lambda r: {'k': val(r), 'inclusive': r.random() < 0.5},
                      lambda a, b, p, t: f'{a}.take(until: {{ (x: Int) -> Bool in x == {p["k"]} }}, behavior: {behavior(p)})'),
    'takeUntil': (2, lambda r: {}, lambda a, b, p, t: f'{a}.take(until: {b})'),
    'takeLast': (1, lambda r: {'n': small(r)}, lambda a, b, p, t: f'{a}.takeLast({p["n"]})'),
    'first': (1, lambda r: {}, lambda a, b, p, t: f'{a}.first().asObservable().map {{ (x: Int?) -> Int in x ?? -1 }}'),
    'single': (1, lambda r: {}, lambda a, b, p, t: f'{a}.single()'),
    'singlePred': (1, lambda r: {'k': val(r)}, lambda a, b, p, t: f'{a}.single {{ (x: Int) -> Bool in x > {p["k"]} }}'),
    'asSingle': (1, lambda r: {}, lambda a, b, p, t: f'{a}.asSingle().asObservable()'),
    'asMaybe': (1, lambda r: {}, lambda a, b, p, t: f'{a}.asMaybe().asObservable()'),
    'elementAt': (1, lambda r: {'n': small(r)}, lambda a, b, p, t: f'{a}.element(at: {p["n"]})'),
    'skip': (1, lambda r: {'n': small(r)}, lambda a, b, p, t: f'{a}.skip({p["n"]})'),
    'skipWhile': (1, lambda r: {'k': val(r)}, lambda a, b, p, t: f'{a}.skip(while: {{ (x: Int) -> Bool in x < {p["k"]} }})'),
    'skipFor': (1, lambda r: {'k': span(r)}, lambda a, b, p, t: f'{a}.skip({dur(p["k"])}, scheduler: {S})'),
    'skipUntil': (2, lambda r: {}, lambda a, b, p, t: f'{a}.skip(until: {b})'),
    'ifEmptyDefault': (1, lambda r: {'v': val(r)}, lambda a, b, p, t: f'{a}.ifEmpty(default: {p["v"]})'),
    'ifEmptySwitch': (2, lambda r: {}, lambda a, b, p, t: f'{a}.ifEmpty(switchTo: {b})'),
    # errors
    'catchAndReturn': (1, lambda r: {'v': val(r)}, lambda a, b, p, t: f'{a}.catchAndReturn({p["v"]})'),
    'catch': (2, lambda r: {}, lambda a, b, p, t: f'{a}.catch {{ (_: Error) -> Observable<Int> in {b} }}'),
    'retry': (1, lambda r: {'n': r.randint(1, 3)}, lambda a, b, p, t: f'{a}.retry({p["n"]})'),
    'retryWhen': (1, lambda r: {'n': r.randint(1, 2)},
                  lambda a, b, p, t: f'{a}.retry(when: {{ (errors: Observable<Error>) -> Observable<Int> in errors.enumerated().map {{ (e: (index: Int, element: Error)) -> Int in e.index }}.take({p["n"]}) }})'),
    'materialize': (1, lambda r: {}, lambda a, b, p, t: f'{a}.materialize().map {{ (e: Event<Int>) -> Int in encode(e) }}'),
    'dematerialize': (1, lambda r: {}, lambda a, b, p, t: f'{a}.materialize().dematerialize()'),
    # combining
    'withLatestFrom': (2, lambda r: {'plain': r.random() < 0.3},
                       lambda a, b, p, t: f'{a}.withLatestFrom({b})' if p['plain']
                       else f'{a}.withLatestFrom({b}) {{ (x: Int, y: Int) -> Int in x * 10 + y }}'),
    'sample': (2, lambda r: {'v': r.choice([None, None, 42])},
               lambda a, b, p, t: f'{a}.sample({b})' if p['v'] is None else f'{a}.sample({b}, defaultValue: {p["v"]})'),
    'switchLatest': (2, inner_params,
                     lambda a, b, p, t: f'{a}.map {{ (x: Int) -> Observable<Int> in {inner(p, b)} }}.switchLatest()'),
    'flatMap': (2, inner_params, lambda a, b, p, t: f'{a}.flatMap {{ (x: Int) -> Observable<Int> in {inner(p, b)} }}'),
    'flatMapLatest': (2, inner_params, lambda a, b, p, t: f'{a}.flatMapLatest {{ (x: Int) -> Observable<Int> in {inner(p, b)} }}'),
    'flatMapFirst': (2, inner_params, lambda a, b, p, t: f'{a}.flatMapFirst {{ (x: Int) -> Observable<Int> in {inner(p, b)} }}'),
    'concatMap': (2, inner_params, lambda a, b, p, t: f'{a}.concatMap {{ (x: Int) -> Observable<Int> in {inner(p, b)} }}'),
    'merge': (2, lambda r: {}, lambda a, b, p, t: f'Observable.merge({a}, {b})'),
    'mergeMax1': (2, lambda r: {}, lambda a, b, p, t: f'Observable.of({a}, {b}).merge(maxConcurrent: 1)'),
    'concat': (2, lambda r: {}, lambda a, b, p, t: f'Observable.concat({a}, {b})'),
    'zip': (2, lambda r: {}, lambda a, b, p, t: f'Observable.zip({a}, {b}) {{ (x: Int, y: Int) -> Int in x * 10 + y }}'),
    'combineLatest': (2, lambda r: {}, lambda a, b, p, t: f'Observable.combineLatest({a}, {b}) {{ (x: Int, y: Int) -> Int in x * 10 + y }}'),
    'amb': (2, lambda r: {}, lambda a, b, p, t: f'{a}.amb({b})'),
    # time
    'timeout': (1, lambda r: {'k': span(r)}, lambda a, b, p, t: f'{a}.timeout({dur(p["k"])}, scheduler: {S})'),
    'timeoutOther': (2, lambda r: {'k': span(r)}, lambda a, b, p, t: f'{a}.timeout({dur(p["k"])}, other: {b}, scheduler: {S})'),
    'delay': (1, lambda r: {'k': r.choice([0, 1, 5, 10, 20, 50])}, lambda a, b, p, t: f'{a}.delay({dur(p["k"])}, scheduler: {S})'),
    'delaySubscription': (1, lambda r: {'k': r.choice([0, 1, 10, 50])},
                          lambda a, b, p, t: f'{a}.delaySubscription({dur(p["k"])}, scheduler: {S})'),
    'observeOn': (1, lambda r: {}, lambda a, b, p, t: f'{a}.observe(on: {S})'),
    'subscribeOn': (1, lambda r: {}, lambda a, b, p, t: f'{a}.subscribe(on: {S})'),
    'debounce': (1, lambda r: {'k': span(r)}, lambda a, b, p, t: f'{a}.debounce({dur(p["k"])}, scheduler: {S})'),
    'throttle': (1, lambda r: {'k': span(r), 'latest': r.random() < 0.5},
                 lambda a, b, p, t: f'{a}.throttle({dur(p["k"])}, latest: {"true" if p["latest"] else "false"}, scheduler: {S})'),
    'window': (1, lambda r: {'k': span(r), 'n': r.randint(1, 4), 'flat': r.choice(['index', 'reduce', 'concat'])},
               lambda a, b, p, t: window(a, p)),
    'buffer': (1, lambda r: {'k': span(r), 'n': r.randint(1, 4)},
               lambda a, b, p, t: f'{a}.buffer(timeSpan: {dur(p["k"])}, count: {p["n"]}, scheduler: {S}).map {{ (xs: [Int]) -> Int in digits(xs) }}'),
    'groupBy': (1, lambda r: {'take': r.random() < 0.3},
                lambda a, b, p, t: f'{a}.groupBy {{ (x: Int) -> Int in x % 2 }}.flatMap {{ (g: GroupedObservable<Int, Int>) -> Observable<Int> in g{".take(1)" if p["take"] else ""}.map {{ (x: Int) -> Int in g.key * 100 + x }} }}'),
    # side effects and sharing
    'do': (1, lambda r: {}, lambda a, b, p, t: f'{a}.do({do_hooks(t)})'),
    'share': (1, lambda r: {}, lambda a, b, p, t: f'{a}.share()'),
    'shareReplay': (1, lambda r: {'n': r.randint(1, 2)}, lambda a, b, p, t: f'{a}.share(replay: {p["n"]})'),
    'shareForever': (1, lambda r: {'n': r.randint(0, 1)}, lambda a, b, p, t: f'{a}.share(replay: {p["n"]}, scope: .forever)'),
    'publishRefCount': (1, lambda r: {}, lambda a, b, p, t: f'{a}.publish().refCount()'),
    'replayRefCount': (1, lambda r: {'n': r.randint(1, 2)}, lambda a, b, p, t: f'{a}.replay({p["n"]}).refCount()'),
    'replayAllRefCount': (1, lambda r: {}, lambda a, b, p, t: f'{a}.replayAll().refCount()'),
    'behaviorRefCount': (1, lambda r: {'v': val(r)},
                         lambda a, b, p, t: f'{a}.multicast(makeSubject: {{ BehaviorSubject<Int>(value: {p["v"]}) }}).refCount()'),
    'publishSubjectRefCount': (1, lambda r: {}, lambda a, b, p, t: f'{a}.multicast(PublishSubject<Int>()).refCount()'),
    'asyncSubjectRefCount': (1, lambda r: {}, lambda a, b, p, t: f'{a}.multicast(makeSubject: {{ AsyncSubject<Int>() }}).refCount()'),
    # a subject or relay fed by the input from a virtual time on (that subscription is never disposed)
    'subject': (1, lambda r: {'kind': r.choice(list(SUBJECTS)), 'at': r.choice([150, 200, 201, 250, 300]), 'v': val(r)},
                lambda a, b, p, t: subject(a, p)),
    # a connectable connected at one time and disconnected at a later one
    'connect': (1, lambda r: {'replay': r.choice([0, 0, 1]), 'at': r.choice([150, 200, 201, 250, 300]),
                              'for': r.choice([50, 100, 300, 900])},
                lambda a, b, p, t: connect(a, p)),
}

SUBJECTS = {
    'PublishSubject': ('PublishSubject<Int>()', 'subscribe'),
    'BehaviorSubject': ('BehaviorSubject<Int>(value: {v})', 'subscribe'),
    'ReplaySubject': ('ReplaySubject<Int>.create(bufferSize: 1)', 'subscribe'),
    'AsyncSubject': ('AsyncSubject<Int>()', 'subscribe'),
    'PublishRelay': ('PublishRelay<Int>()', 'accept'),
    'BehaviorRelay': ('BehaviorRelay<Int>(value: {v})', 'accept'),
    'ReplayRelay': ('ReplayRelay<Int>.create(bufferSize: 1)', 'accept'),
}


def subject(a, p):
    make, feed = SUBJECTS[p['kind']]
    make = make.format(v=p['v'])
    # relays stop the program on an error, so their feed passes on elements only
    attach = f'_ = {a}.subscribe(s)' if feed == 'subscribe' else f'_ = {a}.subscribe(onNext: {{ s.accept($0) }})'
    return f'{{ () -> Observable<Int> in let s = {make}; {S}.scheduleAt({p["at"]}) {{ {attach} }}; return s.asObservable() }}()'


def connect(a, p):
    make = f'{a}.replay({p["replay"]})' if p['replay'] else f'{a}.publish()'
    return (f'{{ () -> Observable<Int> in let c = {make}; {S}.scheduleAt({p["at"]}) {{ let d = c.connect(); '
            f'{S}.scheduleAt({p["at"] + p["for"]}) {{ d.dispose() }} }}; return c.asObservable() }}()')

LEAVES = {
    'src': lambda p: f'xs{p["i"]}.asObservable()',
    'just': lambda p: f'Observable<Int>.just({p["v"]})',
    'of': lambda p: f'Observable<Int>.of({", ".join(map(str, p["vs"]))})',
    'empty': lambda p: 'Observable<Int>.empty()',
    'never': lambda p: 'Observable<Int>.never()',
    'error': lambda p: f'Observable<Int>.error(TestError(code: {p["code"]}))',
    'timer': lambda p: f'Observable<Int>.timer({dur(p["k"])}, scheduler: {S})',
    'interval': lambda p: f'Observable<Int>.interval({dur(p["k"])}, scheduler: {S})',
}


def window(a, p):
    w = f'{a}.window(timeSpan: {dur(p["k"])}, count: {p["n"]}, scheduler: {S})'
    if p['flat'] == 'index':
        return (f'{w}.enumerated().flatMap {{ (e: (index: Int, element: Observable<Int>)) -> Observable<Int> in '
                f'e.element.map {{ (x: Int) -> Int in e.index * 100 + x }} }}')
    if p['flat'] == 'reduce':
        return f'{w}.flatMap {{ (o: Observable<Int>) -> Observable<Int> in o.reduce(0) {{ (acc: Int, x: Int) -> Int in (acc * 10 + x) % 100_000 }} }}'
    return f'{w}.concat()'


# How often each operator is drawn. The operators of issue 21's cases come first and most.
WEIGHTS = {name: 3 for name in OPS}
WEIGHTS.update({
    'take': 6, 'first': 4, 'single': 3, 'elementAt': 3, 'takeUntil': 4, 'takeWhile': 3, 'takeUntilPred': 3,
    'takeFor': 3, 'catchAndReturn': 4, 'withLatestFrom': 5, 'sample': 5, 'switchLatest': 5, 'flatMap': 3,
    'flatMapLatest': 4, 'timeoutOther': 4, 'timeout': 3, 'do': 8, 'share': 4, 'publishRefCount': 5,
    'observeOn': 4, 'subscribeOn': 4, 'delay': 4, 'asSingle': 3, 'asMaybe': 3, 'merge': 4, 'concat': 4,
    'combineLatest': 4, 'zip': 3, 'window': 3, 'buffer': 2, 'debounce': 3, 'throttle': 3, 'materialize': 2,
    'compactMap': 1, 'enumerated': 1, 'reduce': 1, 'toArray': 1, 'dematerialize': 1, 'asyncSubjectRefCount': 1,
    'replayAllRefCount': 1, 'retryWhen': 2, 'mergeMax1': 2, 'amb': 2, 'subject': 5, 'connect': 3,
})
SHARING = {'share', 'shareReplay', 'shareForever', 'publishRefCount', 'replayRefCount', 'replayAllRefCount',
           'behaviorRefCount', 'publishSubjectRefCount', 'asyncSubjectRefCount', 'subject', 'connect'}

# ---------------------------------------------------------------------------------------------
# Generation


def gen_source(r):
    kind = 'hot' if r.random() < 0.65 else 'cold'
    if kind == 'hot':
        n = r.randint(1, 6)
        times = sorted(r.sample(range(110, 700, 10), n))
        # a few off the grid, so that sources meet at odd ticks too
        times = sorted({t + r.choice([0, 0, 0, 1, 2, 4]) for t in times})
    else:
        n = r.randint(0, 5)
        times = sorted(r.sample(range(0, 300, 10), n))
    events = [[t, val(r)] for t in times]
    end = None
    x = r.random()
    last = times[-1] if times else (150 if kind == 'hot' else 0)
    if x < 0.55:
        end = ['C', last + r.choice([0, 10, 20, 50, 100])]
    elif x < 0.75:
        end = ['E', last + r.choice([0, 10, 30, 100]), r.randint(1, 3)]
    return {'kind': kind, 'events': events, 'end': end}


def gen_leaf(r, nsources):
    x = r.random()
    if x < 0.8:
        return {'op': 'src', 'in': [], 'p': {'i': r.randrange(nsources)}}
    kind = r.choice(['just', 'of', 'empty', 'never', 'error', 'timer', 'interval'])
    p = {'just': lambda: {'v': val(r)}, 'of': lambda: {'vs': [val(r) for _ in range(r.randint(1, 3))]},
         'empty': dict, 'never': dict, 'error': lambda: {'code': r.randint(1, 3)},
         'timer': lambda: {'k': r.choice([0, 10, 50, 150, 300])}, 'interval': lambda: {'k': r.choice([20, 50, 100])}}[kind]()
    return {'op': kind, 'in': [], 'p': p}


def generate(r):
    """One random chain, drawn from the random.Random `r`."""
    sources = [gen_source(r) for _ in range(r.choice([1, 1, 2, 2, 2, 3]))]
    nodes = [{'op': 'src', 'in': [], 'p': {'i': i}} for i in range(len(sources))]
    names = list(OPS)
    weights = [WEIGHTS[n] for n in names]
    cur = r.randrange(len(sources))
    for _ in range(r.choice([1, 2, 3, 3, 4, 4, 5, 6, 7])):
        op = r.choices(names, weights)[0]
        arity, params, _ = OPS[op]
        ins = [cur]
        if arity == 2:
            shared = [i for i, n in enumerate(nodes) if n['op'] in SHARING]
            x = r.random()
            if shared and x < 0.4:
                other = r.choice(shared)
            elif x < 0.75:
                other = r.randrange(len(nodes))          # a source, or an earlier node (a diamond)
            else:
                nodes.append(gen_leaf(r, len(sources)))
                other = len(nodes) - 1
            ins.append(other)
        nodes.append({'op': op, 'in': ins, 'p': params(r)})
        cur = len(nodes) - 1
        if op not in ('do',) and r.random() < 0.25:     # a logging `do` after this operator
            nodes.append({'op': 'do', 'in': [cur], 'p': {}})
            cur = len(nodes) - 1
    return {'sources': sources, 'nodes': nodes, 'root': cur}


# ---------------------------------------------------------------------------------------------
# Rendering


def reachable(chain):
    seen, todo = set(), [chain['root']]
    while todo:
        i = todo.pop()
        if i in seen:
            continue
        seen.add(i)
        todo += chain['nodes'][i]['in']
    return sorted(seen)


def used_sources(chain):
    return sorted({chain['nodes'][i]['p']['i'] for i in reachable(chain) if chain['nodes'][i]['op'] == 'src'})


def render_events(src):
    items = [f'.next({t}, {v})' for t, v in src['events']]
    end = src['end']
    if end and end[0] == 'C':
        items.append(f'.completed({end[1]})')
    elif end:
        items.append(f'.error({end[1]}, TestError(code: {end[2]}))')
    return '[' + ', '.join(items) + ']'


def render(chain, name):
    """The Swift function `name()` that runs `chain` and prints what it recorded."""
    lines = [f'func {name}() {{', '    let scheduler = TestScheduler(initialClock: 0)', '    let L = HookLog(scheduler)']
    srcs = used_sources(chain)
    for i in srcs:
        s = chain['sources'][i]
        make = 'createHotObservable' if s['kind'] == 'hot' else 'createColdObservable'
        lines.append(f'    let xs{i} = scheduler.{make}({render_events(s)} as [Recorded<Event<Int>>])')
    lines.append('    let result = scheduler.start { () -> Observable<Int> in')
    for i in reachable(chain):
        n = chain['nodes'][i]
        if n['op'] in LEAVES:
            expr = LEAVES[n['op']](n['p'])
        else:
            a = f'n{n["in"][0]}'
            b = f'n{n["in"][1]}' if len(n['in']) > 1 else None
            expr = OPS[n['op']][2](a, b, n['p'], f'd{i}')
        lines.append(f'        let n{i}: Observable<Int> = {expr}')
    lines.append(f'        return n{chain["root"]}')
    lines.append('    }')
    lines.append('    report(result, [' + ', '.join(f'("xs{i}", xs{i})' for i in srcs) + '], L)')
    lines.append('    _ = L')
    lines.append('}')
    return '\n'.join(lines)


def describe(chain):
    """A one-line summary: the operators from the root down, for grouping."""
    return ' '.join(sorted({chain['nodes'][i]['op'] for i in reachable(chain)}))


def size(chain):
    """What the minimiser makes smaller, compared in order: nodes, sources, events, parameters."""
    nodes = reachable(chain)
    events = sum(len(chain['sources'][i]['events']) + (1 if chain['sources'][i]['end'] else 0)
                 for i in used_sources(chain))
    params = sum(abs(v) for i in nodes for v in chain['nodes'][i]['p'].values() if isinstance(v, int) and not isinstance(v, bool))
    flags = sum(1 for i in nodes for v in chain['nodes'][i]['p'].values() if v is True or v not in (None, 'just'))
    return (len(nodes), len(used_sources(chain)), events, params, flags)


# ---------------------------------------------------------------------------------------------
# Shrinking: smaller variants of a chain, each still a well-typed chain.


def compacted(chain):
    """`chain` with unreachable nodes and unused sources dropped and everything renumbered."""
    keep = reachable(chain)
    srcs = used_sources(chain)
    smap = {old: new for new, old in enumerate(srcs)}
    nmap = {old: new for new, old in enumerate(keep)}
    nodes = []
    for i in keep:
        n = chain['nodes'][i]
        p = dict(n['p'])
        if n['op'] == 'src':
            p['i'] = smap[p['i']]
        nodes.append({'op': n['op'], 'in': [nmap[j] for j in n['in']], 'p': p})
    return {'sources': [chain['sources'][i] for i in srcs], 'nodes': nodes, 'root': nmap[chain['root']]}


def copy(chain):
    return {'sources': [dict(s, events=[list(e) for e in s['events']], end=list(s['end']) if s['end'] else None)
                        for s in chain['sources']],
            'nodes': [{'op': n['op'], 'in': list(n['in']), 'p': dict(n['p'])} for n in chain['nodes']],
            'root': chain['root']}


def redirect(chain, old, new):
    """Every use of node `old` becomes a use of node `new` (new < old)."""
    c = copy(chain)
    for n in c['nodes']:
        n['in'] = [new if j == old else j for j in n['in']]
    if c['root'] == old:
        c['root'] = new
    return compacted(c)


def shrink(chain):
    """Smaller variants of `chain`, the most promising first."""
    chain = compacted(chain)
    out = []
    nodes = chain['nodes']
    # bypass an operator: its users take one of its inputs instead
    for i, n in enumerate(nodes):
        for j in n['in']:
            out.append(redirect(chain, i, j))
    # a second input replaced by a simpler leaf
    for i, n in enumerate(nodes):
        if len(n['in']) == 2 and nodes[n['in'][1]]['op'] != 'src':
            for leaf in ({'op': 'never', 'in': [], 'p': {}}, {'op': 'empty', 'in': [], 'p': {}}):
                c = copy(chain)
                c['nodes'].append(leaf)
                c['nodes'][i]['in'][1] = len(c['nodes']) - 1
                # keep nodes before their users: move the leaf to the front
                out.append(compacted(reorder_leaf_first(c)))
    # drop an event or the terminal event, or move the terminal event earlier
    for si, s in enumerate(chain['sources']):
        for k in range(len(s['events'])):
            c = copy(chain)
            del c['sources'][si]['events'][k]
            out.append(c)
        if s['end']:
            c = copy(chain)
            c['sources'][si]['end'] = None
            out.append(c)
            if s['end'][0] == 'E':
                c = copy(chain)
                c['sources'][si]['end'] = ['C', s['end'][1]]
                out.append(c)
        # a hot source becomes cold (fewer events before the subscription), or the reverse
    # smaller parameters
    for i, n in enumerate(nodes):
        for key, v in n['p'].items():
            if isinstance(v, bool):
                if v:
                    c = copy(chain)
                    c['nodes'][i]['p'][key] = False
                    out.append(c)
            elif isinstance(v, int) and v > 0 and key != 'i':
                for smaller in sorted({0, 1, v // 2} - {v}):
                    if MINIMUM.get((n['op'], key), 0) <= smaller < v:
                        c = copy(chain)
                        c['nodes'][i]['p'][key] = smaller
                        out.append(c)
            elif key == 'inner' and v != 'just':
                c = copy(chain)
                c['nodes'][i]['p'][key] = 'just'
                out.append(c)
    return [c for c in out if size(c) < size(chain)]


# The smallest value a parameter may shrink to (a remainder by zero does not compile; an
# interval or a window of no time never lets virtual time move on; counts RxSwift requires
# to be positive).
MINIMUM = {('filter', 'm'): 2, ('retry', 'n'): 1, ('retryWhen', 'n'): 1, ('window', 'n'): 1, ('window', 'k'): 1,
           ('buffer', 'n'): 1, ('buffer', 'k'): 1, ('interval', 'k'): 10, ('replayRefCount', 'n'): 1,
           ('map', 'k'): 1}


def reorder_leaf_first(c):
    """Moves the last node (a leaf just appended) to index 0, renumbering."""
    last = len(c['nodes']) - 1
    order = [last] + list(range(last))
    nmap = {old: new for new, old in enumerate(order)}
    nodes = [c['nodes'][old] for old in order]
    for n in nodes:
        n['in'] = [nmap[j] for j in n['in']]
    return {'sources': c['sources'], 'nodes': nodes, 'root': nmap[c['root']]}


def seeded(seed, index):
    """The chain number `index` of batch `seed`: the same on every machine."""
    return generate(random.Random(f'{seed}:{index}'))
