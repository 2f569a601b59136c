package serve

import (
	http "github.com/xcover/xcover/internal/httpshim"
	"github.com/xcover/xcover/internal/present"

	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/xcover/xcover/dlx"
)

func (s *Server) handleCreate(w http.ResponseWriter, r *http.Request) {
	req, adm := s.readRequest(w, r)
	if adm == nil {
		return
	}
	defer adm.release()
	t, err := newTask(req)
	if err != nil {
		var re *requestError
		if errors.As(err, &re) {
			writeJSON(w, http.StatusBadRequest, apiError{Error: re.msg, Line: re.line})
			return
		}
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	j, code, msg := s.start(t, req, adm)
	if j == nil {
		if code == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", retryAfter)
		}
		writeError(w, code, msg)
		return
	}
	w.Header().Set("Location", "/api/jobs/"+j.id)
	j.mu.Lock()
	st := j.status()
	j.mu.Unlock()
	writeJSON(w, http.StatusCreated, st)
}

// readRequest reads the Request in r's body within the server's limits (MaxBodyBytes,
// MaxReading, the memory budget, BodyTimeout) and returns it with its admission, which the
// caller must release; or it answers the request with an error and returns a nil admission.
func (s *Server) readRequest(w http.ResponseWriter, r *http.Request) (*present.Request, *admission) {
	tooLarge := fmt.Sprintf("request body larger than %d bytes", s.opt.MaxBodyBytes)
	if r.ContentLength > s.opt.MaxBodyBytes {
		// Refused before reading: the client may still be sending, so close the
		// connection after the answer rather than read what it sends.
		w.Header().Set("Connection", "close")
		writeError(w, http.StatusRequestEntityTooLarge, tooLarge)
		return nil, nil
	}
	// A slot is taken before the body is read, and the memory for the parse as it is read,
	// so that bodies are read and parsed only within MaxReading and the memory budget.
	rc := http.NewResponseController(w)
	adm, code, msg := s.admit(r.ContentLength, func() { rc.SetReadDeadline(time.Now()) })
	if adm == nil {
		if code == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", retryAfter)
		}
		w.Header().Set("Connection", "close")
		writeError(w, code, msg)
		return nil, nil
	}
	// The body must arrive within BodyTimeout (a server without deadlines ignores this);
	// the deadline is lifted once it has, for the connection's next requests.
	rc.SetReadDeadline(time.Now().Add(s.opt.BodyTimeout))
	r.Body = http.MaxBytesReader(w, r.Body, s.opt.MaxBodyBytes)
	dec := json.NewDecoder(&reservingReader{r.Body, adm})
	dec.DisallowUnknownFields()
	var req present.Request
	err := dec.Decode(&req)
	if err == nil {
		// One JSON object and nothing after it but blanks.
		if _, terr := dec.Token(); terr != io.EOF {
			err = errors.New("data after the JSON object")
			var mbe *http.MaxBytesError
			if errors.As(terr, &mbe) {
				err = terr
			}
		}
	}
	evicted := adm.finishReading()
	if err != nil {
		// What is left of the body will not be read: close the connection after the
		// answer (the deadline stays, so that the server gives up on it too).
		w.Header().Set("Connection", "close")
		var mbe *http.MaxBytesError
		switch {
		case errors.As(err, &mbe):
			writeError(w, http.StatusRequestEntityTooLarge, tooLarge)
			adm.release()
			return nil, nil
		case errors.Is(err, errNeverFits):
			writeError(w, http.StatusRequestEntityTooLarge, s.neverFits(max(r.ContentLength, adm.reserve/bytesPerBodyByte)))
			adm.release()
			return nil, nil
		case errors.Is(err, errNoRoom):
			w.Header().Set("Retry-After", retryAfter)
			writeError(w, http.StatusTooManyRequests, fmt.Sprintf("the searches running fill the server's memory budget (%d MiB); try again later", s.opt.MaxMemoryBytes>>20))
			adm.release()
			return nil, nil
		case evicted:
			writeError(w, http.StatusRequestTimeout, "request body too slow: its reading slot was given to another request")
			adm.release()
			return nil, nil
		}
		writeError(w, http.StatusBadRequest, "bad request body: "+err.Error())
		adm.release()
		return nil, nil
	}
	rc.SetReadDeadline(time.Time{})
	return &req, adm
}

func (s *Server) handleStatus(w http.ResponseWriter, r *http.Request) {
	if j := s.job(w, r); j != nil {
		j.mu.Lock()
		st := j.status()
		j.mu.Unlock()
		writeJSON(w, http.StatusOK, st)
	}
}

// errCancelled is the cause of a search cancelled by DELETE.
var errCancelled = errors.New("cancelled by request")

// handleCancel cancels a search and answers with its status once it has stopped (or
// after a few seconds if it is slow to stop).
func (s *Server) handleCancel(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	j.cancel(errCancelled)
	t := time.NewTimer(5 * time.Second)
	defer t.Stop()
	select {
	case <-j.done:
	case <-t.C:
	case <-r.Context().Done():
		return
	}
	j.mu.Lock()
	st := j.status()
	j.mu.Unlock()
	writeJSON(w, http.StatusOK, st)
}

// heartbeat is the time between comments sent on an idle event stream, which find out
// whether the client has gone.
const heartbeat = 15 * time.Second

