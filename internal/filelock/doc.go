// Package filelock takes exclusive advisory locks on open files, so that
// two processes never use one checkpoint, store or temporary file at once.
package filelock
