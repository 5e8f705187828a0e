#ifndef FLOOR_SHIM_H
#define FLOOR_SHIM_H
#include <stdbool.h>

/// Takes a strong reference to a Swift object unless its deinit has begun
/// (the runtime's swift_tryRetain, which Swift code cannot name directly).
bool floor_try_retain(void *object);

#endif
