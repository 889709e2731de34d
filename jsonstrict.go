package elasund

// The strict reading of the JSON form. encoding/json matches an object's
// keys to a struct's fields ignoring case, takes the last of a key given
// twice, and fills a Go array from a JSON array of any length, dropping
// the values beyond it. Game.UnmarshalJSON first checks the data against
// the layout's types with checkJSONShape, so that none of these passes.

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
)

// checkJSONShape checks that data, valid JSON, has the shape of a value of
// type t where encoding/json would decode it leniently: every key of an
// object decoded into a struct is the exact name of one of its fields (as
// its json tag gives it) and is given once, and an array decoded into a Go
// array has exactly the array's length. A value of another kind than t's
// is left for encoding/json to refuse. The error names where, by the
// fields' names, and quotes at most 60 bytes of a key. The structs of t
// must be in jsonNames.
func checkJSONShape(data []byte, t reflect.Type) error {
	r := shapeReader{data: data}
	if err := r.value(t); err != nil {
		if err.path != "" {
			return fmt.Errorf("%s: %s", strings.TrimPrefix(err.path, "."), err.msg)
		}
		return errors.New(err.msg)
	}
	return nil
}

// jsonNames lists the JSON names of the fields of the JSON form's structs,
// by type, in field order. It is made once and only read.
var jsonNames = func() map[reflect.Type][]string {
	m := map[reflect.Type][]string{}
	var add func(t reflect.Type)
	add = func(t reflect.Type) {
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			add(t.Elem())
		case reflect.Struct:
			if _, ok := m[t]; ok {
				return
			}
			names := make([]string, t.NumField())
			for i := range names {
				f := t.Field(i)
				names[i], _, _ = strings.Cut(f.Tag.Get("json"), ",")
				if names[i] == "" {
					names[i] = f.Name
				}
				add(f.Type)
			}
			m[t] = names
		}
	}
	add(reflect.TypeFor[jsonGame]())
	add(reflect.TypeFor[jsonTable]())
	add(reflect.TypeFor[viewJSON]())
	return m
}()

// shapeError is an error of checkJSONShape: what is wrong, and where.
type shapeError struct {
	path string // such as ".players[1].hand", built as the error returns
	msg  string
}

// within adds a step to the path of err, if any.
func within(err *shapeError, step string) *shapeError {
	if err != nil {
		err.path = step + err.path
	}
	return err
}

// shapeReader reads valid JSON text: data from offset i.
type shapeReader struct {
	data []byte
	i    int
}

// space skips white space.
func (r *shapeReader) space() {
	for r.i < len(r.data) {
		switch r.data[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

// value reads the next value, to be decoded into a t (nil: anything).
func (r *shapeReader) value(t reflect.Type) *shapeError {
	r.space()
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch c := r.data[r.i]; {
	case c == '{' && t != nil && t.Kind() == reflect.Struct:
		return r.object(t)
	case c == '[' && t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
		return r.array(t)
	}
	r.skip() // a scalar, or not of t's kind: encoding/json refuses it
	return nil
}

// object reads an object to be decoded into the struct type t.
func (r *shapeReader) object(t reflect.Type) *shapeError {
	names := jsonNames[t]
	var seen [64]bool // the layout's structs have fewer fields
	r.i++             // {
	for {
		r.space()
		switch r.data[r.i] {
		case '}':
			r.i++
			return nil
		case ',':
			r.i++
			r.space()
		}
		key := r.key()
		r.space()
		r.i++ // :
		f := -1
		for k, name := range names {
			if name == key && k < len(seen) && name != "-" {
				f = k
			}
		}
		switch {
		case f < 0:
			return &shapeError{msg: "unknown field " + quoteInput(key)}
		case seen[f]:
			return &shapeError{msg: fmt.Sprintf("field %q given twice", key)}
		}
		seen[f] = true
		if err := r.value(t.Field(f).Type); err != nil {
			return within(err, "."+key)
		}
	}
}

// array reads an array to be decoded into a slice or array type t.
func (r *shapeReader) array(t reflect.Type) *shapeError {
	r.i++ // [
	for n := 0; ; n++ {
		r.space()
		switch r.data[r.i] {
		case ']':
			r.i++
			if t.Kind() == reflect.Array && n != t.Len() {
				return &shapeError{msg: fmt.Sprintf("an array of %d; it has %d values", n, t.Len())}
			}
			return nil
		case ',':
			r.i++
		}
		if err := r.value(t.Elem()); err != nil {
			return within(err, fmt.Sprintf("[%d]", n))
		}
	}
}

// scalar skips a number, true, false or null.
func (r *shapeReader) scalar() {
	for ; r.i < len(r.data); r.i++ {
		switch r.data[r.i] {
		case ',', ':', ']', '}', ' ', '\t', '\n', '\r':
			return
		}
	}
}

// key reads a string, an object's key, and returns its value.
func (r *shapeReader) key() string {
	start := r.i
	escaped := r.str()
	raw := r.data[start:r.i]
	if escaped {
		var s string
		_ = json.Unmarshal(raw, &s) // valid JSON
		return s
	}
	return string(raw[1 : len(raw)-1])
}

// str skips a string and reports whether it holds an escape.
func (r *shapeReader) str() (escaped bool) {
	for r.i++; r.data[r.i] != '"'; r.i++ {
		if r.data[r.i] == '\\' {
			escaped = true
			r.i++
		}
	}
	r.i++
	return escaped
}

// skip skips a value.
func (r *shapeReader) skip() {
	for depth := 0; ; {
		r.space()
		switch r.data[r.i] {
		case '{', '[':
			depth++
			r.i++
		case '}', ']':
			depth--
			r.i++
		case ',', ':':
			r.i++
			continue
		case '"':
			r.str()
		default: // a number, true, false or null
			r.scalar()
		}
		if depth == 0 {
			return
		}
	}
}
