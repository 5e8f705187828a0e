#include "FloorShim.h"

extern bool swift_tryRetain(void *object);

bool floor_try_retain(void *object) { return swift_tryRetain(object); }
