// The library's entry points, in C: each makes sure it runs in the process
// that loaded the library before it enters Go, then calls the Go function
// that does the work (main.go, exported as dmlfillGo*). A process forked
// from the one that loaded the library has no Go runtime that works (fork
// copies the calling thread only; the runtime's other threads, and any lock
// they held, are gone), so a call there would hang for ever: it fails at
// once instead, E_FAIL, DmlFillLastError saying why.
//
// Also the per-thread text of the last failed call (DmlFillLastError): kept
// in C's thread-local storage, as the Go code that sets it runs on the
// calling thread for the length of the call.

#include <signal.h>
#include <stdlib.h>
#include <string.h>

#define DMLFILL_BUILD /* (the DLL's exports, on Windows) */
#include "dmlfill.h"
#include "_cgo_export.h"

static _Thread_local char lastError[1024];

void dmlfillSetError(const char* msg, size_t n) {
    if (n >= sizeof lastError) {
        n = sizeof lastError - 1;
    }
    memcpy(lastError, msg, n);
    lastError[n] = 0;
}

const char* DmlFillLastError(void) { return lastError; }

#ifdef _WIN32
static int forked(void) { return 0; } /* (no fork on Windows) */
#else
#include <pthread.h>
#include <unistd.h>

/* inChild is set in every child forked after the library loaded, by a fork
 * handler (pthread_atfork): whatever its process id (a child of a new PID
 * namespace is 1, as its parent may be; ids are reused). */
static volatile sig_atomic_t inChild;

static void dmlfillForked(void) { inChild = 1; }

__attribute__((constructor)) static void dmlfillLoaded(void) { pthread_atfork(NULL, NULL, dmlfillForked); }

/* forked reports whether this process was forked from the one that loaded
 * the library, and says so in the last error. */
static int forked(void) {
    static const char msg[] =
        "dmlfill: called in a process forked from the one that loaded the library, where its Go runtime "
        "cannot run (fork keeps one thread); load the library after the fork, or start processes by spawn "
        "(Python: multiprocessing.set_start_method(\"spawn\"))";
    if (!inChild) {
        return 0;
    }
    dmlfillSetError(msg, sizeof msg - 1);
    return 1;
}
#endif

HRESULT DmlFillValueSequence(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, void* buffer, UINT64 bufferSize) {
    if (forked()) {
        return E_FAIL;
    }
    return dmlfillGoFill((DML_OPERATOR_DESC*)desc, level, buffer, bufferSize);
}

HRESULT DmlFillValueSequenceDesc(const DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, void* buffer, UINT64 bufferSize) {
    if (forked()) {
        return E_FAIL;
    }
    return dmlfillGoFillDesc((DML_FILL_VALUE_SEQUENCE_OPERATOR_DESC*)desc, level, buffer, bufferSize);
}

UINT64 DmlCalcBufferTensorSize(DML_TENSOR_DATA_TYPE dataType, UINT dimensionCount, const UINT* sizes, const UINT* strides) {
    if (forked()) {
        return 0;
    }
    return dmlfillGoCalcSize(dataType, dimensionCount, (UINT*)sizes, (UINT*)strides);
}

HRESULT DmlCheckFillValueSequence(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, const void* buffer, UINT64 bufferSize,
                                  const DMLFILL_CHECK_OPTIONS* options, DMLFILL_CHECK_REPORT* report) {
    if (forked()) {
        return E_FAIL;
    }
    return dmlfillGoCheck((DML_OPERATOR_DESC*)desc, level, (void*)buffer, bufferSize, (DMLFILL_CHECK_OPTIONS*)options, report);
}

HRESULT DmlCheckFillValueSequenceReport(const DML_OPERATOR_DESC* desc, DML_FEATURE_LEVEL level, const void* buffer, UINT64 bufferSize,
                                        const DMLFILL_CHECK_OPTIONS* options, DMLFILL_CHECK_REPORT* report, char** text, char** json) {
    if (text) {
        *text = NULL;
    }
    if (json) {
        *json = NULL;
    }
    if (forked()) {
        return E_FAIL;
    }
    return dmlfillGoCheckReport((DML_OPERATOR_DESC*)desc, level, (void*)buffer, bufferSize, (DMLFILL_CHECK_OPTIONS*)options, report, text, json);
}

/* DmlFillFree is C's free: the strings are the C library's malloc's (Go's
 * C.CString), so a forked child may free them too. */
void DmlFillFree(void* p) { free(p); }

const char* DmlFillVersion(void) {
    /* A forked child cannot run Go: it gets the version this library
     * returned before the fork, or "" where it had returned none. */
    static const char* _Atomic version;
    if (version == NULL && !forked()) {
        version = dmlfillGoVersion();
    }
    return version != NULL ? version : "";
}

HRESULT DmlParseScalar(DML_TENSOR_DATA_TYPE dataType, const char* text, DML_SCALAR_UNION* value) {
    if (forked()) {
        return E_FAIL;
    }
    return dmlfillGoParseScalar(dataType, (char*)text, value);
}
