package main

import (
	"context"
	"io"
	"os"

	"github.com/queenslab/queens/internal/outfile"
)

// openInput opens the file a command reads, or returns ctx.Err() soon
// after ctx ends: a named pipe waits in its open for a writer, which may
// never come. Its reads wait for the pipe's writer; read it through a
// ctxReader.
func openInput(ctx context.Context, path string) (*os.File, error) {
	f, err := outfile.Open(ctx, path, os.O_RDONLY)
	if ctxErr := ctx.Err(); ctxErr != nil && f == nil {
		return nil, ctxErr
	}
	return f, err
}

// readInput reads the whole file path, or standard input for "-", until
// ctx ends, and returns it with the name that messages give it. A file
// that cannot be read is bad input.
func readInput(ctx context.Context, std streams, path string) ([]byte, string, error) {
	r, name := std.in, path
	if path == "-" {
		name = "standard input"
	} else {
		f, err := openInput(ctx, path)
		if err == ctx.Err() && err != nil {
			return nil, name, err
		}
		if err != nil {
			return nil, name, usageError(err, "")
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(&ctxReader{ctx: ctx, r: r})
	if ctxErr := ctx.Err(); ctxErr != nil {
		return nil, name, ctxErr
	}
	if err != nil {
		return nil, name, usageError(err, "")
	}
	return data, name, nil
}
