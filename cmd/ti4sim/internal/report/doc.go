// Package report renders the results of ti4sim's commands: a combat, a
// comparison of variants, an agenda vote, and the unit and card tables.
// Each renderer writes text tables or one line of JSON to an io.Writer and
// returns the first write error; it takes library values (combat.Result,
// combat.Comparison, agenda.Result, …) and a small options value for what
// the command line decides (the output format, the scenario document the
// JSON echoes). It reads no flags, no environment and no global state.
//
// The JSON field names are stable: new fields may be added, none renamed
// or removed. ti4sim serve, the WebAssembly engine and the golden tests
// depend on the exact bytes.
package report
