package scenario

import "embed"

// The JSON Schemas (draft 2020-12) of the documents, one file each,
// generated from the document types (schemagen.go; go generate).
//
//go:embed schema/*.json
var schemas embed.FS

// SchemaNames are the documents that have a schema.
var SchemaNames = []string{"combat", "compare", "vote", "advise", "luck"}

// Schema returns the JSON Schema of a document ("combat", "compare",
// "vote", "advise"), and whether there is one.
func Schema(name string) ([]byte, bool) {
	b, err := schemas.ReadFile("schema/" + name + ".json")
	return b, err == nil
}
