// Package doccomment reads the doc comments of a package's exported types
// and their struct fields, for generators that describe the types (the
// scenario documents' JSON Schemas).
package doccomment

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// Read returns the doc comments of the package in dir (its non-test Go
// files), each on one line: by type name ("Combat") and by type and field
// ("Combat.Action"). A field without a comment of its own, on the line
// below a field with one, shares it: the comment of a pair written
// together ("Attacker is the active player; Defender the other.").
func Read(dir string) (map[string]string, error) {
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	pkg, err := doc.NewFromFiles(fset, files, "doccomment/read")
	if err != nil {
		return nil, err
	}
	out := map[string]string{}
	for _, t := range pkg.Types {
		out[t.Name] = oneLine(t.Doc)
		for _, spec := range t.Decl.Specs {
			ts, ok := spec.(*ast.TypeSpec)
			if st, isStruct := ts.Type.(*ast.StructType); ok && isStruct && ts.Name.Name == t.Name {
				fields(fset, t.Name, st, out)
			}
		}
	}
	return out, nil
}

// fields adds the comments of a struct type's fields.
func fields(fset *token.FileSet, typ string, st *ast.StructType, out map[string]string) {
	prev, prevLine := "", -1
	for _, f := range st.Fields.List {
		line := fset.Position(f.Pos()).Line
		text := oneLine(f.Doc.Text())
		if text == "" && line == prevLine+1 {
			text = prev
		}
		for _, n := range f.Names {
			out[typ+"."+n.Name] = text
		}
		prev, prevLine = text, fset.Position(f.End()).Line
	}
}

// oneLine joins a comment's lines.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
