package combat

import (
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/units"
)

// CommitKind names a way to split the attacker's ground forces between
// the planets of a system (LRR 49.2: the active player may commit any of
// its ground forces in the space area to any planets of the system); see
// Commit for what each does.
type CommitKind uint8

// The commit policies: CommitSecure is the default.
const (
	// CommitSecure secures the planets in order, each with the cheapest
	// force that takes it with at least the target chance.
	CommitSecure CommitKind = iota
	// CommitFixed is the user's split (Commit.Split).
	CommitFixed
	// CommitBestAll commits every ground force in the split that
	// maximises the chance of taking every planet.
	CommitBestAll
	// CommitBestCount commits every ground force in the split that
	// maximises the expected number of planets taken.
	CommitBestCount
)

// DefaultCommitTarget is CommitSecure's default target chance (0.9).
const DefaultCommitTarget = 0.9

// Commit is how the attacker splits its ground forces between the planets
// of a system. The split is made after every planet's bombardment, from
// the ground forces in the space area and each planet's defenders then
// (LRR 49.2).
//
//   - CommitSecure (the zero value): planet by planet in the order given
//     (put the most valuable first), the cheapest force that takes the
//     planet with at least Target's chance (0: DefaultCommitTarget),
//     judged exactly from its defenders after bombardment; a planet that
//     what is left cannot take to the target gets nothing; what is left
//     then goes, one unit at a time (the cheapest first), to the planet
//     whose chance it raises most (the first planet that got forces when
//     it raises none). Every ground force lands; with one planet, all on
//     it.
//   - CommitFixed: Split[k] lands on planet k, in the planets' order while
//     the ground forces last (the capacity check may have removed some);
//     the rest stay in space.
//   - CommitBestAll, CommitBestCount: every ground force lands, in the
//     split that maximises the chance of taking every planet (BestAll) or
//     the expected number taken (BestCount), for each combination of the
//     planets' defenders after bombardment.
//
// CommitSecure and the best splits judge a planet's odds as if the
// attacker's ships were all present (they act on the ground only through
// effects such as Harrow); they need each planet's landing to be solvable
// exactly, and say so otherwise.
type Commit struct {
	// Kind is the policy; the zero value is CommitSecure.
	Kind CommitKind
	// Target is CommitSecure's target chance, 0 (the default, 0.9) or
	// in (0, 1].
	Target float64
	// Split is CommitFixed's split: one fleet of ground forces per planet,
	// in the planets' order (an empty fleet: none).
	Split []units.Fleet
}

// ParseCommit reads a commit policy in the command line's grammar:
// "secure" or "secure:P" (P the target chance, 0 < P <= 1, or a
// percentage such as 80%), "best" or "best:all", "best:count", or a split
// "NAME: UNITS; NAME: UNITS" naming planets of names (case-insensitive,
// each at most once; a planet left out gets none) with ground forces in
// the fleet grammar parse reads. The empty string is the default, secure
// at 90%.
func ParseCommit(s string, names []string, parse func(string) (units.Fleet, error)) (Commit, error) {
	s = strings.TrimSpace(s)
	head, arg, hasArg := strings.Cut(s, ":")
	switch strings.ToLower(strings.TrimSpace(head)) {
	case "":
		if !hasArg {
			return Commit{}, nil
		}
	case "secure":
		c := Commit{Kind: CommitSecure}
		if hasArg {
			v := strings.TrimSpace(arg)
			scale := 1.0
			if strings.HasSuffix(v, "%") {
				v, scale = strings.TrimSpace(strings.TrimSuffix(v, "%")), 100
			}
			p, err := strconv.ParseFloat(v, 64)
			if err != nil || !(p/scale > 0 && p/scale <= 1) {
				return c, inputf("Commit", "%q: the target chance must be in (0, 1], e.g. secure:0.8 or secure:80%%", s)
			}
			c.Target = p / scale
		}
		return c, nil
	case "best":
		switch strings.ToLower(strings.TrimSpace(arg)) {
		case "", "all":
			return Commit{Kind: CommitBestAll}, nil
		case "count":
			return Commit{Kind: CommitBestCount}, nil
		}
		return Commit{}, inputf("Commit", "%q: allowed best:all (the chance to take every planet) or best:count (the expected number taken)", s)
	}
	// A split.
	c := Commit{Kind: CommitFixed, Split: make([]units.Fleet, len(names))}
	given := make([]bool, len(names))
	for _, part := range strings.Split(s, ";") {
		if strings.TrimSpace(part) == "" {
			continue
		}
		name, us, ok := strings.Cut(part, ":")
		name = strings.TrimSpace(name)
		if !ok {
			return c, inputf("Commit", "%q: allowed secure[:P], best[:all|count], or a split \"PLANET: UNITS; PLANET: UNITS\"", strings.TrimSpace(part))
		}
		k := -1
		for i, n := range names {
			if strings.EqualFold(n, name) {
				k = i
			}
		}
		switch {
		case k < 0:
			return c, inputf("Commit", "%q: no planet is named %q (the planets: %s)", strings.TrimSpace(part), name, strings.Join(names, ", "))
		case given[k]:
			return c, inputf("Commit", "planet %s is given twice", names[k])
		}
		given[k] = true
		if us = strings.TrimSpace(us); us != "" && !strings.EqualFold(us, "none") {
			f, err := parse(us)
			if err != nil {
				return c, inputf("Commit", "%s: %v", names[k], err)
			}
			c.Split[k] = f
		}
	}
	return c, nil
}

// Text writes the policy in ParseCommit's grammar (names are the
// planets'; kind the fleet grammar's unit names): "" for the default.
func (c Commit) Text(names []string, fleet func(units.Fleet) string) string {
	switch c.Kind {
	case CommitSecure:
		if c.Target == 0 {
			return ""
		}
		return "secure:" + strconv.FormatFloat(c.Target, 'g', -1, 64)
	case CommitBestAll:
		return "best:all"
	case CommitBestCount:
		return "best:count"
	}
	var parts []string
	for k, f := range c.Split {
		if k < len(names) && !f.Empty() {
			parts = append(parts, names[k]+": "+fleet(f))
		}
	}
	if len(parts) == 0 && len(names) > 0 {
		return names[0] + ": none"
	}
	return strings.Join(parts, "; ")
}
