package httpshim

// The methods and status codes that serve uses (those of net/http).
const (
	MethodGet  = "GET"
	MethodHead = "HEAD"

	StatusOK                    = 200
	StatusCreated               = 201
	StatusBadRequest            = 400
	StatusForbidden             = 403
	StatusNotFound              = 404
	StatusMethodNotAllowed      = 405
	StatusRequestTimeout        = 408
	StatusConflict              = 409
	StatusRequestEntityTooLarge = 413
	StatusMisdirectedRequest    = 421
	StatusTooManyRequests       = 429
	StatusInternalServerError   = 500
	StatusServiceUnavailable    = 503
)
