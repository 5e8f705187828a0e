// The atomic operations are `static inline` in include/RillShims.h; this file
// defines the one variable they refer to.
#include "RillShims.h"

_Thread_local void *rill_current_trampoline = 0;
