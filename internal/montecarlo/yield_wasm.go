package montecarlo

import "runtime"

// yield lets the other goroutines run between two chunks. WebAssembly runs
// Go on one thread with no preemption: without it the first worker would
// run every chunk before the progress ticker (or a context's deadline)
// ever fired, so a run in the browser would report no progress until done.
// The answer does not change: each chunk draws from its own stream.
func yield() { runtime.Gosched() }
