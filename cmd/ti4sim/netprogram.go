package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
)

// ti4sim links no HTTP or TLS code: their package initialisation and a
// larger binary cost every command at start, though only serve and import
// asyncti4's fetches use them. Those run ti4sim-net, the network half of
// the command line (cmd/ti4sim/ti4sim-net), installed beside ti4sim.

// netProgram is the name of the network program.
const netProgram = "ti4sim-net"

// installBoth is how both programs are installed.
const installBoth = "go install github.com/ti4sim/ti4sim/cmd/ti4sim@latest github.com/ti4sim/ti4sim/cmd/ti4sim/ti4sim-net@latest"

// findNetProgram returns the path of ti4sim-net (ti4sim-net.exe on
// Windows): in the directory of this program's executable first, else
// on PATH. Neither: an error naming both places and how to install it.
func findNetProgram() (string, error) {
	name := netProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	self, err := os.Executable()
	if err == nil {
		beside := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(beside); err == nil && !st.IsDir() {
			return beside, nil
		}
	} else {
		self = "this program"
	}
	if path, err := exec.LookPath(netProgram); err == nil {
		return path, nil
	}
	return "", &missingNetProgram{beside: self}
}

// missingNetProgram is findNetProgram's error: no ti4sim-net beside the
// executable (beside: its path) nor on PATH. It is a runtime failure
// (exit status 1), not a mistake in the command line.
type missingNetProgram struct{ beside string }

func (m *missingNetProgram) Error() string {
	return fmt.Sprintf("needs the program %s, found neither beside %s nor on PATH; install both with: %s", netProgram, m.beside, installBoth)
}

// childExit is the exit status of a program this one ran in its place
// (ti4sim serve, where the process cannot be replaced): run exits with it
// and prints nothing more.
type childExit struct{ code int }

func (c *childExit) Error() string { return "exit status " + strconv.Itoa(c.code) }
