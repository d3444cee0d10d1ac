// Command cmd runs the plain per-die simulation of the standard battle
// ("3 carrier, 6 fighter" against "1 dreadnought, 2 destroyer, 3 fighter")
// for -n trials on -workers goroutines and prints the outcome frequencies
// and the time taken, to be timed side by side with
//
//	ti4sim space -a "3 carrier, 6 fighter" -d "1 dreadnought, 2 destroyer, 3 fighter" -n 2000000
package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/ti4sim/ti4sim/bench/plain"
)

func main() {
	n := flag.Int("n", 2000000, "trials")
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "goroutines")
	flag.Parse()
	if *n < 1 || *workers < 1 {
		fmt.Fprintln(os.Stderr, "plain: -n and -workers must be positive")
		os.Exit(2)
	}
	start := time.Now()
	var mu sync.Mutex
	var total [3]int
	var wg sync.WaitGroup
	for w := range *workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(uint64(w), 1))
			a, d := plain.Fleet(0, 3, 0, 6), plain.Fleet(1, 0, 2, 3)
			var c [3]int
			for i := w; i < *n; i += *workers {
				c[plain.Battle(r, a, d)]++
			}
			mu.Lock()
			for i := range c {
				total[i] += c[i]
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	el := time.Since(start)
	fmt.Printf("attacker %.4f  draw %.4f  defender %.4f  (%d trials, %d workers, %v)\n",
		float64(total[0])/float64(*n), float64(total[1])/float64(*n), float64(total[2])/float64(*n), *n, *workers, el.Round(time.Millisecond))
}
