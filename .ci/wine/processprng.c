/*
 * bcryptprimitives.dll for Wine 8.0 (Debian 12's wine64), which lacks
 * ProcessPrng: Go's runtime calls it for its random numbers on Windows
 * since Go 1.22, and a Go program stops at start without it. CI builds
 * this with mingw-w64 and puts it in the Wine prefix's system32, so that
 * the Windows test binaries run (Windows 10 and later have ProcessPrng).
 */
#include <windows.h>
#include <ntsecapi.h> /* RtlGenRandom: advapi32's SystemFunction036 */

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T size) {
    while (size > 0) {
        ULONG n = size > 0x40000000 ? 0x40000000 : (ULONG)size;
        if (!RtlGenRandom(data, n)) {
            return FALSE;
        }
        data += n;
        size -= n;
    }
    return TRUE;
}
