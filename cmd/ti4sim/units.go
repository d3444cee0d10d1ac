package main

import (
	"context"
)

func unitsCommand() *command {
	return &command{
		name:    "units",
		summary: "(not yet available)",
		usage:   "ti4sim units",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("units: not available yet")
		},
	}
}
