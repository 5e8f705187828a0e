#ifndef RILL_SHIMS_H
#define RILL_SHIMS_H

#include <stdint.h>
#include <stdbool.h>

/// Atomic operations on a word that Swift allocated. Rill uses them only where a
/// per-element check must see a flag that another thread may set (disposal), and
/// for the once-only state of disposables. Everything else takes the internal lock.

intptr_t rill_atomic_load(intptr_t *word);
void rill_atomic_store(intptr_t *word, intptr_t value);
intptr_t rill_atomic_fetch_or(intptr_t *word, intptr_t bits);
intptr_t rill_atomic_fetch_add(intptr_t *word, intptr_t delta);
intptr_t rill_atomic_exchange(intptr_t *word, intptr_t value);
bool rill_atomic_compare_exchange(intptr_t *word, intptr_t expected, intptr_t desired);

#endif
