// Package bench holds the benchmarks of ti4sim's public API: the standard
// battles of the performance table (docs/performance.md). Run them with
//
//	go test -run '^$' -bench . -benchmem ./bench
//
// Each combat benchmark runs b.N trials of one scenario on one worker, so
// ns/op is the cost of one simulated tactical action on one core and
// allocs/op shows that trials allocate nothing (the few allocations of
// compiling the scenario are shared by all b.N trials).
//
// The exact benchmarks (exact_bench_test.go) solve one scenario exactly
// per op (combat.Solve): ns/op is a whole solve, set-up included.
// BenchmarkExactSpaceDenseCodes is the largest bench battle, whose sides'
// unit states multiply past a joint code and are numbered as met.
//
// BenchmarkStartup (startup_test.go) times whole processes instead: the
// built ti4sim (statically linked, CGO_ENABLED=0, as the README installs
// it, and as the go command builds it by default) on commands that do not
// serve against a Go hello world, started in turn; ns/op is a process's
// median wall time and x-hello its ratio to the hello world's
// (docs/performance.md, Start-up).
//
// TestExactSearch (exactsearch_test.go, run with -exact-search N) looks for
// the slowest exact battles of up to 30 units a side among 2N seeded random
// ones and logs the ten slowest with their times; it asserts nothing about
// them (docs/performance.md, the exact solver's section).
package bench
