//go:build !unix

package outfile

import (
	"errors"
	"os"
)

// openOtherEnd fails: named pipes of this system are not opened by path.
func openOtherEnd(path string, flag int) (*os.File, error) {
	return nil, errors.New("no named pipes")
}
