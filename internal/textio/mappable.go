package textio

import "os"

// A Mappable is an open file given to a reader that may map it into memory instead of
// reading it into a buffer: its caller keeps no piece of the text past the reading. The
// DLX reader (package dlx) then keeps no option text (its File's OptionText and
// OptionLine are nil) and unmaps the file before it returns; other readers read it as the
// file it is.
type Mappable struct{ File *os.File }

// Read reads from the file.
func (m Mappable) Read(b []byte) (int, error) { return m.File.Read(b) }
