package main

import (
	"context"
)

func compareCommand() *command {
	return &command{
		name:    "compare",
		summary: "the same scenario under several rules printings (not available yet)",
		usage:   "ti4sim compare space|ground|invade [flags] --vary KEY=V1,V2",
		help:    "compare runs one scenario under several variants with common random numbers.\nIt is not available in this version.",
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			return usageErrorf("compare is not available in this version; run the variants one by one with the same --seed")
		},
	}
}
