// The atomic operations are `static inline` in include/RillShims.h; this file
// defines the one variable they refer to.
#include "RillShims.h"

_Thread_local void *rill_current_trampoline = 0;

#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define RILL_TSAN 1
#endif
#endif
#if defined(__SANITIZE_THREAD__)
#define RILL_TSAN 1
#endif

bool rill_thread_sanitizer_active(void) {
#ifdef RILL_TSAN
    return true;
#else
    return false;
#endif
}
