package endpoint

import "context"

// Backend answers the service's requests; the service knows nothing of the
// engine. Each run method gets the raw request body (a JSON document, its
// syntax already checked) and the limits it must enforce, and returns the
// response JSON, or an error: an *InputError for bad input (answered 422
// with its JSON path), the context's error when ctx ended, or any other
// error for a fault of the service itself (answered 500; never for bad
// input). ctx ends when the client disconnects, the request's time limit
// passes or the server shuts down; a run must then stop promptly.
type Backend interface {
	// Combat answers a combat document (POST /v1/combat).
	Combat(ctx context.Context, body []byte, lim Limits) ([]byte, error)
	// Vote answers a vote document (POST /v1/vote).
	Vote(ctx context.Context, body []byte, lim Limits) ([]byte, error)
	// Catalog lists what documents may name: units, factions, cards
	// (GET /v1/catalog).
	Catalog() []byte
	// Schema returns the JSON Schema of the document kind name (combat,
	// compare, vote, advise, luck), or false when there is no such schema
	// (GET /v1/schema/{name}).
	Schema(name string) ([]byte, bool)
}

// Comparer is a Backend that answers comparison documents
// (POST /v1/compare); without it the path answers 404.
type Comparer interface {
	Compare(ctx context.Context, body []byte, lim Limits) ([]byte, error)
}

// Advisor is a Backend that answers fleet questions, advise documents
// (POST /v1/advise); without it the path answers 404.
type Advisor interface {
	Advise(ctx context.Context, body []byte, lim Limits) ([]byte, error)
}

// Lucker is a Backend that places what happened at the table among what
// could have happened, luck documents (POST /v1/luck); without it the path
// answers 404.
type Lucker interface {
	Luck(ctx context.Context, body []byte, lim Limits) ([]byte, error)
}

// Importer is a Backend that turns another tool's link into a document
// (POST /v1/import); without it the path answers 404.
type Importer interface {
	Import(ctx context.Context, body []byte) ([]byte, error)
}

// UnitReader is a Backend that reads homebrew unit files and describes
// their factions as the catalogue does (POST /v1/units), for a form to
// offer them; without it the path answers 404.
type UnitReader interface {
	Units(ctx context.Context, body []byte) ([]byte, error)
}

// Limits are the per-request limits a Backend enforces, from Config.
type Limits struct {
	// MaxTrials is the most Monte Carlo trials a run may ask for (with a
	// precision target: the most it may run).
	MaxTrials int64
	// MaxExactStates is the most joint unit states an exact combat may
	// reach (combat.SolveWithin).
	MaxExactStates int
	// MaxDice is the most dice a Monte Carlo run may be estimated to roll
	// (combat.Options.MaxDice): every variant's or fleet's together.
	MaxDice float64
}
