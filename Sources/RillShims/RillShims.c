#include "RillShims.h"

intptr_t rill_atomic_load(intptr_t *word) {
    return __atomic_load_n(word, __ATOMIC_ACQUIRE);
}

void rill_atomic_store(intptr_t *word, intptr_t value) {
    __atomic_store_n(word, value, __ATOMIC_RELEASE);
}

intptr_t rill_atomic_fetch_or(intptr_t *word, intptr_t bits) {
    return __atomic_fetch_or(word, bits, __ATOMIC_ACQ_REL);
}

intptr_t rill_atomic_fetch_add(intptr_t *word, intptr_t delta) {
    return __atomic_fetch_add(word, delta, __ATOMIC_ACQ_REL);
}

intptr_t rill_atomic_exchange(intptr_t *word, intptr_t value) {
    return __atomic_exchange_n(word, value, __ATOMIC_ACQ_REL);
}

bool rill_atomic_compare_exchange(intptr_t *word, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(word, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
