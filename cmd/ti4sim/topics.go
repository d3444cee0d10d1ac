package main

import (
	"bytes"
	"io"
	"io/fs"
	"path"
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/docs"
)

// helpTopics returns the topics of `ti4sim help TOPIC`: the names of the
// documentation pages docs/*.md without ".md", sorted.
func helpTopics() []string {
	names, err := fs.Glob(docs.Files, "*.md")
	if err != nil {
		panic(err) // only for a malformed pattern
	}
	var topics []string
	for _, n := range names {
		topics = append(topics, strings.TrimSuffix(n, ".md"))
	}
	sort.Strings(topics)
	return topics
}

// helpTopic returns the page of a topic as it is in docs/, and whether there
// is one.
func helpTopic(name string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, `/\.`) {
		return nil, false
	}
	data, err := docs.Files.ReadFile(path.Join(".", name+".md"))
	if err != nil {
		return nil, false
	}
	return data, true
}

// firstLine reads r up to its first newline (or its end) in small
// pieces: a title is short, and a 4 KiB buffer per page touched and copied
// a page of every topic.
func firstLine(r io.Reader) string {
	var line []byte
	var buf [128]byte
	for {
		n, err := r.Read(buf[:])
		if i := bytes.IndexByte(buf[:n], '\n'); i >= 0 {
			return string(append(line, buf[:i]...))
		}
		line = append(line, buf[:n]...)
		if err != nil || len(line) > 1<<12 {
			return string(line)
		}
	}
}

// helpTopicTitle is a topic's one-line description: its page's first
// heading, without the "ti4sim: " every page's title starts with.
// Only the first line is read: the overview lists every page's title,
// and copying every page whole was most of `ti4sim help`'s own time.
func helpTopicTitle(name string) string {
	var first string
	if name != "" && !strings.ContainsAny(name, `/\.`) {
		if f, err := docs.Files.Open(path.Join(".", name+".md")); err == nil {
			first = firstLine(f)
			f.Close()
		}
	}
	first = strings.TrimSuffix(first, "\n")
	return strings.TrimPrefix(strings.TrimPrefix(first, "# "), "ti4sim: ")
}
