package main

import (
	"context"
	"errors"
	"io"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/fetch"
)

// defaultMaxBytes is fetch's default --max-bytes: 8 MiB, the largest
// AsyncTI4 save ti4sim reads.
const defaultMaxBytes = 8 << 20

// fetchCommand is ti4sim-net fetch [--max-bytes N] URL: the body of an
// https:// URL (redirects within HTTPS only, at most 10; 30 s for the
// whole fetch; at most N bytes) on stdout. A failure is one line on
// stderr and exit status 1; an answer other than 200, exit status 3.
func fetchCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("fetch", pflag.ContinueOnError)
	maxBytes := fs.Int64("max-bytes", defaultMaxBytes, "most bytes of the answer, 1..; a longer answer is an error")
	help, err := cliflag.Parse("fetch", fs, args)
	switch {
	case err != nil:
		return cliflag.Fail(stderr, err)
	case help:
		return cliflag.Fail(stderr, writeOverview(stdout))
	case fs.NArg() != 1:
		return cliflag.Fail(stderr, cliflag.Errorf("fetch: give one https:// URL (got %d arguments)", fs.NArg()))
	case *maxBytes < 1:
		return cliflag.Fail(stderr, cliflag.Errorf("fetch: --max-bytes %d: want a whole number 1 or more", *maxBytes))
	}
	data, err := fetch.Save(ctx, fetch.NewClient(), fs.Arg(0), *maxBytes)
	if err != nil {
		code := cliflag.Fail(stderr, err)
		if se := (*fetch.StatusError)(nil); errors.As(err, &se) {
			code = cliflag.ExitAnswer
		}
		return code
	}
	if _, err := stdout.Write(data); err != nil {
		return cliflag.Fail(stderr, errors.New("fetch: writing output: "+err.Error()))
	}
	return cliflag.ExitOK
}
