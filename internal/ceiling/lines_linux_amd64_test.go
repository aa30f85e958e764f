//go:build amd64 && !purego && linux

package ceiling

import (
	"runtime"
	"runtime/debug"
	"syscall"
	"testing"
	"unsafe"

	"github.com/dmlgo/dml/internal/benchcore"
	"github.com/dmlgo/dml/internal/kernel"
)

// TestStoreLinesReadTheirMasksOnly: the routines read no mask past the
// period's (the masks of the lines ahead wrap around as the line's do):
// the masks end a page, the next page unreadable, and a read past them
// faults.
func TestStoreLinesReadTheirMasksOnly(t *testing.T) {
	if !kernel.CPU.AVX512 || runtime.GOOS != "linux" {
		t.Skip("no AVX-512 here, or not Linux: the routines are not run on a guard page")
	}
	mem, err := syscall.Mmap(-1, 0, 8192, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = syscall.Munmap(mem) }()
	if err := syscall.Mprotect(mem[4096:], syscall.PROT_NONE); err != nil {
		t.Fatal(err)
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	dst := benchcore.PageAligned(64 * 40)
	for _, s := range lineStores() {
		for period := 1; period <= 20; period++ {
			masks := unsafe.Slice((*uint64)(unsafe.Pointer(&mem[4096-8*period])), period)
			for i := range masks {
				masks[i] = uint64(i) * 0x0101010101010101 // some partial, one none
			}
			func() {
				defer func() {
					if e := recover(); e != nil {
						t.Errorf("%s, %d masks: read past them: %v", s.name, period, e)
					}
				}()
				s.store(dst, 0, 40, masks)
			}()
		}
	}
}
