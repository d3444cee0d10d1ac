package agenda

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
)

var forAgainst = []string{"for", "against"}

func TestParseVoter(t *testing.T) {
	cases := []struct {
		spec string
		want Voter
	}{
		// The base form.
		{"alice:5:for=0.6,against=0.3", Voter{Name: "alice", Votes: Fixed(5), Choice: []float64{0.6, 0.3}}},
		{"alice:5:for=0.6:final=2", Voter{Name: "alice", Votes: Fixed(5), Choice: []float64{0.6, 0}, Final: 2}},
		// Extensions.
		{" Bob : 3-8 : AGAINST=75% ", Voter{Name: "Bob", Votes: Range{3, 8}, Choice: []float64{0, 0.75}}},
		{"c:4:for=1/3,against=2/3:then=against=1", Voter{Name: "c", Votes: Fixed(4), Choice: []float64{1.0 / 3, 2.0 / 3}, Then: []float64{0, 1}}},
		{"c:4:for=1:then=keep", Voter{Name: "c", Votes: Fixed(4), Choice: []float64{1, 0}}},
		{"c:4:for=1:then=abstain", Voter{Name: "c", Votes: Fixed(4), Choice: []float64{1, 0}, Then: []float64{0, 0}}},
		{"c:4:for=1:prelim=3", Voter{Name: "c", Votes: Fixed(4), Choice: []float64{1, 0}, PrelimCap: 3}},
		{"c:4:for=1:prelim=0", Voter{Name: "c", Votes: Fixed(4), Choice: []float64{1, 0}, Final: MaxVotes}},
		{"c:4:for=1:prelim=all", Voter{Name: "c", Votes: Fixed(4), Choice: []float64{1, 0}}},
		{"argent:6:for=0.9:zeal:extra=3", Voter{Name: "argent", Votes: Fixed(6), Choice: []float64{0.9, 0}, Zeal: ZealEachVote, Extra: 3}},
		{"argent:6:for=0.9:ZEAL=once", Voter{Name: "argent", Votes: Fixed(6), Choice: []float64{0.9, 0}, Zeal: ZealOnce}},
		{"d:0:abstain=1", Voter{Name: "d", Votes: Fixed(0), Choice: []float64{0, 0}}},
		{"d:2:for=0.5,abstain=0.5", Voter{Name: "d", Votes: Fixed(2), Choice: []float64{0.5, 0}}},
	}
	for _, c := range cases {
		got, err := ParseVoter(c.spec, forAgainst)
		if err != nil {
			t.Errorf("%q: %v", c.spec, err)
			continue
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %+v, want %+v", c.spec, got, c.want)
		}
	}
}

func TestParseVoterErrors(t *testing.T) {
	cases := []struct{ spec, want string }{
		{"alice:5", "want NAME:VOTES:OUTCOME=P"},
		{":5:for=1", "empty voter name"},
		{"al ice:5:for=1", "not allowed"},
		{"alice:x:for=1", `votes "x"`},
		{"alice:-1:for=1", `votes "-1"`},
		{"alice:1000:for=1", `votes "1000"`},
		{"alice:8-3:for=1", `votes "8-3"`},
		{"alice:5:for=1.2", "outside [0,1]"},
		{"alice:5:for=-0.1", "outside [0,1]"},
		{"alice:5:for=0.7,against=0.4", "sum to"},
		{"alice:5:for=NaN", "not a probability"},
		{"alice:5:for=1/0", "division by zero"},
		{"alice:5:maybe=0.5", `unknown outcome "maybe": allowed for, against`},
		{"alice:5:for=0.5,for=0.2", "given twice"},
		{"alice:5:for", "want OUTCOME=P"},
		{"alice:5:", "want OUTCOME=P"},
		{"alice:5:for=1:final=x", "final="},
		{"alice:5:for=1:final=2:prelim=1", "give one"},
		{"alice:5:for=1:then=maybe=1", "then: unknown outcome"},
		{"alice:5:for=1:then", "needs a value"},
		{"alice:5:for=1:zeal=twice", "zeal="},
		{"alice:5:for=1:extra=100", "extra="},
		{"alice:5:for=1:colour=red", `unknown field "colour"`},
		{"alice:5:for=1:final=1:final=2", "given twice"},
		{"alice:5:for=1:", "empty field"},
		{"abstain:5:for=1", "reserved"},
	}
	for _, c := range cases {
		_, err := ParseVoter(c.spec, forAgainst)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want one containing %q", c.spec, err, c.want)
		}
	}
}

