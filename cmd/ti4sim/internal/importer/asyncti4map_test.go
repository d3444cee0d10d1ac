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

// TestAdjacentTiles: systems sharing a wormhole type are adjacent wherever
// they lie (LRR 101.2): Lodor (26, alpha) and tile 39 (alpha) across the
// map; not Lodor and Quann (25, beta); a gamma token's system and Mallice
// unlocked (82b) or locked (82a); Creuss's gate (17) and home (51), delta.
func TestAdjacentTiles(t *testing.T) {
	space := func(tokens ...string) []AsyncTI4Holder { return []AsyncTI4Holder{{Name: "space", Tokens: tokens}} }
	lodor := &AsyncTI4Tile{ID: "26", Position: "101"}
	for _, c := range []struct {
		a, b *AsyncTI4Tile
		want bool
	}{
		{lodor, &AsyncTI4Tile{ID: "39", Position: "310"}, true},
		{lodor, &AsyncTI4Tile{ID: "25", Position: "310"}, false},
		{lodor, &AsyncTI4Tile{ID: "19", Position: "202"}, true}, // next on the grid
		{lodor, lodor, false},
		{&AsyncTI4Tile{ID: "19", Position: "304", Holders: space("token_gamma.png")}, &AsyncTI4Tile{ID: "82b", Position: "tl"}, true},
		{&AsyncTI4Tile{ID: "19", Position: "304", Holders: space("token_gamma.png")}, &AsyncTI4Tile{ID: "82a", Position: "tl"}, true},
		{&AsyncTI4Tile{ID: "19", Position: "304"}, &AsyncTI4Tile{ID: "82b", Position: "tl"}, false},
		{&AsyncTI4Tile{ID: "17", Position: "tr"}, &AsyncTI4Tile{ID: "51", Position: "br"}, true},
	} {
		if got := adjacentTiles(c.a, c.b); got != c.want {
			t.Errorf("%s at %s and %s at %s: adjacent %v, want %v", c.a.ID, c.a.Position, c.b.ID, c.b.Position, got, c.want)
		}
	}
}
