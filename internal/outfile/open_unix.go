//go:build unix

package outfile

import (
	"os"
	"syscall"
)

// openOtherEnd opens the named pipe at path for reading if flag writes,
// else for writing, without waiting for a process at the other end.
func openOtherEnd(path string, flag int) (*os.File, error) {
	other := os.O_WRONLY
	if flag&(os.O_WRONLY|os.O_RDWR) != 0 {
		other = os.O_RDONLY
	}
	return os.OpenFile(path, other|syscall.O_NONBLOCK, 0)
}
