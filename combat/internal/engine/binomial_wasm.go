//go:build js && wasm

package engine

import "sync"

// binomial is the table, built at its first use: the WebAssembly engine
// does not carry the native build's static copy (binomtable.go), which
// would add about 150 kB to its download.
var binomial = sync.OnceValue(buildBinomial)
