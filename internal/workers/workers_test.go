package workers

import (
	"sync"
	"testing"
)

func TestFor(t *testing.T) {
	for _, c := range []struct {
		n, size uint64
		most    int
		want    int
	}{
		{0, 4, 8, 1},
		{1, 1, 8, 1},
		{(8 << 20) / 4, 4, 8, 2},   // 8 MiB: two workers' worth
		{(8<<20)/4 - 1, 4, 8, 1},   // just under: one
		{(64 << 20) / 2, 2, 8, 8},  // 64 MiB: 16 workers' worth, at most 8
		{(64 << 20) / 2, 2, 3, 3},  // at most 3
		{(12 << 20) / 8, 8, 16, 3}, // 12 MiB: three
		{1 << 32, 8, 1, 1},         // one allowed
	} {
		if got := For(c.n, c.size, c.most); got != c.want {
			t.Errorf("For(%d, %d, %d) = %d, want %d", c.n, c.size, c.most, got, c.want)
		}
	}
	if got := For(1<<40, 1, 0); got < 1 {
		t.Errorf("For(2^40, 1, 0) = %d, want GOMAXPROCS (at least 1)", got)
	}
}

func TestSplit(t *testing.T) {
	for _, n := range []uint64{1, 2, 7, 1000, 1001} {
		for w := 1; w <= 5; w++ {
			if uint64(w) > n {
				continue
			}
			seen := make([]int, n)
			var mu sync.Mutex
			calls := 0
			Split(n, w, func(a, b uint64) {
				mu.Lock()
				defer mu.Unlock()
				calls++
				for i := a; i < b; i++ {
					seen[i]++
				}
			})
			if calls != w {
				t.Errorf("Split(%d, %d): %d calls, want %d", n, w, calls, w)
			}
			for i, c := range seen {
				if c != 1 {
					t.Errorf("Split(%d, %d): element %d filled %d times", n, w, i, c)
					break
				}
			}
		}
	}
}
