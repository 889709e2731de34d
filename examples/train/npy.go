package main

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// The .npy format, version 1.0 (numpy.lib.format): the magic "\x93NUMPY",
// the version bytes 1 and 0, a little-endian uint16 header length, and a
// header that is a Python dict literal ending in a newline, padded with
// spaces so that the data starts at a multiple of 64 bytes; then the data,
// C order.

// npyMagic starts every .npy file.
const npyMagic = "\x93NUMPY\x01\x00"

// errNpy is wrapped by the errors of reading a .npy file this command did
// not write (or a file that is not .npy).
var errNpy = errors.New("train: not a .npy file of this command")

// npyHeader returns the header of a .npy file of the type descr ('<f4',
// '<i4') and the shape, padded to a multiple of 64 bytes.
func npyHeader(descr string, shape []int) []byte {
	dims := make([]string, len(shape))
	for i, d := range shape {
		dims[i] = strconv.Itoa(d)
	}
	s := strings.Join(dims, ", ")
	if len(shape) == 1 {
		s += ","
	}
	dict := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, s)
	n := len(npyMagic) + 2 + len(dict) + 1 // the newline
	pad := (64 - n%64) % 64
	h := make([]byte, 0, n+pad)
	h = append(h, npyMagic...)
	h = binary.LittleEndian.AppendUint16(h, uint16(len(dict)+pad+1))
	h = append(h, dict...)
	h = append(h, bytes.Repeat([]byte{' '}, pad)...)
	return append(h, '\n')
}

// npyWriter writes a .npy file of rows of width values (float32 or int32),
// whose number is known only at the end: it writes the header last.
type npyWriter struct {
	f     *os.File
	w     *bufio.Writer
	descr string
	width int
	rows  int
	buf   []byte
}

// headerSize is the header size of the files npyWriter writes: the
// header of any row count up to 10^40 fits in 128 bytes.
const headerSize = 128

// createNpy creates the file name for rows of width values of type descr.
func createNpy(name, descr string, width int) (*npyWriter, error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	w := &npyWriter{f: f, w: bufio.NewWriterSize(f, 1<<20), descr: descr, width: width}
	if _, err := w.w.Write(make([]byte, headerSize)); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// shape returns the shape of n rows: (n,) for width 1, else (n, width).
func (w *npyWriter) shape(n int) []int {
	if w.width == 1 {
		return []int{n}
	}
	return []int{n, w.width}
}

// writeF32 appends a row of float32 values.
func (w *npyWriter) writeF32(row []float32) error {
	w.buf = w.buf[:0]
	for _, x := range row {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, math.Float32bits(x))
	}
	w.rows++
	_, err := w.w.Write(w.buf)
	return err
}

// writeI32 appends a row of int32 values.
func (w *npyWriter) writeI32(row []int32) error {
	w.buf = w.buf[:0]
	for _, x := range row {
		w.buf = binary.LittleEndian.AppendUint32(w.buf, uint32(x))
	}
	w.rows++
	_, err := w.w.Write(w.buf)
	return err
}

// writeRaw appends rows already encoded.
func (w *npyWriter) writeRaw(data []byte, rows int) error {
	w.rows += rows
	_, err := w.w.Write(data)
	return err
}

// close writes the header and closes the file.
func (w *npyWriter) close() error {
	err := w.w.Flush()
	h := npyHeader(w.descr, w.shape(w.rows))
	if len(h) != headerSize {
		err = errors.Join(err, fmt.Errorf("train: a .npy header of %d bytes", len(h)))
	}
	if err == nil {
		_, err = w.f.WriteAt(h, 0)
	}
	return errors.Join(err, w.f.Close())
}

// npyArray is a .npy file read whole: its type, shape and data.
type npyArray struct {
	descr string
	rows  int
	width int
	data  []byte
}

var npyDict = regexp.MustCompile(`^\{'descr': '(<f4|<i4)', 'fortran_order': False, 'shape': \((\d+),(?: (\d+))?\), \} *\n$`)

// readNpy reads a .npy file of one or two dimensions that this command
// wrote.
func readNpy(name string) (*npyArray, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return parseNpy(name, data)
}

// parseNpy parses the contents of the .npy file name.
func parseNpy(name string, data []byte) (*npyArray, error) {
	if len(data) < 10 || string(data[:8]) != npyMagic {
		return nil, fmt.Errorf("%w: %s: no .npy 1.0 magic", errNpy, name)
	}
	hl := int(binary.LittleEndian.Uint16(data[8:10]))
	if 10+hl > len(data) {
		return nil, fmt.Errorf("%w: %s: truncated header", errNpy, name)
	}
	m := npyDict.FindSubmatch(data[10 : 10+hl])
	if m == nil {
		return nil, fmt.Errorf("%w: %s: header %.60q", errNpy, name, data[10:10+hl])
	}
	a := &npyArray{descr: string(m[1]), width: 1, data: data[10+hl:]}
	rows, err := strconv.Atoi(string(m[2]))
	a.rows = rows
	if len(m[3]) > 0 {
		w, err2 := strconv.Atoi(string(m[3]))
		a.width, err = w, errors.Join(err, err2)
	}
	if err != nil || a.rows*a.width*4 != len(a.data) {
		return nil, fmt.Errorf("%w: %s: %d bytes of data for shape (%d, %d)", errNpy, name, len(a.data), a.rows, a.width)
	}
	return a, nil
}

// f32 returns the data as float32 values.
func (a *npyArray) f32() []float32 {
	out := make([]float32, len(a.data)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(a.data[4*i:]))
	}
	return out
}

// i32 returns the data as int32 values.
func (a *npyArray) i32() []int32 {
	out := make([]int32, len(a.data)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(a.data[4*i:]))
	}
	return out
}
