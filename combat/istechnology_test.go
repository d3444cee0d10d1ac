package combat

import "testing"

// TestIsTechnology: the AsyncTI4 codes of combat technologies and unit
// upgrades are accepted (docs/documents.md lists them); the bot's codes of
// technologies that never act in combat are not.
func TestIsTechnology(t *testing.T) {
	for _, name := range []string{"da", "duranium-armor", "amd", "ps", "asc", "dn2", "ff2", "sdn2", "nes", "l4", "x89"} {
		if !IsTechnology(name) {
			t.Errorf("IsTechnology(%q) = false, want true", name)
		}
	}
	for _, name := range []string{"gd", "fl", "st", "nm", "sarween-tools", ""} {
		if IsTechnology(name) {
			t.Errorf("IsTechnology(%q) = true, want false", name)
		}
	}
}
