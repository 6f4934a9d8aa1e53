package main

import (
	"errors"
	"io"

	"github.com/spf13/cobra"

	"github.com/queenslab/queens/internal/outfile"
)

// createOutput starts writing the result file of the -o flag of cmd, or
// standard output when the flag is absent or "-". The errors are usage
// errors with a hint.
func createOutput(cmd *cobra.Command, path string, stdout io.Writer) (*outfile.File, error) {
	if path == "" && cmd.Flags().Changed("output") {
		return nil, usageError(errors.New("-o needs a file name"), "leave -o out, or give -o -, to write to standard output")
	}
	out, err := outfile.Create(path, stdout)
	switch {
	case errors.Is(err, outfile.ErrReadOnly):
		return nil, usageError(err, "give another -o file, or make this one writable (chmod u+w) to replace it")
	case err != nil:
		return nil, usageError(err, "-o needs the path of a file in a writable directory")
	}
	return out, nil
}

// commitOutput puts the result file in place.
func commitOutput(out *outfile.File) error {
	if err := out.Commit(); err != nil {
		return usageError(err, "queens writes -o to a temporary file and renames it: the directory must let this user replace the file")
	}
	return nil
}
