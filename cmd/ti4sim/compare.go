package main

import (
	"context"
)

func compareCommand() *command {
	return &command{
		name:    "compare",
		summary: "(not yet available)",
		usage:   "ti4sim compare",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("compare: not available yet")
		},
	}
}
