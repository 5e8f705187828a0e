// The live-subscription tracking flag and the call-stack recording flag
// (include/RillTracking.h), and the launch-time read of RILL_TRACK_SUBSCRIPTIONS
// that turns tracking on.
#include "RillTracking.h"
#include <stdlib.h>
#include <string.h>

intptr_t rill_tracking_subscriptions = 0;
intptr_t rill_records_call_stack = 0;

__attribute__((constructor))
static void rill_tracking_read_environment(void) {
    const char *value = getenv("RILL_TRACK_SUBSCRIPTIONS");
    if (value != NULL && (strcmp(value, "1") == 0 || strcmp(value, "true") == 0 || strcmp(value, "YES") == 0)) {
        rill_tracking_store(1);
    }
}
