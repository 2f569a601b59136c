package serve_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/xcover/xcover/serve"
)

// Start a search through the API, follow its progress as Server-Sent Events until the
// end, and list a solution.
func Example() {
	s := serve.New(serve.Options{})
	defer s.Close()
	ts := httptest.NewServer(s)
	defer ts.Close()

	resp, err := http.Post(ts.URL+"/api/jobs", "application/json",
		strings.NewReader(`{"puzzle": "queens", "n": 8, "mode": "distinct"}`))
	if err != nil {
		log.Fatal(err)
	}
	// The fields of the answers that this example reads (docs/serve.md lists them all).
	var st struct {
		ID, Title, State string
		Solutions, Total uint64
	}
	json.NewDecoder(resp.Body).Decode(&st)
	resp.Body.Close()
	fmt.Println(resp.StatusCode, st.Title)

	resp, err = http.Get(ts.URL + "/api/jobs/" + st.ID + "/events")
	if err != nil {
		log.Fatal(err)
	}
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() { // "event: progress", "data: {...}", ..., "event: end", "data: {...}"
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			json.Unmarshal([]byte(data), &st)
		}
	}
	resp.Body.Close()
	fmt.Printf("%s: %d distinct solutions, %d in all\n", st.State, st.Solutions, st.Total)

	resp, err = http.Get(ts.URL + "/api/jobs/" + st.ID + "/solutions?offset=0&count=1")
	if err != nil {
		log.Fatal(err)
	}
	var page struct {
		Solutions []struct {
			Options []int
			Class   int
			Text    string
		}
	}
	json.NewDecoder(resp.Body).Decode(&page)
	resp.Body.Close()
	sol := page.Solutions[0]
	fmt.Printf("options %v, a class of %d:\n%s", sol.Options, sol.Class, sol.Text)
	// Output:
	// 201 8 queens
	// done: 12 distinct solutions, 92 in all
	// options [0 12 23 29 34 46 49 59], a class of 8:
	// Q . . . . . . .
	// . . . . Q . . .
	// . . . . . . . Q
	// . . . . . Q . .
	// . . Q . . . . .
	// . . . . . . Q .
	// . Q . . . . . .
	// . . . Q . . . .
}
