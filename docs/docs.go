// Package docs holds ti4sim's documentation pages, the Markdown files of
// this directory, so that `ti4sim help TOPIC` prints a page as it is here:
// the terminal's help and the pages read on GitHub cannot drift apart.
package docs

import "embed"

// Files holds every page of docs/ (*.md), at the root of the file system:
// "cli.md", "model.md", ...
//
//go:embed *.md
var Files embed.FS
