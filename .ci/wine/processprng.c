/*
 * bcryptprimitives.dll for Wine 8.0 (Debian 12's wine64), which lacks
 * ProcessPrng: Go's runtime calls it for its random numbers on Windows
 * since Go 1.22, and a Go program stops at start without it. Built with
 * mingw-w64 and put in the Wine prefix's system32, it lets the Windows test
 * binaries run (Windows 10 and later have ProcessPrng):
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c -ladvapi32
 *   cp bcryptprimitives.dll "$WINEPREFIX/drive_c/windows/system32/"
 *   GOOS=windows go test -short -exec /usr/lib/wine/wine64 ./...
 *
 * (.ci/wine/run does so in CI.)
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
