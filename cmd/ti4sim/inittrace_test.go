package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// Package initialisation bounds of TestInitAllocations, per package of this
// module. A package's init may build a few small lookup tables (a map of
// unit names, of card codes: tens of entries, a handful of allocations
// each); a catalogue, a compiled regexp of any size or a table computed at
// init does not fit, and those belong in a sync.OnceValue (or in generated
// static data). For scale: the largest module package init today is units'
// (its alias maps, about 32 KiB in 77 allocations); before the start-up
// work of issue 31 units' was 411 KiB in 305 (every faction), main's 117
// KiB in 1,389 (the flag help's catalogue names and one regexp) and
// scenario's 25 KiB in 179 (reflection over the document types).
const (
	maxInitBytes  = 64 << 10
	maxInitAllocs = 100
)

// initLine is one line of GODEBUG=inittrace=1:
// "init PKG @T ms, C ms clock, N bytes, M allocs".
var initLine = regexp.MustCompile(`^init (\S+) @[0-9.]+ ms, ([0-9.]+) ms clock, ([0-9]+) bytes, ([0-9]+) allocs$`)

// initCost is one package's initialisation as inittrace reports it.
type initCost struct {
	pkg           string
	clockMS       float64
	bytes, allocs int
}

// parseInitTrace reads the init lines of a GODEBUG=inittrace=1 run.
func parseInitTrace(stderr []byte) []initCost {
	var out []initCost
	sc := bufio.NewScanner(bytes.NewReader(stderr))
	for sc.Scan() {
		m := initLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		clock, _ := strconv.ParseFloat(m[2], 64)
		n, _ := strconv.Atoi(m[3])
		a, _ := strconv.Atoi(m[4])
		out = append(out, initCost{pkg: m[1], clockMS: clock, bytes: n, allocs: a})
	}
	return out
}

// ownPackage reports whether an inittrace package is this module's: the
// command itself is "main".
func ownPackage(pkg string) bool {
	return pkg == "main" || pkg == "github.com/ti4sim/ti4sim" || strings.HasPrefix(pkg, "github.com/ti4sim/ti4sim/")
}

// dependencyPackage reports whether an inittrace package is a third-party
// module's: not this module's, not the standard library's (whose paths
// have no dot in their first element).
func dependencyPackage(pkg string) bool {
	first, _, _ := strings.Cut(pkg, "/")
	return !ownPackage(pkg) && strings.Contains(first, ".")
}

// TestInitAllocations runs the built binary with GODEBUG=inittrace=1 on
// commands that do not serve and fails when a package of this module
// allocates more than maxInitBytes or maxInitAllocs while it initialises,
// or a dependency's package more than maxInitBytes (a dependency's init
// is not ours to shape, but one that builds a table of that size is one
// to replace: tablewriter's width cache was 663 KB at every start): every
// process pays its package initialisation, whatever the command, so work
// there is start-up a one-question caller (a bot) waits for. It names the
// package and its figures. (Allocation counts, not times: a bound on a
// time would fail on a loaded machine.)
func TestInitAllocations(t *testing.T) {
	bin := buildBinary(t)
	for _, args := range [][]string{
		{"ground", "-a", "1 infantry", "-d", "1 infantry", "--exact", "-o", "json"},
		{"help"},
		{"luck", "roll", "--dice", "3 at 6", "--hits", "1"},
		{"vote", "--exact", "--voter", "sol:5:for=1", "--voter", "hacan:2-6:against=1", "--speaker", "sol"},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("ti4sim %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
		}
		costs := parseInitTrace(stderr.Bytes())
		own := 0
		for _, c := range costs {
			if dependencyPackage(c.pkg) && c.bytes > maxInitBytes {
				t.Errorf("ti4sim %s: dependency package %s allocates %d bytes in %d allocations at init (%.3f ms); the bound is %d bytes",
					args[0], c.pkg, c.bytes, c.allocs, c.clockMS, maxInitBytes)
			}
			if !ownPackage(c.pkg) {
				continue
			}
			own++
			if c.bytes > maxInitBytes || c.allocs > maxInitAllocs {
				t.Errorf("ti4sim %s: package %s allocates %d bytes in %d allocations at init (%.3f ms); the bound is %d bytes, %d allocations: build it at first use (sync.OnceValue) or as static data",
					args[0], c.pkg, c.bytes, c.allocs, c.clockMS, maxInitBytes, maxInitAllocs)
			}
		}
		if own < 5 {
			t.Fatalf("ti4sim %s: %d init lines of this module's packages in the trace (%d in all); is GODEBUG=inittrace=1 still the format %q?\n%s",
				args[0], own, len(costs), initLine, firstLines(stderr.String(), 5))
		}
	}
}

// TestParseInitTrace: the parser reads Go's inittrace line format.
func TestParseInitTrace(t *testing.T) {
	got := parseInitTrace([]byte("init internal/bytealg @0.008 ms, 0 ms clock, 0 bytes, 0 allocs\n" +
		"init github.com/ti4sim/ti4sim/units @4.6 ms, 0.59 ms clock, 411552 bytes, 305 allocs\nhello\n"))
	want := []initCost{{"internal/bytealg", 0, 0, 0}, {"github.com/ti4sim/ti4sim/units", 0.59, 411552, 305}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("parseInitTrace: %v, want %v", got, want)
	}
	if !ownPackage("main") || !ownPackage("github.com/ti4sim/ti4sim/units") || ownPackage("github.com/ti4sim/ti4simx") || ownPackage("net/http") {
		t.Error("ownPackage: wrong set of packages")
	}
	if !dependencyPackage("github.com/olekukonko/tablewriter/pkg/twwidth") || !dependencyPackage("gonum.org/v1/gonum/mat") ||
		dependencyPackage("net/http") || dependencyPackage("vendor/golang.org/x/net/http2/hpack") || dependencyPackage("main") ||
		dependencyPackage("github.com/ti4sim/ti4sim/units") {
		t.Error("dependencyPackage: wrong set of packages")
	}
}

// firstLines is s's first n lines.
func firstLines(s string, n int) string {
	lines := strings.SplitN(s, "\n", n+1)
	return strings.Join(lines[:min(n, len(lines))], "\n")
}
