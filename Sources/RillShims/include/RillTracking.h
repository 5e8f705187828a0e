#ifndef RILL_TRACKING_H
#define RILL_TRACKING_H

#include <stdint.h>

/// Whether Rill records live subscriptions (`Resources.isTrackingSubscriptions`):
/// nonzero while on. Set at launch from the environment variable
/// `RILL_TRACK_SUBSCRIPTIONS=1` (before any Swift code runs), and from Swift.
///
/// A C global read with one relaxed load, so a subscription made while tracking is
/// off pays one load and a branch; a Swift global would add its lazy initialisation
/// check.
extern intptr_t rill_tracking_subscriptions;

static inline intptr_t rill_tracking_load(void) {
    return __atomic_load_n(&rill_tracking_subscriptions, __ATOMIC_RELAXED);
}

static inline void rill_tracking_store(intptr_t value) {
    __atomic_store_n(&rill_tracking_subscriptions, value, __ATOMIC_RELAXED);
}

/// Whether a subscription without an error closure records its call stack
/// (`Hooks.recordCallStackOnError`): nonzero while on. A C global for the same
/// reason: `subscribe` reads it every time.
extern intptr_t rill_records_call_stack;

static inline intptr_t rill_records_call_stack_load(void) {
    return __atomic_load_n(&rill_records_call_stack, __ATOMIC_RELAXED);
}

static inline void rill_records_call_stack_store(intptr_t value) {
    __atomic_store_n(&rill_records_call_stack, value, __ATOMIC_RELAXED);
}

#endif
