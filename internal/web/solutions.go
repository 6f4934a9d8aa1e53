package web

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"time"

	"github.com/queenslab/queens"
)

// DefaultPageSize is the number of solutions of a /api/solutions answer
// when the request does not say.
const DefaultPageSize = 48

// solutionsTimeout bounds the time of one /api/solutions request.
const solutionsTimeout = 10 * time.Second

// solutionJSON is one solution of a /api/solutions answer.
type solutionJSON struct {
	Index     int               `json:"index"`             // its place in the listing, from 1
	Cols      queens.Solution   `json:"cols"`              // column of the queen in each row, from 0
	Text      string            `json:"text"`              // columns from 1, as the classic programs print them
	ClassSize int               `json:"class_size"`        // solutions in its symmetry class: 1, 2, 4 or 8
	Members   []queens.Solution `json:"members,omitempty"` // with class=1: the whole class, sorted
}

// solutionsJSON is the answer of /api/solutions.
type solutionsJSON struct {
	N         int            `json:"n"`
	Unique    bool           `json:"unique"` // one solution per symmetry class, the canonical one
	Total     int            `json:"total"`  // solutions in the whole listing
	Offset    int            `json:"offset"`
	Limit     int            `json:"limit"`
	Solutions []solutionJSON `json:"solutions"`
}

// solutions answers one page of the solutions of a board of at most
// MaxGalleryN rows, in lexicographic order: all of them, or with unique=1
// the canonical one of each symmetry class. With class=1 each solution
// comes with the members of its class.
func (s *server) solutions(w http.ResponseWriter, r *http.Request) {
	req, err := parseSolutionsQuery(r.URL.Query())
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.writeSolutions(w, r, req)
}

// solutionsQuery holds the parameters of a /api/solutions request.
type solutionsQuery struct {
	n, offset, limit int
	unique, class    bool
}

// parseSolutionsQuery reads and checks the parameters of /api/solutions.
func parseSolutionsQuery(q map[string][]string) (solutionsQuery, error) {
	var (
		req solutionsQuery
		err error
	)
	if req.n, err = intParam(q, "n", 0, 1, MaxGalleryN); err != nil {
		return req, err
	}
	if req.offset, err = intParam(q, "offset", 0, 0, 1<<30); err != nil {
		return req, err
	}
	if req.limit, err = intParam(q, "limit", DefaultPageSize, 1, MaxPageSize); err != nil {
		return req, err
	}
	if req.unique, err = boolParam(q, "unique"); err != nil {
		return req, err
	}
	req.class, err = boolParam(q, "class")
	return req, err
}

func (s *server) writeSolutions(w http.ResponseWriter, r *http.Request, req solutionsQuery) {
	n, offset, limit, unique, class := req.n, req.offset, req.limit, req.unique, req.class
	ctx, cancel := context.WithTimeout(r.Context(), solutionsTimeout)
	defer cancel()
	var (
		seq iter.Seq[queens.Solution]
		err error
	)
	if unique {
		seq, err = queens.UniqueSolutions(n)
	} else {
		seq, err = queens.Solutions(n)
	}
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	out := solutionsJSON{N: n, Unique: unique, Offset: offset, Limit: limit, Solutions: []solutionJSON{}}
	for sol := range seq {
		if out.Total%4096 == 0 && ctx.Err() != nil {
			writeError(w, http.StatusServiceUnavailable, fmt.Sprintf("listing the solutions took too long: %v", ctx.Err()))
			return
		}
		if out.Total >= offset && len(out.Solutions) < limit {
			js := solutionJSON{Index: out.Total + 1, Cols: sol.Clone(), Text: sol.String(), ClassSize: sol.ClassSize()}
			if class {
				js.Members = sol.Class()
			}
			out.Solutions = append(out.Solutions, js)
		}
		out.Total++
	}
	writeJSON(w, out)
}
