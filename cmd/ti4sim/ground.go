package main

import (
	"context"
)

func groundCommand() *command {
	return &command{
		name:    "ground",
		summary: "(not yet available)",
		usage:   "ti4sim ground",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("ground: not available yet")
		},
	}
}
