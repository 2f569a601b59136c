//go:build !js

package httpshim

import (
	"net/http"
	"testing"
)

// TestStatus checks the constants against net/http's.
func TestStatus(t *testing.T) {
	tests := []struct {
		name      string
		got, want any
	}{
		{"MethodGet", MethodGet, http.MethodGet},
		{"MethodHead", MethodHead, http.MethodHead},
		{"StatusOK", StatusOK, http.StatusOK},
		{"StatusCreated", StatusCreated, http.StatusCreated},
		{"StatusBadRequest", StatusBadRequest, http.StatusBadRequest},
		{"StatusForbidden", StatusForbidden, http.StatusForbidden},
		{"StatusNotFound", StatusNotFound, http.StatusNotFound},
		{"StatusMethodNotAllowed", StatusMethodNotAllowed, http.StatusMethodNotAllowed},
		{"StatusRequestTimeout", StatusRequestTimeout, http.StatusRequestTimeout},
		{"StatusConflict", StatusConflict, http.StatusConflict},
		{"StatusRequestEntityTooLarge", StatusRequestEntityTooLarge, http.StatusRequestEntityTooLarge},
		{"StatusMisdirectedRequest", StatusMisdirectedRequest, http.StatusMisdirectedRequest},
		{"StatusTooManyRequests", StatusTooManyRequests, http.StatusTooManyRequests},
		{"StatusInternalServerError", StatusInternalServerError, http.StatusInternalServerError},
		{"StatusServiceUnavailable", StatusServiceUnavailable, http.StatusServiceUnavailable},
	}
	for _, tc := range tests {
		if tc.got != tc.want {
			t.Errorf("%s = %v, net/http's is %v", tc.name, tc.got, tc.want)
		}
	}
}
