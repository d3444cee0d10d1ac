package main

import (
	"context"
	"fmt"
)

// serveCommand is ti4sim serve: ti4sim-net serve with the same arguments
// (runNetProgram), its help included: the service's flags and help are
// ti4sim-net's, and shown by it.
func serveCommand() *command {
	return &command{
		name:      "serve",
		summary:   "the HTTP service: scenario documents in, the JSON of -o json out",
		usage:     "ti4sim serve [--addr 127.0.0.1:8080] [flags]",
		helpByRun: true,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			path, err := findNetProgram()
			if err != nil {
				return fmt.Errorf("serve: %v", err)
			}
			return runNetProgram(path, append([]string{"serve"}, args...), e)
		},
	}
}
