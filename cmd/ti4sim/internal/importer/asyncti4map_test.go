package importer

import "testing"

// TestAdjacentPositions: the neighbours of a position, derived by hand
// from the ring layout (every ring's index 1 on one line from the centre,
// indices round the ring, corner k of ring R at index 1 + kR, the corners
// of one k on one line): 101 touches the centre, its ring's 102 and 106,
// and ring 2's 201 (its corner), 202 and 212. A corner touches one
// position of the ring inside (that ring's corner), two of its own ring
// and three outside (the outer corner and its two ring neighbours): the
// L1Z1X home 310 of pbd10972 (corner 3 of ring 3) touches 207, 309, 311,
// 412, 413, 414. 318, the last of ring 3, touches 317 and 301 round the
// ring, 212 and 201 inside, 423 and 424 outside.
func TestAdjacentPositions(t *testing.T) {
	want := map[string][]string{
		"000": {"101", "102", "103", "104", "105", "106"},
		"101": {"000", "102", "106", "201", "202", "212"},
		"310": {"207", "309", "311", "412", "413", "414"},
		"318": {"212", "201", "301", "317", "423", "424"},
	}
	var all []string
	for r := 0; r <= 4; r++ {
		for i := 0; i <= 6*r; i++ {
			if (r == 0) != (i == 0) {
				continue
			}
			all = append(all, string(rune('0'+r))+string(rune('0'+i/10))+string(rune('0'+i%10)))
		}
	}
	for pos, ns := range want {
		var got []string
		for _, q := range all {
			if adjacentPositions(pos, q) {
				got = append(got, q)
			}
		}
		if len(got) != len(ns) {
			t.Errorf("%s: neighbours %v, want %v", pos, got, ns)
			continue
		}
		for _, n := range ns {
			if !adjacentPositions(pos, n) {
				t.Errorf("%s: %s is not a neighbour; got %v", pos, n, got)
			}
		}
	}
	for _, p := range []string{"tl", "br", "107", "0", "1000x", "001"} {
		if _, ok := positionHex(p); ok {
			t.Errorf("position %q is on the grid", p)
		}
	}
}
