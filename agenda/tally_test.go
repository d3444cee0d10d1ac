package agenda

import "testing"

func TestTwoThirds(t *testing.T) {
	cases := []struct {
		name  string
		tally Tally
		want  int // -1: no majority
	}{
		{"exactly twice is not enough", Tally{6, 3}, -1},
		{"one more than twice", Tally{7, 3}, 0},
		{"exactly twice, other side", Tally{2, 4}, -1},
		{"single voter, one vote", Tally{1, 0}, 0},
		{"single voter, other outcome", Tally{0, 5}, 1},
		{"everyone abstains", Tally{0, 0}, -1},
		{"no outcomes at all", Tally{}, -1},
		{"single outcome with votes", Tally{3}, 0},
		{"single outcome, no votes", Tally{0}, -1},
		{"three outcomes, others combined", Tally{9, 3, 2}, -1}, // 9 > 2*5 = 10 fails
		{"three outcomes, majority", Tally{11, 3, 2}, 0},        // 11 > 10
		{"three outcomes, exactly twice combined", Tally{10, 3, 2}, -1},
		{"three outcomes, last wins", Tally{1, 0, 3}, 2},
		{"even split", Tally{4, 4}, -1},
		{"large numbers", Tally{2001, 1000}, 0},
	}
	for _, c := range cases {
		got, ok := TwoThirds(c.tally)
		if ok != (c.want >= 0) || got != c.want {
			t.Errorf("%s: TwoThirds(%v) = %d, %v; want %d", c.name, c.tally, got, ok, c.want)
		}
	}
}

func TestPlurality(t *testing.T) {
	cases := []struct {
		name   string
		tally  Tally
		prefer []int
		want   int
	}{
		{"clear winner", Tally{3, 5}, []int{0}, 1},
		{"tie broken by the speaker", Tally{4, 4}, []int{1, 0}, 1},
		{"tie broken by the speaker, other way", Tally{4, 4}, []int{0, 1}, 0},
		{"no votes: speaker picks", Tally{0, 0, 0}, []int{2}, 2},
		{"no preference: index order", Tally{2, 5, 5}, nil, 1},
		{"preference among the tied only", Tally{1, 5, 5}, []int{0, 2, 1}, 2},
		{"unlisted tied outcomes rank after listed", Tally{5, 5, 5}, []int{1}, 1},
		{"out-of-range preferences ignored", Tally{5, 5}, []int{7, -1, 1}, 1},
		{"empty tally", Tally{}, nil, -1},
	}
	for _, c := range cases {
		if got := Plurality(c.tally, c.prefer); got != c.want {
			t.Errorf("%s: Plurality(%v, %v) = %d, want %d", c.name, c.tally, c.prefer, got, c.want)
		}
	}
}

func TestBribeNeeded(t *testing.T) {
	cases := []struct {
		name    string
		tally   Tally
		outcome int
		prefer  []int
		want    int
	}{
		{"already winning", Tally{6, 3}, 0, nil, 0},
		{"behind, tie goes to us", Tally{3, 6}, 0, []int{0}, 3},
		{"behind, tie goes to them", Tally{3, 6}, 0, []int{1}, 4},
		{"tied, speaker prefers us", Tally{4, 4}, 1, []int{1}, 0},
		{"tied, speaker prefers them", Tally{4, 4}, 1, []int{0}, 1},
		{"three outcomes, beat the best", Tally{2, 7, 5}, 2, []int{2}, 2},
		{"three outcomes, ties go elsewhere", Tally{2, 7, 5}, 2, []int{1, 0}, 3},
		{"single outcome", Tally{0}, 0, nil, 0},
		{"bad outcome", Tally{1, 2}, 2, nil, -1},
	}
	for _, c := range cases {
		got := BribeNeeded(c.tally, c.outcome, c.prefer)
		if got != c.want {
			t.Errorf("%s: BribeNeeded(%v, %d, %v) = %d, want %d", c.name, c.tally, c.outcome, c.prefer, got, c.want)
		}
		if got > 0 {
			// The policy's claim: got votes make the outcome win, got-1 do not.
			w := append(Tally(nil), c.tally...)
			w[c.outcome] += got
			if Plurality(w, c.prefer) != c.outcome {
				t.Errorf("%s: %d extra votes do not win", c.name, got)
			}
			w[c.outcome]--
			if Plurality(w, c.prefer) == c.outcome {
				t.Errorf("%s: %d extra votes already win", c.name, got-1)
			}
		}
	}
}
