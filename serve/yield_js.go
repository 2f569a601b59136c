//go:build js

package serve

import "time"

// yieldToHost lets the JavaScript host run. A Go program compiled to WebAssembly runs on
// the host's one thread, and a goroutine that searches gives it up only where it blocks:
// without this, the requests that arrive during a search (its status, a cancellation)
// would wait for its end. A short sleep, at each progress report (every
// Options.ProgressInterval), returns to the host's event loop and comes back.
func yieldToHost() { time.Sleep(time.Millisecond) }
