package importer

import (
	"slices"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// hex is a cube coordinate of the hex grid (x + y + z = 0).
type hex struct{ x, y, z int }

// hexDirs are the six neighbour offsets, in turn round the ring.
var hexDirs = [6]hex{{1, -1, 0}, {1, 0, -1}, {0, 1, -1}, {-1, 1, 0}, {-1, 0, 1}, {0, -1, 1}}

func (a hex) add(b hex) hex { return hex{a.x + b.x, a.y + b.y, a.z + b.z} }

// distance is the number of steps between two hexes.
func (a hex) distance(b hex) int {
	return max(abs(a.x-b.x), abs(a.y-b.y), abs(a.z-b.z))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// positionHex returns the hex of a map position of the bot: "000" is the
// centre (Mecatol Rex); "RII" is ring R, index II, counted from 1 at the
// ring's first corner and round the ring in one direction, every ring's
// first corner on the same side (a ring of radius R holds 6R positions:
// 101..106, 201..212, 301..318). Other positions ("tl", "br": beside the
// map) are on no hex.
func positionHex(pos string) (hex, bool) {
	if len(pos) < 3 || len(pos) > 4 {
		return hex{}, false
	}
	r, err1 := strconv.Atoi(pos[:len(pos)-2])
	i, err2 := strconv.Atoi(pos[len(pos)-2:])
	if err1 != nil || err2 != nil || r < 0 || (r == 0) != (i == 0) || i > 6*r {
		return hex{}, false
	}
	var h hex
	for k := 0; k < r; k++ {
		h = h.add(hexDirs[4])
	}
	steps := i - 1
	for side := 0; side < 6 && steps > 0; side++ {
		for j := 0; j < r && steps > 0; j++ {
			h = h.add(hexDirs[side])
			steps--
		}
	}
	return h, true
}

// tileWormholes are the wormholes of the base game's and Prophecy of
// Kings' systems by tile id (the bot's src/main/resources/systems/ID.json,
// "wormholes"; 82a is Mallice locked, 82b unlocked).
var tileWormholes = lazy.Value[map[string][]string]{Build: func() map[string][]string {
	return map[string][]string{
		"17": {"delta"}, "25": {"beta"}, "26": {"alpha"}, "39": {"alpha"}, "40": {"beta"},
		"51": {"delta"}, "64": {"beta"}, "79": {"alpha"}, "82a": {"gamma"}, "82b": {"alpha", "beta", "gamma"},
	}
}}

// nebulaTiles are the base game's and Prophecy of Kings' nebulae (42, 68).
var nebulaTiles = lazy.Value[map[string]bool]{Build: func() map[string]bool { return map[string]bool{"42": true, "68": true} }}

// wormholes returns a tile's wormholes: its system's and a gamma wormhole
// token's in its space area: "token_gamma.png" as the bot saves it,
// "gamma" (the token's id, src/main/resources/data/tokens) in web-data.
func (t *AsyncTI4Tile) wormholes() map[string]bool {
	out := map[string]bool{}
	for _, w := range tileWormholes.Get()[strings.ToLower(t.ID)] {
		out[w] = true
	}
	for _, h := range t.Holders {
		if h.Name == "space" && (slices.Contains(h.Tokens, "token_gamma.png") || slices.Contains(h.Tokens, "gamma")) {
			out["gamma"] = true
		}
	}
	return out
}

// adjacentTiles reports whether two tiles are adjacent: next to each
// other on the grid, or sharing a wormhole type (LRR 101.2).
func adjacentTiles(a, b *AsyncTI4Tile) bool {
	if a == b {
		return false
	}
	if adjacentPositions(a.Position, b.Position) {
		return true
	}
	wa := a.wormholes()
	for w := range b.wormholes() {
		if wa[w] {
			return true
		}
	}
	return false
}

// adjacentPositions reports whether two map positions are next to each
// other on the grid (wormholes and hyperlanes aside).
func adjacentPositions(a, b string) bool {
	ha, ok1 := positionHex(a)
	hb, ok2 := positionHex(b)
	return ok1 && ok2 && ha.distance(hb) == 1
}
