package combat_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

var updateFrozen = flag.Bool("update-exact-frozen", false, "rewrite testdata/exact_frozen.json from the exact solver")

// frozenPath holds every figure of the exact results of frozenBattles, as
// the exact solver gave them when the file was written (full precision).
const frozenPath = "testdata/exact_frozen.json"

// frozenRecord is one battle of the frozen list: what it is, and its
// figures in resultFigures' order.
type frozenRecord struct {
	Battle  string
	Figures []float64
}

// TestExactFrozenFigures solves 96 seeded random battles — space combats
// of up to 30 units a side (war suns, upgrades), some with a round limit,
// retreats, Morale Boost or Duranium Armor, invasions and ground combats —
// and the mirrored 30-unit battle, and compares every figure of each exact result (outcomes, rounds and
// their histogram, survivors and losses, per phase) with the figures the
// solver gave when testdata/exact_frozen.json was written: each within
// 1e-12. It guards the exact sweep's speed work (the same sums, in
// another layout) against any change of an answer.
func TestExactFrozenFigures(t *testing.T) {
	if testing.Short() {
		t.Skip("solves 97 battles")
	}
	battles := frozenBattles(t)
	got := make([]frozenRecord, len(battles))
	for i, b := range battles {
		res, err := combat.Solve(context.Background(), b.sc)
		if err != nil {
			t.Fatalf("%s: %v", b.desc, err)
		}
		got[i] = frozenRecord{Battle: b.desc, Figures: resultFigures(t, res)}
	}
	if *updateFrozen {
		var out []byte
		for i, r := range got { // one battle a line
			line, err := json.Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			if i > 0 {
				out = append(out, ",\n"...)
			}
			out = append(out, line...)
		}
		if err := os.WriteFile(frozenPath, append(append([]byte("[\n"), out...), "\n]\n"...), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(frozenPath)
	if err != nil {
		t.Fatal(err)
	}
	var want []frozenRecord
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatal(err)
	}
	if len(want) != len(got) {
		t.Fatalf("%d battles frozen, %d solved", len(want), len(got))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Battle != w.Battle || len(g.Figures) != len(w.Figures) {
			t.Errorf("battle %d: %q with %d figures, frozen %q with %d", i, g.Battle, len(g.Figures), w.Battle, len(w.Figures))
			continue
		}
		for k := range g.Figures {
			if d := math.Abs(g.Figures[k] - w.Figures[k]); !(d <= 1e-12) {
				t.Errorf("%s: figure %d is %.17g, frozen %.17g", g.Battle, k, g.Figures[k], w.Figures[k])
			}
		}
	}
}

// resultFigures lists every number of an exact result, by its JSON form's
// keys in sorted order (the intervals' bounds and standard errors left
// out: they repeat the value or are zero).
func resultFigures(t *testing.T, res combat.Result) []float64 {
	t.Helper()
	raw, err := json.Marshal(res)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var out []float64
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case float64:
			out = append(out, x)
		case []any:
			for _, e := range x {
				walk(e)
			}
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				if k != "Lo" && k != "Hi" && k != "SE" {
					keys = append(keys, k)
				}
			}
			slices.Sort(keys)
			for _, k := range keys {
				walk(x[k])
			}
		}
	}
	walk(v)
	return out
}

type frozenBattle struct {
	desc string
	sc   combat.Scenario
}

// frozenBattles draws the frozen list's battles from a seeded stream.
func frozenBattles(t *testing.T) []frozenBattle {
	t.Helper()
	rng := rand.New(rand.NewPCG(31, 2026))
	ships := []frozenKind{{"war sun", 2}, {"dreadnought", 6}, {"cruiser", 8}, {"destroyer", 8}, {"carrier", 4}, {"fighter", 10}}
	upgrades := []string{"dreadnought-ii", "cruiser-ii", "destroyer-ii", "carrier-ii", "fighter-ii"}
	var out []frozenBattle
	for i := range 96 {
		var f [2]string
		var techs [2][]string
		act := combat.SpaceCombat
		switch i % 8 {
		case 6:
			act = combat.Invasion
			f[0] = frozenFleet(rng, ships[1:3], 4) + ", " + frozenFleet(rng, []frozenKind{{"infantry", 6}, {"mech", 2}}, 8)
			f[1] = frozenFleet(rng, []frozenKind{{"cruiser", 2}, {"destroyer", 2}, {"infantry", 6}, {"mech", 2}, {"pds", 2}}, 10)
		case 7:
			act = combat.GroundCombat
			f[0] = frozenFleet(rng, []frozenKind{{"infantry", 10}, {"mech", 4}}, 14)
			f[1] = frozenFleet(rng, []frozenKind{{"infantry", 10}, {"mech", 4}}, 14)
		default:
			for side := range f {
				f[side] = frozenFleet(rng, ships, 5+rng.IntN(26))
				for _, u := range upgrades {
					if rng.IntN(3) == 0 {
						techs[side] = append(techs[side], u)
					}
				}
			}
		}
		sc := combat.Scenario{Action: act, Attacker: combat.Side{Fleet: frozenParse(t, f[0]), Techs: techs[0]},
			Defender: combat.Side{Fleet: frozenParse(t, f[1]), Techs: techs[1]}}
		what := ""
		if act == combat.SpaceCombat && i%16 == 5 {
			v := frozenPerRound[i/16%len(frozenPerRound)]
			what = v.name
			v.set(&sc)
		}
		desc := fmt.Sprintf("%d %v: %s [%s] vs %s [%s] %s", i, act, f[0], strings.Join(techs[0], " "), f[1], strings.Join(techs[1], " "), what)
		out = append(out, frozenBattle{desc, sc})
	}
	mirror := "8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter" // the slowest battle of 30 units a side known
	return append(out, frozenBattle{"mirrored: " + mirror, combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: frozenParse(t, mirror)}, Defender: combat.Side{Fleet: frozenParse(t, mirror)}}})
}

// frozenPerRound are the per-round rules some space combats get: a round
// limit, retreats, Morale Boost, Duranium Armor.
var frozenPerRound = []struct {
	name string
	set  func(*combat.Scenario)
}{
	{"rounds", func(sc *combat.Scenario) { sc.MaxRounds = 3 }},
	{"after", func(sc *combat.Scenario) { sc.Attacker.Retreat = combat.Retreat{AfterRound: 2} }},
	{"losing", func(sc *combat.Scenario) { sc.Defender.Retreat = combat.Retreat{WhenLosing: true} }},
	{"morale", func(sc *combat.Scenario) { sc.Attacker.Cards = []string{"morale-boost:2"} }},
	{"duranium", func(sc *combat.Scenario) { sc.Defender.Techs = append(sc.Defender.Techs, "duranium-armor") }},
}

type frozenKind struct {
	name string
	most int
}

// frozenFleet draws up to left units of the given kinds (at least one).
func frozenFleet(rng *rand.Rand, kinds []frozenKind, left int) string {
	var parts []string
	for _, k := range kinds {
		if n := min(left, rng.IntN(k.most+1)); n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, k.name))
			left -= n
		}
	}
	if len(parts) == 0 {
		parts = []string{"1 " + kinds[0].name}
	}
	return strings.Join(parts, ", ")
}

func frozenParse(t *testing.T, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		t.Fatalf("%s: %v", s, err)
	}
	return f
}
