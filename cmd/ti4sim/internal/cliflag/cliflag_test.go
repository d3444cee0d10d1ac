package cliflag

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"
)

// TestFail: nil prints nothing and is exit 0; a usage error is exit 2, any
// other error exit 1, each printed as one line with the ti4sim: prefix
// (newlines folded), a message past MaxMessage characters cut and said so.
func TestFail(t *testing.T) {
	long := strings.Repeat("é", MaxMessage+5)
	for _, c := range []struct {
		err  error
		code int
		out  string
	}{
		{nil, ExitOK, ""},
		{Errorf("space: --trials %d out of range", 0), ExitUsage, "ti4sim: space: --trials 0 out of range\n"},
		{fmt.Errorf("wrapped: %w", Errorf("bad")), ExitUsage, "ti4sim: wrapped: bad\n"},
		{errors.New("writing output: broken pipe"), ExitRuntime, "ti4sim: writing output: broken pipe\n"},
		{errors.New("two\nlines"), ExitRuntime, "ti4sim: two lines\n"},
		{errors.New(long), ExitRuntime, "ti4sim: " + strings.Repeat("é", MaxMessage) + fmt.Sprintf("… (message of %d characters cut)\n", MaxMessage+5)},
	} {
		var b bytes.Buffer
		if code := Fail(&b, c.err); code != c.code || b.String() != c.out {
			t.Errorf("Fail(%v) = %d, %q; want %d, %q", c.err, code, b.String(), c.code, c.out)
		}
	}
}

// TestParse: pflag's errors become usage errors naming the command and its
// help; a flag given twice, or a value of the wrong kind, is worded for
// the user; a list flag takes its values each time; -h is reported.
func TestParse(t *testing.T) {
	set := func() (*pflag.FlagSet, *int, *[]string, *time.Duration) {
		fs := pflag.NewFlagSet("space", pflag.ContinueOnError)
		n := fs.Int("trials", 10, "")
		l := fs.StringArray("planet", nil, "")
		d := fs.Duration("timeout", time.Second, "")
		return fs, n, l, d
	}
	fs, n, l, d := set()
	help, err := Parse("space", fs, []string{"--trials", "5", "--planet", "a", "--planet", "b", "--timeout", "2s", "rest"})
	if err != nil || help || *n != 5 || strings.Join(*l, ",") != "a,b" || *d != 2*time.Second || strings.Join(fs.Args(), " ") != "rest" {
		t.Fatalf("Parse = %v, %v; trials %d, planets %q, timeout %v, operands %q", help, err, *n, *l, *d, fs.Args())
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--trials", "5", "--trials", "6"}, "space: --trials given twice; give it once"},
		{[]string{"--trials", "many"}, `space: --trials "many": want a whole number -9223372036854775808..9223372036854775807`},
		{[]string{"--timeout", "soon"}, `space: --timeout "soon": want a duration, e.g. 30s, 2m or 1h`},
		{[]string{"--nope"}, "space: unknown flag: --nope (see `ti4sim help space`)"},
		{[]string{"--nope=" + strings.Repeat("x", 100)}, "space: unknown flag: --nope (see `ti4sim help space`)"},
	} {
		fs, _, _, _ := set()
		_, err := Parse("space", fs, c.args)
		var ue *UsageError
		if !errors.As(err, &ue) || err.Error() != c.want {
			t.Errorf("Parse(%q) = %v, want the usage error %q", c.args, err, c.want)
		}
	}
	fs, _, _, _ = set()
	if help, err := Parse("space", fs, []string{"-h"}); !help || err != nil {
		t.Errorf("Parse(-h) = %v, %v; want help", help, err)
	}
}

// TestShortenArgs: an argument past echo.MaxRunes characters quoted whole
// in a parser's message is shown by its first characters and its length.
func TestShortenArgs(t *testing.T) {
	long := strings.Repeat("y", 100)
	got := ShortenArgs(`invalid argument "`+long+`" for "--trials" flag`, []string{"--trials=" + long})
	want := `invalid argument "` + strings.Repeat("y", 60) + `"… (100 characters) for "--trials" flag`
	if got != want {
		t.Errorf("ShortenArgs = %q, want %q", got, want)
	}
	if got := ShortenArgs(`bad "short"`, []string{"short"}); got != `bad "short"` {
		t.Errorf("a short argument was changed: %q", got)
	}
}

// TestCount: whole numbers, also in e-notation as the help writes them;
// fractions, tiny and huge e-notation and words are refused.
func TestCount(t *testing.T) {
	for in, want := range map[string]int64{"1000000": 1e6, "1e6": 1e6, "2.5e5": 250000, "-3": -3, "1e18": 1e18, "9223372036854775807": 1<<63 - 1} {
		var c Count
		if err := c.Set(in); err != nil || int64(c) != want || c.String() != fmt.Sprint(want) {
			t.Errorf("Count.Set(%q) = %v, %v; want %d", in, int64(c), err, want)
		}
	}
	for _, in := range []string{"1.5", "1e-3", "2e18", "many", ""} {
		var c Count
		if err := c.Set(in); err == nil {
			t.Errorf("Count.Set(%q) = %d, want an error", in, int64(c))
		}
	}
}

// TestWriteHelp: the usage line, the text trimmed, then the flags.
func TestWriteHelp(t *testing.T) {
	fs := pflag.NewFlagSet("x", pflag.ContinueOnError)
	fs.Int("trials", 10, "how many")
	var b bytes.Buffer
	WriteHelp(&b, "ti4sim x [flags]", "\n  Does x.\n", fs)
	if want := "Usage: ti4sim x [flags]\n\nDoes x.\n\nFlags:\n      --trials int   how many (default 10)\n"; b.String() != want {
		t.Errorf("WriteHelp wrote\n%q\nwant\n%q", b.String(), want)
	}
	b.Reset()
	WriteHelp(&b, "ti4sim y", "Does y.", nil)
	if want := "Usage: ti4sim y\n\nDoes y.\n"; b.String() != want {
		t.Errorf("WriteHelp without flags wrote %q, want %q", b.String(), want)
	}
}
