#ifndef RILL_SHIMS_H
#define RILL_SHIMS_H

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include "RillTracking.h"  // live-subscription tracking (Debugging/SubscriptionTracking.swift)

/// Atomic operations on a word that Swift allocated. Rill uses them only where a
/// per-element check must see a flag that another thread may set (disposal), and
/// for the once-only state of disposables and subscriptions. Everything else takes
/// the internal lock.
///
/// `static inline`, so Swift's optimiser inlines each into its caller: one
/// instruction instead of a call.

static inline intptr_t rill_atomic_load(intptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

static inline void rill_atomic_store(intptr_t *word, intptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

static inline intptr_t rill_atomic_fetch_or(intptr_t *word, intptr_t bits) {
    return __atomic_fetch_or(word, bits, __ATOMIC_ACQ_REL);
}

static inline intptr_t rill_atomic_fetch_add(intptr_t *word, intptr_t delta) {
    return __atomic_fetch_add(word, delta, __ATOMIC_ACQ_REL);
}

static inline intptr_t rill_atomic_exchange(intptr_t *word, intptr_t value) {
    return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

static inline bool rill_atomic_compare_exchange(intptr_t *word, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

/// Writes `count` bytes to standard error, unbuffered: Rill's reports (an unhandled
/// error, a binding error, concurrent delivery) without Foundation's `FileHandle` and
/// `Data`, and without Swift touching C's `stderr` global.
void rill_write_standard_error(const char *bytes, size_t count);

/// This thread's trampoline (`CurrentThreadScheduler`'s queue): a retained Swift
/// object, or NULL before the thread first needs one and after its release at
/// thread exit. A C11 thread-local, because reading it is a single load where
/// `pthread_getspecific` is a call into libc; Rill still registers a pthread key,
/// only for its destructor, which releases the object when the thread ends.
extern _Thread_local void *rill_current_trampoline;

static inline void *rill_trampoline_get(void) {
    return rill_current_trampoline;
}

static inline void rill_trampoline_set(void *trampoline) {
    rill_current_trampoline = trampoline;
}

/// Whether this build runs under ThreadSanitizer (the C target is compiled with
/// the same `--sanitize` as the Swift ones). ThreadSanitizer cannot see the Swift
/// runtime's reference counting, so code that relies on a uniqueness check to
/// change storage another thread has read (copy-on-write) copies instead when
/// this is true, to keep sanitised test runs free of false reports. A constant,
/// not a function, so that Swift reads it with one load (a Swift `static let`
/// initialised from a function goes through `swift_once` at every read).
extern const bool rill_thread_sanitizer_active;

/// Takes a strong reference to the Swift object at `object` unless its deinit has
/// begun: the Swift runtime's own `swift_tryRetain` (an exported entry point of
/// its stable ABI, the one weak references use). `object`'s memory must be kept
/// allocated by the caller (an unowned reference). Returns whether it retained.
bool rill_try_retain(void *object);

#endif
