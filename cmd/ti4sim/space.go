package main

import (
	"context"
)

func spaceCommand() *command {
	return &command{
		name:    "space",
		summary: "(not yet available)",
		usage:   "ti4sim space",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("space: not available yet")
		},
	}
}
