package service

import (
	"context"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// The service's answer to a request, without HTTP, is package endpoint's;
// these are its names as the HTTP service's Backend sees them.
type (
	// Backend answers the service's requests (endpoint.Backend).
	Backend = endpoint.Backend
	// Comparer answers comparison documents (endpoint.Comparer).
	Comparer = endpoint.Comparer
	// Advisor answers advise documents (endpoint.Advisor).
	Advisor = endpoint.Advisor
	// Importer turns another tool's link into a document (endpoint.Importer).
	Importer = endpoint.Importer
	// Limits are the per-request limits a Backend enforces (endpoint.Limits).
	Limits = endpoint.Limits
	// InputError is bad input in a request document, answered 422
	// (endpoint.InputError).
	InputError = endpoint.InputError
	// Work is what a run is about to compute (endpoint.Work).
	Work = endpoint.Work
)

// HeavyDice is the estimated dice from which a Monte Carlo run is heavy
// (endpoint.HeavyDice).
const HeavyDice = endpoint.HeavyDice

// ErrBusy is Admit's error when the queue is full, answered 429
// (endpoint.ErrBusy).
var ErrBusy = endpoint.ErrBusy

// Admit waits for the run's turn at the service's gate (endpoint.Admit).
func Admit(ctx context.Context, w Work) (workers int, err error) { return endpoint.Admit(ctx, w) }

// WithProgress returns ctx carrying a run's progress receiver
// (endpoint.WithProgress).
func WithProgress(ctx context.Context, f func(done, total int64)) context.Context {
	return endpoint.WithProgress(ctx, f)
}

// ProgressOf returns the progress receiver ctx carries, or nil
// (endpoint.ProgressOf).
func ProgressOf(ctx context.Context) func(done, total int64) { return endpoint.ProgressOf(ctx) }
