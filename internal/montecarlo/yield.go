//go:build !wasm

package montecarlo

// yield does nothing where goroutines are preempted (see yield_wasm.go).
func yield() {}
