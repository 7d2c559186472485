package main

import (
	"errors"
	"io"
)

func loadCmd(args []string, out io.Writer) error { return errors.New("load: not yet") }
