// Command schemagen writes the scenario documents' JSON Schemas
// (schema/*.json) from their Go types, doc comments and constraint table
// (scenario.GenerateSchemas). Run by `go generate ./cmd/ti4sim/internal/scenario`,
// in that directory.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario/internal/doccomment"
)

func main() {
	if err := run("."); err != nil {
		fmt.Fprintln(os.Stderr, "schemagen:", err)
		os.Exit(1)
	}
}

// run writes the schemas of the package in dir to dir/schema.
func run(dir string) error {
	comments, err := doccomment.Read(dir)
	if err != nil {
		return err
	}
	schemas, err := scenario.GenerateSchemas(comments)
	if err != nil {
		return err
	}
	for _, name := range scenario.SchemaNames {
		if err := os.WriteFile(filepath.Join(dir, "schema", name+".json"), schemas[name], 0o644); err != nil {
			return err
		}
	}
	return nil
}
