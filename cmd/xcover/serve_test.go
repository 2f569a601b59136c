package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestServe starts the server on a free port, uses it, and stops it as ^C would.
func TestServe(t *testing.T) {
	ctx, interrupt := context.WithCancel(context.Background())
	defer interrupt()
	out, w := io.Pipe()
	var stderr strings.Builder
	code := make(chan int, 1)
	go func() {
		code <- runContext(ctx, []string{"serve", "--addr", "127.0.0.1:0"}, strings.NewReader(""), w, &stderr)
		w.Close()
	}()
	rd := bufio.NewReader(out)
	line, err := rd.ReadString('\n')
	if err != nil {
		t.Fatalf("no start-up line: %v (stderr %q)", err, stderr.String())
	}
	_, url, ok := strings.Cut(strings.TrimSpace(line), "serving ")
	url, _, _ = strings.Cut(url, " ")
	if !ok || !strings.HasPrefix(url, "http://127.0.0.1:") || !strings.HasSuffix(url, "/") {
		t.Fatalf("start-up line %q names no local URL", line)
	}

	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("GET %s: %s %s", url, resp.Status, resp.Header.Get("Content-Type"))
	}
	resp, err = http.Post(url+"api/jobs", "application/json", strings.NewReader(`{"puzzle":"queens","n":24,"mode":"count"}`))
	if err != nil {
		t.Fatal(err)
	}
	var st struct{ ID, State string }
	json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	if resp.StatusCode != http.StatusCreated || st.State != "running" {
		t.Fatalf("POST a long search: %s %+v", resp.Status, st)
	}
	// Follow it as the page does, so that shutting down must end the event stream too.
	events, err := http.Get(url + "api/jobs/" + st.ID + "/events")
	if err != nil {
		t.Fatal(err)
	}
	defer events.Body.Close()
	ev := bufio.NewReader(events.Body)
	if line, _ := ev.ReadString('\n'); line != "event: progress\n" {
		t.Errorf("first event line %q", line)
	}

	rest := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(rd)
		rest <- b
	}()
	interrupt()
	if c := <-code; c != exitInterrupted {
		t.Errorf("exit code %d after ^C, want %d (stderr %q)", c, exitInterrupted, stderr.String())
	}
	if rest := <-rest; !strings.Contains(string(rest), "server stopped") {
		t.Errorf("output after ^C: %q", rest)
	}
	if _, err := io.ReadAll(ev); err != nil {
		t.Errorf("event stream did not end cleanly: %v", err)
	}
	if _, err := http.Get(url); err == nil {
		t.Errorf("the server still answers after ^C")
	}
}

func TestServeFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"serve", "--max-running", "0"}, exitUsage, "--max-running must be at least 1"},
		{[]string{"serve", "--time-limit", "-1s"}, exitUsage, "--time-limit must be positive"},
		{[]string{"serve", "--addr", "localhost"}, exitUsage, "--addr"},
		{[]string{"serve", "extra"}, exitUsage, "unknown command"},
		{[]string{"serve", "--addr", "127.0.0.1:99999"}, exitInput, "99999"},
	}
	for _, tc := range tests {
		r := runX(t, "", tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, r.code, r.stderr, tc.code, tc.msg)
		}
	}
}