// handleEvents streams the status of a search as Server-Sent Events: a "progress" event
// at every change while it runs, then an "end" event, and the stream closes. A search
// with an open stream is never abandoned.
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	j.mu.Lock()
	j.streams++
	j.mu.Unlock()
	defer func() {
		j.mu.Lock()
		j.streams--
		j.lastSeen = s.opt.Time()
		j.mu.Unlock()
	}()
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	for {
		j.mu.Lock()
		st := j.status()
		changed := j.changed
		j.mu.Unlock()
		event := "progress"
		if st.State != present.StateRunning {
			event = "end"
		}
		b, _ := json.Marshal(st)
		if _, err := fmt.Fprintf(w, "event: %s\ndata: %s\n\n", event, b); err != nil {
			return
		}
		if rc.Flush() != nil || event == "end" {
			return
		}
	wait:
		for {
			select {
			case <-changed:
				break wait
			case <-r.Context().Done():
				return
			case <-s.ctx.Done():
				return
			case <-tick.C:
				if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil || rc.Flush() != nil {
					return
				}
			}
		}
	}
}

// pageRange reads offset and count from the query and returns the kept solutions they
// select, with their offset, or answers 400.
func (s *Server) pageRange(w http.ResponseWriter, r *http.Request, j *job, defCount int) (sols [][]int, classes []int, offset int, ok bool) {
	num := func(name string, def int) (int, bool) {
		v := r.URL.Query().Get(name)
		if v == "" {
			return def, true
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("%s=%q: want a number >= 0", name, v))
			return 0, false
		}
		return n, true
	}
	offset, ok1 := num("offset", 0)
	count, ok2 := num("count", defCount)
	if !ok1 || !ok2 {
		return nil, nil, 0, false
	}
	count = min(count, s.opt.MaxPage)
	j.mu.Lock()
	defer j.mu.Unlock()
	lo := min(offset, len(j.sols))
	hi := min(lo+count, len(j.sols))
	sols = j.sols[lo:hi:hi]
	if j.classes != nil {
		classes = j.classes[lo:hi:hi]
	}
	return sols, classes, lo, true
}

func (s *Server) handleSolutions(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	sols, classes, offset, ok := s.pageRange(w, r, j, 20)
	if !ok {
		return
	}
	pg := present.Page{Offset: offset, Solutions: make([]present.Solution, len(sols))}
	t := j.task
	given := j.given()
	var buf bytes.Buffer
	for i, sol := range sols {
		out := present.Solution{Index: offset + i, Options: sol}
		out.Text = t.Text(sol)
		if t.About().Draws {
			buf.Reset()
			if err := t.DrawGiven(&buf, given, [][]int{sol}); err != nil {
				writeError(w, http.StatusInternalServerError, "drawing: "+err.Error())
				return
			}
			out.SVG = buf.String()
		}
		if classes != nil {
			out.Class = classes[i]
		}
		pg.Solutions[i] = out
	}
	j.mu.Lock()
	pg.Kept, pg.State = len(j.sols), j.state
	j.mu.Unlock()
	writeJSON(w, http.StatusOK, pg)
}

// handleSolutionsSVG draws the solutions selected by offset and count (one by default).
func (s *Server) handleSolutionsSVG(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	t, about := j.task, j.task.About()
	if !about.Draws {
		writeError(w, http.StatusNotFound, "no drawings for "+about.Title)
		return
	}
	sols, _, offset, ok := s.pageRange(w, r, j, 1)
	if !ok {
		return
	}
	switch {
	case len(sols) == 0:
		writeError(w, http.StatusNotFound, "no solutions there")
		return
	case len(sols) > 1 && !about.DrawsMany:
		writeError(w, http.StatusBadRequest, "draws one solution at a time here: ask for count=1")
		return
	}
	var buf bytes.Buffer
	if err := t.DrawGiven(&buf, j.given(), sols); err != nil {
		writeError(w, http.StatusInternalServerError, "drawing: "+err.Error())
		return
	}
	h := w.Header()
	h.Set("Content-Type", "image/svg+xml")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="xcover-%s-%d.svg"`, about.Kind, offset+1))
	w.Write(buf.Bytes())
}

// handleSolutionsJSON answers every kept solution, as a download.
func (s *Server) handleSolutionsJSON(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	type sol struct {
		Options []int  `json:"options"`
		Text    string `json:"text,omitempty"`
		Class   int    `json:"class,omitempty"`
	}
	j.mu.Lock()
	st := j.status()
	sols, classes := j.sols, j.classes
	j.mu.Unlock()
	out := struct {
		Title     string `json:"title"`
		Mode      string `json:"mode"`
		State     string `json:"state"`
		Solutions uint64 `json:"found"`
		Total     uint64 `json:"total,omitempty"`
		List      []sol  `json:"solutions"`
	}{Title: st.Title, Mode: st.Mode, State: st.State, Solutions: st.Solutions, Total: st.Total, List: make([]sol, len(sols))}
	for i, k := range sols {
		out.List[i] = sol{Options: k}
		out.List[i].Text = j.task.Text(k)
		if i < len(classes) {
			out.List[i].Class = classes[i]
		}
	}
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="xcover-%s-solutions.json"`, j.task.About().Kind))
	writeJSON(w, http.StatusOK, out)
}

// handleProblem answers the problem searched in DLX format, as a download.
func (s *Server) handleProblem(w http.ResponseWriter, r *http.Request) {
	j := s.job(w, r)
	if j == nil {
		return
	}
	var buf bytes.Buffer
	if err := dlx.Write(&buf, j.task.Problem()); err != nil {
		writeError(w, http.StatusConflict, err.Error())
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/plain; charset=utf-8")
	h.Set("Content-Disposition", fmt.Sprintf(`attachment; filename="xcover-%s.dlx"`, j.task.About().Kind))
	w.Write(buf.Bytes())
}
