package scenario

import (
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// Agenda builds the library's agenda from a vote document: its grammars
// (the voters, the outcomes, the speaker's preference, the bribes, the
// duel die) read by the agenda package's parsers, and the whole checked
// by agenda.Agenda.Validate. Errors are *Error at the path of the input at
// fault (an element's for a voter or a bribe).
func (d *Vote) Agenda() (agenda.Agenda, error) {
	var a agenda.Agenda
	var err error
	if a.Procedure, err = agenda.ParseProcedure(cmpOr(d.Mode, "preliminary")); err != nil {
		return a, errorf("mode", "%v", err)
	}
	outcomes := strings.Join(d.Outcomes, ",")
	if len(d.Outcomes) == 0 {
		outcomes = "for,against"
	}
	if a.Outcomes, err = agenda.ParseOutcomes(outcomes); err != nil {
		return a, errorf("outcomes", "%s: %v", echo.Quote(outcomes), err)
	}
	if len(d.Voters) == 0 {
		return a, errorf("voters", "none given; give one per player, e.g. \"sol:5:for=0.5,against=0.5\" (see `ti4sim help vote`)")
	}
	if len(d.Voters) > agenda.MaxVoters {
		return a, errorf("voters", "%d voters: allowed 1..%d", len(d.Voters), agenda.MaxVoters)
	}
	for i, spec := range d.Voters {
		v, err := agenda.ParseVoter(spec, a.Outcomes)
		if err != nil {
			return a, errorf(fmt.Sprintf("voters[%d]", i), "%s: %v", echo.Quote(spec), err)
		}
		if a.VoterIndex(v.Name) >= 0 {
			return a, errorf(fmt.Sprintf("voters[%d]", i), "%s: duplicate voter %s (names are case-insensitive)", echo.Quote(spec), echo.Quote(v.Name))
		}
		a.Voters = append(a.Voters, v)
	}
	if err := d.speaker(&a); err != nil {
		return a, err
	}
	for i, spec := range d.Bribery {
		b, err := agenda.ParseBribe(spec, a.Voters)
		if err != nil {
			return a, errorf(fmt.Sprintf("bribery[%d]", i), "%s: %v", echo.Quote(spec), err)
		}
		for _, o := range a.Bribery {
			if o.Voter == b.Voter {
				return a, errorf(fmt.Sprintf("bribery[%d]", i), "%s: %s already holds Bribery", echo.Quote(spec), a.Voters[b.Voter].Name)
			}
		}
		a.Bribery = append(a.Bribery, b)
	}
	a.Players = d.Players
	if err := a.Validate(); err != nil {
		return a, errorf("", "%v", err)
	}
	return a, d.duel(&a)
}

// cmpOr is s, or def when s is empty.
func cmpOr(s, def string) string {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return s
}

// speaker reads the speaker and their tie-break ranking.
func (d *Vote) speaker(a *agenda.Agenda) error {
	if d.Speaker != "" {
		if a.Speaker = a.VoterIndex(strings.TrimSpace(d.Speaker)); a.Speaker < 0 {
			names := make([]string, len(a.Voters))
			for i, v := range a.Voters {
				names[i] = v.Name
			}
			return errorf("speaker", "%s is not a voter: voters are %s", echo.Quote(d.Speaker), strings.Join(names, ", "))
		}
	}
	if len(d.SpeakerPrefers) > 0 {
		p := strings.Join(d.SpeakerPrefers, ",")
		var err error
		if a.SpeakerPrefers, err = agenda.ParsePreference(p, a.Outcomes); err != nil {
			return errorf("speaker_prefers", "%s: %v", echo.Quote(p), err)
		}
	}
	return nil
}

// duel reads the duel die and checks the agenda it is rolled in.
func (d *Vote) duel(a *agenda.Agenda) error {
	duel := strings.ToLower(strings.TrimSpace(d.Duel))
	if duel == "" || duel == "none" {
		return nil
	}
	var err error
	if a.Duel, err = agenda.ParseDuelDie(duel); err != nil {
		return errorf("duel", "%v", err)
	}
	if err := a.Validate(); err != nil {
		if len(a.Bribery) > 0 {
			return errorf("duel", "with bribery: in a duel, trade goods buy votes before the die is rolled; drop the bribery and put them as extra=N in the voter")
		}
		return errorf("duel", "%v; allowed with exactly 2 voters, 2 outcomes and 2 players (or players unset)", err)
	}
	return nil
}

// Normalize returns the document a vote echoes: the voters in the voter
// grammar as the agenda read them, its outcomes, mode and speaker, and the
// run with its defaults.
func (d *Vote) Normalize(a agenda.Agenda) Vote {
	n := Vote{Version: Version, Mode: a.Procedure.String(), Outcomes: a.Outcomes, Speaker: a.Voters[a.Speaker].Name,
		Players: a.Players, Bribery: d.Bribery}
	for _, v := range a.Voters {
		n.Voters = append(n.Voters, agenda.FormatVoter(v, a.Outcomes))
	}
	for _, o := range d.SpeakerPrefers {
		n.SpeakerPrefers = append(n.SpeakerPrefers, strings.TrimSpace(o))
	}
	if duel := strings.ToLower(strings.TrimSpace(d.Duel)); duel != "" && duel != "none" {
		n.Duel = duel
	}
	n.Run = d.Run.normalize(false)
	n.Run.Rounds = 0
	return n
}
