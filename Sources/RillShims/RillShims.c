// The atomic operations are `static inline` in include/RillShims.h; this file
// defines the one variable they refer to and the functions that are not inline.
#include "RillShims.h"
#include <stdio.h>

_Thread_local void *rill_current_trampoline = 0;

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RILL_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define RILL_TSAN 1
#endif

#ifdef RILL_TSAN
const bool rill_thread_sanitizer_active = true;
#else
const bool rill_thread_sanitizer_active = false;
#endif

// The Swift runtime's entry point (swift/Runtime/HeapObject.h): returns the object,
// retained, or NULL if its deinit has begun. Declared here, not in the header, so
// Swift code sees only `rill_try_retain`.
extern void *swift_tryRetain(void *object);

bool rill_try_retain(void *object) {
    return swift_tryRetain(object) != 0;
}

void rill_write_standard_error(const char *bytes, size_t count) {
    if (count > 0) {
        fwrite(bytes, 1, count, stderr);
        fflush(stderr);
    }
}
