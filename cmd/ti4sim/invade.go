package main

import (
	"context"
)

func invadeCommand() *command {
	return &command{
		name:    "invade",
		summary: "(not yet available)",
		usage:   "ti4sim invade",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("invade: not available yet")
		},
	}
}
