package web_test

import "testing"

// The Go copies of the page's number formatting agree with JavaScript's.
// The expected strings are what Node.js 20 prints for x.toFixed(2) and
// n.toLocaleString("en-US"); 0.125 is a tie (JavaScript rounds it up, Go's
// strconv to even), 1.005 and 2.675 lie just below their ties in binary.
func TestToFixedMatchesJavaScript(t *testing.T) {
	for _, c := range []struct {
		x    float64
		want string
	}{
		{0.125, "0.13"}, {1.005, "1.00"}, {45.7426, "45.74"}, {0, "0.00"},
		{100, "100.00"}, {2.675, "2.67"}, {0.045, "0.04"}, {99.995, "100.00"}, {1e-7, "0.00"},
	} {
		if got := toFixed(c.x, 2); got != c.want {
			t.Errorf("toFixed(%v, 2) = %q, want %q", c.x, got, c.want)
		}
	}
	for _, c := range []struct {
		n    int64
		want string
	}{
		{100000, "100,000"}, {20000, "20,000"}, {999, "999"}, {1000000000, "1,000,000,000"},
	} {
		if got := groupThousands(c.n); got != c.want {
			t.Errorf("groupThousands(%d) = %q, want %q", c.n, got, c.want)
		}
	}
}
