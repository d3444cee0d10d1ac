package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/web"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// serveUsage is the synopsis of ti4sim serve.
const serveUsage = "ti4sim serve [--addr 127.0.0.1:8080] [flags]"

// serveFlags registers serve's flags on a new flag set, their values in
// cfg (from service.DefaultConfig) and maxTrials.
func serveFlags(cfg *service.Config, maxTrials *cliflag.Count) *pflag.FlagSet {
	*cfg = service.DefaultConfig()
	*maxTrials = cliflag.Count(cfg.MaxTrials)
	fs := pflag.NewFlagSet("serve", pflag.ContinueOnError)
	fs.SortFlags = false
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "`HOST:PORT` to listen on; the default is reachable from this machine only; port 0 picks a free port")
	fs.Var(maxTrials, "max-trials", "most Monte Carlo trials one request may ask for, 1..1e9 (more: 422)")
	fs.Float64Var(&cfg.MaxDice, "max-dice", cfg.MaxDice, "most dice one request's Monte Carlo run may be estimated to roll, variants and fleets together, 1..1e13 (more: 422 before it runs; a core rolls about 2e8 a second)")
	fs.IntVar(&cfg.MaxExactStates, "max-exact-states", cfg.MaxExactStates, fmt.Sprintf("most joint unit states an exact combat may reach, 1..%d (more: 422)", service.MaxExactStatesLimit))
	fs.Int64Var(&cfg.MaxBodyBytes, "max-body", cfg.MaxBodyBytes, "largest request body in bytes (larger: 413)")
	fs.DurationVar(&cfg.Timeout, "timeout", cfg.Timeout, "most time one request may take, queue included; then the run stops (503)")
	fs.IntVar(&cfg.MaxConcurrent, "max-concurrent", cfg.MaxConcurrent, "most runs computed at once, 1..4096 (the default is this machine's GOMAXPROCS, at least 2); no client, and no heavy runs together, hold more than all but one")
	fs.IntVar(&cfg.MaxQueue, "max-queue", cfg.MaxQueue, "most runs waiting for a slot; beyond: 429 with Retry-After")
	listflag.StringSlice(fs, &cfg.CORSOrigins, "cors-origin", "", "`ORIGIN`s (scheme://host[:port], exact match, comma-separated or repeated) whose pages may call the service; default none")
	listflag.StringSlice(fs, &cfg.AllowedHosts, "allow-host", "", "`HOST` names (no port; comma-separated or repeated) answered besides localhost, 127.0.0.1 and [::1], e.g. a proxy's; others are refused 421. Listening on loopback only loopback names and these are answered; beyond loopback any Host is, unless some are given")
	fs.DurationVar(&cfg.ShutdownTimeout, "shutdown-timeout", cfg.ShutdownTimeout, "on SIGINT or SIGTERM, how long requests in flight may finish before they are cancelled")
	return fs
}

// serve is ti4sim-net serve (ti4sim serve): the service on --addr until
// SIGINT or SIGTERM, then a graceful shutdown and exit status 0; --help
// prints serve's help on stdout.
func serve(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	var cfg service.Config
	var maxTrials cliflag.Count
	fs := serveFlags(&cfg, &maxTrials)
	help, err := cliflag.Parse("serve", fs, args)
	switch {
	case err != nil:
		return cliflag.Fail(stderr, err)
	case help:
		w := report.NewErrWriter(stdout)
		cliflag.WriteHelp(w, serveUsage, serveHelp, serveFlags(new(service.Config), new(cliflag.Count)))
		return cliflag.Fail(stderr, w.Err())
	case fs.NArg() > 0:
		return cliflag.Fail(stderr, cliflag.Errorf("serve: unexpected argument %s (fleets go in quotes after -a/-d)", echo.Quote(fs.Arg(0))))
	}
	cfg.MaxTrials = int64(maxTrials)
	cfg.Page = web.Files()
	if err := cfg.Validate(); err != nil {
		return cliflag.Fail(stderr, cliflag.Errorf("serve: %v", err))
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	w := report.NewErrWriter(stdout)
	cfg.OnListen = func(a net.Addr) { fmt.Fprintf(w, "ti4sim serve: listening on http://%s\n", a) }
	log := slog.New(slog.NewTextHandler(stderr, nil))
	return cliflag.Fail(stderr, service.Run(ctx, cfg, answer.NewBackend(), log))
}

// serveHelp is the help text of ti4sim serve.
const serveHelp = `Serves the scenario documents over HTTP, and the page that builds them in a
browser, on this machine only unless --addr names another interface. Each
answer is byte for byte what the command line's -o json prints for the same
scenario and seed.

  GET  /                 the page (fleet builder, compare, advise, vote)
  POST /v1/combat        a combat document (space, ground, invade)
  POST /v1/compare       a comparison document (a combat and what varies)
  POST /v1/advise        a fleet question (a fight and the build limits)
  POST /v1/luck          a luck document (a battle's end, a roll, the bot's totals)
  POST /v1/vote          a vote document
  POST /v1/import        a ti4battle.com link, or an AsyncTI4 save and a tile
  POST /v1/units         homebrew unit files (AsyncTI4 format): their factions
  GET  /v1/catalog       units, factions, technologies and cards
  GET  /v1/schema/NAME   the JSON Schema of a document (combat, compare, vote, advise, luck)
  GET  /v1/openapi.json  the OpenAPI 3.1 description
  GET  /healthz          liveness; GET /debug/vars: goroutines, requests, runs, queue

With Accept: application/x-ndjson a run (combat, compare, advise, luck, vote)
answers lines of JSON: {"progress":{"done":N,"total":M}} up to 5 a second
(trials; none for exact runs and advise), then
{"result":...} (the answer without the header) or, when the run fails after
the first line, {"error":"...","path":"...","status":S}.

Listening on loopback (the default) the service answers only requests whose
Host names loopback (localhost, 127.0.0.1, [::1], any port) or an
--allow-host name, so that a web page on another name cannot reach it by DNS
rebinding; listening beyond loopback it answers any Host unless --allow-host
names some.

Every error is JSON {"error": "...", "path": "..."} (path: the JSON path of
the value at fault, or ""): 400 malformed JSON or HTTP, 404 no such path, 405
wrong method (with Allow), 413 body over --max-body, 415 not application/json,
421 a Host not answered, 422 an invalid document or one beyond the limits, 429
busy (--max-concurrent runs and --max-queue waiting; with Retry-After), 431
request headers over 1 MiB, 503 over --timeout or shutting down, 500 only for
a fault of the service. GET /v1/catalog states these limits. A run stops when its client goes
away. On SIGINT or SIGTERM the service stops accepting connections, lets the
requests in flight finish for --shutdown-timeout, cancels the rest and exits 0.
It prints the address it listens on, then logs one line per request on
stderr.

Examples:
  ti4sim serve
  ti4sim serve --addr 127.0.0.1:0 --max-trials 1e6 --timeout 10s
  curl -s -H 'Content-Type: application/json' -d @combat.json http://127.0.0.1:8080/v1/combat
  curl -sN -H 'Accept: application/x-ndjson' -H 'Content-Type: application/json' -d @combat.json http://127.0.0.1:8080/v1/combat`
