//go:build unix

package outfile

import (
	"io/fs"
	"os"
	"syscall"
)

// owner is the user and group that own a file.
type owner struct {
	uid, gid int
	known    bool
}

// ownerOf returns the owner of the file fi describes.
func ownerOf(fi fs.FileInfo) owner {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return owner{}
	}
	return owner{uid: int(st.Uid), gid: int(st.Gid), known: true}
}

// give makes o the owner of f, as far as the process may: root may give
// a file to anyone; another user keeps the file, and may give it a group
// of its own. What it may not do is left as it is, as cp -p does.
func (o owner) give(f *os.File) {
	if !o.known {
		return
	}
	fi, err := f.Stat()
	if err != nil {
		return
	}
	now := ownerOf(fi)
	if now.uid == o.uid && now.gid == o.gid {
		return
	}
	if f.Chown(o.uid, o.gid) != nil && now.gid != o.gid {
		f.Chown(-1, o.gid)
	}
}
