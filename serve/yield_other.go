//go:build !js

package serve

// yieldToHost does nothing where goroutines run beside each other (see yield_js.go).
func yieldToHost() {}
