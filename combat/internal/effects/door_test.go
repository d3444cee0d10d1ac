package effects

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"testing"
)

// TestEffectsChangeThePlanThroughTheToolkit type-checks this package's
// files and fails on any statement that writes the engine's plan other
// than through its methods (engine setup.go, toolkit.go, windows.go): an
// assignment or ++/-- whose left side reaches a field of an engine type
// (other than Trial, which hooks change during a trial) through a pointer
// or a slice, or the address of a plan field of a non-engine type (a
// *units.Stats inside a slot, through which it could be written). Writes
// to local copies of engine values (an Aura, a Roller being built) pass,
// and so do writes to a Trial (hooks change it during a trial) and to the
// input, which is the effects' own (check.go resolves it; the Watcher's
// early texts cancel cards in it).
func TestEffectsChangeThePlanThroughTheToolkit(t *testing.T) {
	fset := token.NewFileSet()
	paths, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, path := range paths {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Types: map[ast.Expr]types.TypeAndValue{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	if _, err := conf.Check("effects", fset, files, info); err != nil {
		t.Fatal(err)
	}
	engineType := func(typ types.Type) (string, bool) {
		if p, ok := typ.(*types.Pointer); ok {
			typ = p.Elem()
		}
		n, ok := typ.(*types.Named)
		if !ok || n.Obj().Pkg() == nil || !strings.HasSuffix(n.Obj().Pkg().Path(), "/combat/internal/engine") {
			return "", false
		}
		switch name := n.Obj().Name(); name {
		case "Trial", "Force", "Input":
			return name, false // a trial's state; the input the effects resolve
		default:
			return name, true
		}
	}
	// planField reports the first field of an engine type (not Trial) in
	// e's chain of selections and indexes that aliases the plan: selected
	// through a pointer, or on an element of a slice.
	planField := func(e ast.Expr) (string, bool) {
		for {
			switch x := e.(type) {
			case *ast.SelectorExpr:
				if sel, ok := info.Selections[x]; ok && sel.Kind() == types.FieldVal {
					if name, ok := engineType(sel.Recv()); ok {
						_, viaIndex := ast.Unparen(x.X).(*ast.IndexExpr)
						if sel.Indirect() || viaIndex {
							return name + "." + x.Sel.Name, true
						}
					}
				}
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.ParenExpr:
				e = x.X
			default:
				return "", false
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			var lhs []ast.Expr
			switch s := n.(type) {
			case *ast.AssignStmt:
				if s.Tok != token.DEFINE {
					lhs = s.Lhs
				}
			case *ast.IncDecStmt:
				lhs = []ast.Expr{s.X}
			case *ast.UnaryExpr:
				if s.Op == token.AND {
					if _, isEngine := engineType(info.Types[s].Type); !isEngine {
						if name, ok := planField(s.X); ok {
							t.Errorf("%s: the address of %s, through which the plan could be written: use the engine's methods", fset.Position(s.Pos()), name)
						}
					}
				}
			}
			for _, l := range lhs {
				if name, ok := planField(l); ok {
					t.Errorf("%s: writes %s of the plan: use the engine's methods (engine setup.go)", fset.Position(l.Pos()), name)
				}
			}
			return true
		})
	}
}
