package main

import (
	"context"
)

func voteCommand() *command {
	return &command{
		name:    "vote",
		summary: "(not yet available)",
		usage:   "ti4sim vote",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("vote: not available yet")
		},
	}
}
