// The per-thread text of the last failed call (DmlFillLastError): kept in
// C's thread-local storage, as the Go code that sets it runs on the calling
// thread for the length of the call.

#include <string.h>

#include "dmlfill.h"

static _Thread_local char lastError[1024];

void dmlfillSetError(const char* msg, size_t n) {
    if (n >= sizeof lastError) {
        n = sizeof lastError - 1;
    }
    memcpy(lastError, msg, n);
    lastError[n] = 0;
}

const char* DmlFillLastError(void) { return lastError; }
