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

// Package initialisation bounds of TestInitAllocations. A package of this
// module allocates nothing at initialisation: its tables are lazy.Values
// (static data, built at their first use) or literals the linker lays out;
// the bound leaves room for a few sync.OnceValues (about 80 bytes in two
// allocations each) and the like, not for a table (a map of tens of
// entries is a few KiB). For scale: before the start-up work of issue 31
// units' init was 411 KiB in 305 allocations (every faction), main's 117
// KiB in 1,389 (the flag help's catalogue names and one regexp); before
// lazy.Value the module's packages still allocated 80,696 bytes in 326
// allocations at every start, units' alias maps 32 KiB of it. A
// dependency's init is not ours to shape: its bound is a table's size.
const (
	maxInitBytes           = 1 << 10
	maxInitAllocs          = 8
	maxDependencyInitBytes = 64 << 10
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
// or a dependency's package more than maxDependencyInitBytes (a
// dependency's init is not ours to shape, but one that builds a table of
// that size is one to replace: tablewriter's width cache was 663 KB at
// every start), or the standard library's unicode package more than
// maxInitBytes (its maps of tables by name, built when a regexp is
// reachable from the command: 11 KB): every
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
		runtimeSeen := false
		for _, c := range costs {
			runtimeSeen = runtimeSeen || c.pkg == "runtime"
			if dependencyPackage(c.pkg) && c.bytes > maxDependencyInitBytes {
				t.Errorf("ti4sim %s: dependency package %s allocates %d bytes in %d allocations at init (%.3f ms); the bound is %d bytes",
					args[0], c.pkg, c.bytes, c.allocs, c.clockMS, maxDependencyInitBytes)
			}
			if c.pkg == "unicode" && c.bytes > maxInitBytes {
				t.Errorf("ti4sim %s: package unicode allocates %d bytes in %d allocations at init: its tables by name (Categories, Scripts: 11 KB) are reachable, as through a regexp compiled anywhere in the command; match by hand (isWholeNumber, isGameID)",
					args[0], c.bytes, c.allocs)
			}
			if !ownPackage(c.pkg) {
				continue
			}
			if c.bytes > maxInitBytes || c.allocs > maxInitAllocs {
				t.Errorf("ti4sim %s: package %s allocates %d bytes in %d allocations at init (%.3f ms); the bound is %d bytes, %d allocations: build it at first use (lazy.Value) or as static data",
					args[0], c.pkg, c.bytes, c.allocs, c.clockMS, maxInitBytes, maxInitAllocs)
			}
		}
		// The runtime's own line is always traced; a package of this
		// module with no init work has no line at all.
		if !runtimeSeen {
			t.Fatalf("ti4sim %s: no init line of the runtime in the trace (%d lines read); is GODEBUG=inittrace=1 still the format %q?\n%s",
				args[0], len(costs), initLine, firstLines(stderr.String(), 5))
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
