// The atomic operations are `static inline` in include/RillShims.h; this file
// only gives the C target a translation unit.
#include "RillShims.h"