func TestParseOthers(t *testing.T) {
	if got, err := ParseOutcomes(" for , against,abstain-not "); err != nil || !reflect.DeepEqual(got, []string{"for", "against", "abstain-not"}) {
		t.Errorf("ParseOutcomes: %v, %v", got, err)
	}
	for _, bad := range []string{"", "for,,against", "for,FOR", "keep", "a b"} {
		if _, err := ParseOutcomes(bad); err == nil {
			t.Errorf("ParseOutcomes(%q) accepted", bad)
		}
	}
	if got, err := ParsePreference("against", forAgainst); err != nil || !reflect.DeepEqual(got, []int{1}) {
		t.Errorf("ParsePreference: %v, %v", got, err)
	}
	if _, err := ParsePreference("against,maybe", forAgainst); err == nil {
		t.Error("ParsePreference accepted an unknown outcome")
	}
	voters := []Voter{{Name: "alice"}, {Name: "bob"}}
	if got, err := ParseBribe("BOB:4", voters); err != nil || got != (Bribe{Voter: 1, TradeGoods: 4}) {
		t.Errorf("ParseBribe: %v, %v", got, err)
	}
	for spec, want := range map[string]string{"carol:3": "not a voter", "bob": "NAME:TG", "bob:-1": "trade goods", "bob:x": "trade goods"} {
		if _, err := ParseBribe(spec, voters); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseBribe(%q): %v, want %q", spec, err, want)
		}
	}
}

// FuzzParseVoter checks that the parser never panics, that whatever it
// accepts is a valid voter, and that FormatVoter writes it back in a form
// that parses to the same voter.
func FuzzParseVoter(f *testing.F) {
	for _, s := range []string{
		"alice:5:for=0.6,against=0.3",
		"alice:5:for=0.6:final=2",
		"bob:3-8:against=75%:then=for=1/2,against=1/4:extra=3",
		"argent:6:for=0.9:zeal=once:prelim=2",
		"d:0:abstain=1:then=abstain",
		"e:1:for=1e-3:zeal",
		"x:5:for=0.5,against=0.5000000001",
		"::",
		"a:1-:for=1",
		"a:1:for=0x1p-2",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		v, err := ParseVoter(spec, forAgainst)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		a := Agenda{Outcomes: forAgainst, Voters: []Voter{v}}
		if err := a.Validate(); err != nil {
			t.Fatalf("%q parsed to an invalid voter: %v", spec, err)
		}
		back := FormatVoter(v, forAgainst)
		w, err := ParseVoter(back, forAgainst)
		if err != nil {
			t.Fatalf("%q formatted as %q, which does not parse: %v", spec, back, err)
		}
		if !reflect.DeepEqual(v, w) {
			t.Fatalf("%q -> %+v -> %q -> %+v", spec, v, back, w)
		}
	})
}

// FuzzParseBribe checks that the --bribery parser never panics, that its
// errors are one non-empty line, and that what it accepts names a voter
// with a budget in 0..MaxTradeGoods and is read back the same from
// "NAME:TG" with the voter's own name.
func FuzzParseBribe(f *testing.F) {
	voters := []Voter{{Name: "alice"}, {Name: "bob"}, {Name: "hacan"}}
	for _, s := range []string{
		"hacan:4", "BOB:4", "carol:3", "bob", "bob:-1", "bob:x", " alice : 0 ", "alice:+2",
		"bob:4:5", ":", "alice:99999999999999999999", "alice:1000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		b, err := ParseBribe(spec, voters)
		if err != nil {
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error for %q is not one non-empty line: %q", spec, msg)
			}
			return
		}
		if b.Voter < 0 || b.Voter >= len(voters) || b.TradeGoods < 0 || b.TradeGoods > MaxTradeGoods {
			t.Fatalf("ParseBribe(%q) = %+v, out of range", spec, b)
		}
		back := fmt.Sprintf("%s:%d", voters[b.Voter].Name, b.TradeGoods)
		again, err := ParseBribe(back, voters)
		if err != nil || again != b {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", spec, b, back, again, err)
		}
	})
}
