package message

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
)

// JSONError rephrases an error of encoding/json as a sentence of the
// catalogue, which names the keys and the kinds of values a person wrote,
// never the types of Go: `"cols" must be a list of whole numbers, not a
// string`. The error it returns wraps none.
func JSONError(err error) error {
	var (
		syntax *json.SyntaxError
		typ    *json.UnmarshalTypeError
	)
	msg := err.Error()
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF), msg == "unexpected end of JSON input":
		return errors.New("the JSON ends too early")
	case errors.As(err, &syntax):
		return fmt.Errorf("not valid JSON at byte %d", syntax.Offset)
	case errors.As(err, &typ):
		field := strings.TrimPrefix(typ.Field, ".")
		if field == "" {
			return fmt.Errorf("the JSON must be %s, not %s", jsonKind(typ.Type), jsonValue(typ.Value))
		}
		return fmt.Errorf("%q must be %s, not %s", field, jsonKind(typ.Type), jsonValue(typ.Value))
	case strings.HasPrefix(msg, "json: unknown field "):
		return fmt.Errorf("unknown key %s", strings.TrimPrefix(msg, "json: unknown field "))
	}
	return errors.New("not valid JSON")
}

// jsonKind names the kind of JSON value that a Go value of type t takes.
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "another value"
	}
	switch t.Kind() {
	case reflect.Slice, reflect.Array:
		if jsonKind(t.Elem()) == "a whole number" {
			return "a list of whole numbers"
		}
		return "a list"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "another value"
}

// jsonValue names the JSON value that encoding/json describes as v:
// "string", "number", "number 1.5" and the like.
func jsonValue(v string) string {
	switch v {
	case "string":
		return "a string"
	case "number":
		return "a number"
	case "bool":
		return "true or false"
	case "array":
		return "a list"
	case "object":
		return "an object"
	}
	if n, ok := strings.CutPrefix(v, "number "); ok {
		return fmt.Sprintf("the number %s", n)
	}
	return "another value"
}
