package bench

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/combat"
)

var exactSearch = flag.Int("exact-search", 0, "TestExactSearch: the number of random battles of up to 30 units a side to solve exactly")

// TestExactSearch looks for the slowest exact battles of up to 30 units a
// side: it solves -exact-search battles drawn like BenchmarkExactUnseen's
// (unseenBattle: war suns, dreadnoughts, cruisers, destroyers, carriers,
// fighters, random unit upgrades; seed 31) and as many of exactly 30 units
// a side rich in Sustain Damage, barrages and fighters (fullBattle, the
// mirrored battle's kind), each three times, and logs the ten slowest by
// their fastest solve, with the fleets, then the ten that used the most
// CPU time (their least of three; the collector's work included: steadier
// than the wall time on a shared machine), and how many the solver
// refused (their joint state codes pass its limit). It times, and so
// asserts nothing (docs/performance.md reads the times). Skipped without
// the flag.
func TestExactSearch(t *testing.T) {
	if *exactSearch == 0 {
		t.Skip("run with -exact-search N")
	}
	type timed struct {
		d, cpu time.Duration
		what   string
	}
	rng := rand.New(rand.NewPCG(31, 30))
	var all []timed
	refused := 0
	for i := range 2 * *exactSearch {
		sc := unseenBattle(t, rng)
		if i%2 == 1 {
			sc = fullBattle(t, rng)
		}
		best, bestCPU := time.Duration(1<<62), time.Duration(1<<62)
		for range 3 {
			start, startCPU := time.Now(), processCPU()
			if _, err := combat.Solve(context.Background(), sc); err != nil {
				refused++
				break
			}
			best, bestCPU = min(best, time.Since(start)), min(bestCPU, processCPU()-startCPU)
		}
		if best < 1<<62 {
			all = append(all, timed{best, bestCPU, fleetText(sc)})
		}
	}
	t.Logf("%d battles solved, %d refused", len(all), refused)
	slices.SortFunc(all, func(a, b timed) int { return int(b.d - a.d) })
	for _, x := range all[:min(10, len(all))] {
		t.Logf("%8.2f ms  %s", float64(x.d)/1e6, x.what)
	}
	// On a shared machine the wall times wait on the others' work too:
	// the CPU time a solve used (the collector's included) says more.
	slices.SortFunc(all, func(a, b timed) int { return int(b.cpu - a.cpu) })
	for _, x := range all[:min(10, len(all))] {
		t.Logf("%8.2f ms of CPU  %s", float64(x.cpu)/1e6, x.what)
	}
}

// fleetText names a scenario's two fleets and their technologies.
func fleetText(sc combat.Scenario) string {
	side := func(s combat.Side) string {
		return s.Fleet.String() + " [" + strings.Join(s.Techs, " ") + "]"
	}
	return side(sc.Attacker) + " vs " + side(sc.Defender)
}

// fullBattle draws a space combat of 30 units a side (fewer where the kinds
// drawn hold fewer) of four kinds
// (the mirrored battle's shape: more kinds pass the solver's joint-code
// limit at this size) among up to 2 war suns, 8 dreadnoughts, 8
// destroyers, 10 fighters, 8 cruisers and 4 carriers, with random unit
// upgrades.
func fullBattle(t testing.TB, rng *rand.Rand) combat.Scenario {
	kinds := []struct {
		name string
		most int
	}{{"war sun", 2}, {"dreadnought", 8}, {"destroyer", 8}, {"fighter", 10}, {"cruiser", 8}, {"carrier", 4}}
	var f [2]string
	var techs [2][]string
	for side := range f {
		n := make([]int, len(kinds))
		pick, room := rng.Perm(len(kinds))[:4], 0
		for _, k := range pick {
			room += kinds[k].most
		}
		for left := min(30, room); left > 0; {
			k := pick[rng.IntN(len(pick))]
			if n[k] < kinds[k].most {
				n[k]++
				left--
			}
		}
		var b strings.Builder
		for k, c := range n {
			if c > 0 {
				fmt.Fprintf(&b, ", %d %s", c, kinds[k].name)
			}
		}
		f[side] = b.String()[2:]
		techs[side] = randomUpgrades(rng)
	}
	sc := scenario(t, combat.SpaceCombat, f)
	sc.Attacker.Techs, sc.Defender.Techs = techs[0], techs[1]
	return sc
}
