package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"

	"github.com/elasund/elasund"
)

// loaded is a data set read whole.
type loaded struct {
	dir               string
	obs, labels, meta *npyArray
}

// loadSet reads the data set in dir and checks that its files agree.
func loadSet(dir string) (*loaded, error) {
	var l loaded
	l.dir = dir
	var err error
	if l.obs, err = readNpy(filepath.Join(dir, obsFile)); err != nil {
		return nil, err
	}
	if l.labels, err = readNpy(filepath.Join(dir, labelsFile)); err != nil {
		return nil, err
	}
	if l.meta, err = readNpy(filepath.Join(dir, metaFile)); err != nil {
		return nil, err
	}
	switch {
	case l.obs.descr != "<f4" || l.obs.width != elasund.ObservationSize:
		return nil, fmt.Errorf("%w: %s: observations of %d values, not %d", errNpy, dir, l.obs.width, elasund.ObservationSize)
	case l.labels.descr != "<f4" || l.labels.width != 1:
		return nil, fmt.Errorf("%w: %s: labels are not one float32 a row", errNpy, dir)
	case l.meta.descr != "<i4" || l.meta.width != metaWidth:
		return nil, fmt.Errorf("%w: %s: meta is not %d int32 a row", errNpy, dir, metaWidth)
	case l.labels.rows != l.obs.rows || l.meta.rows != l.obs.rows:
		return nil, fmt.Errorf("%w: %s: %d observations, %d labels, %d meta rows", errNpy, dir, l.obs.rows, l.labels.rows, l.meta.rows)
	}
	return &l, nil
}

// segment is the rows [from, to) of the data set set, all of one deal.
type segment struct {
	deal, set, from, to int
}

// merge writes to out the shards' rows in deal order: what one run of all
// their deals writes. A deal found in two shards is an error.
func merge(out string, dirs []string) (int, error) {
	sets := make([]*loaded, len(dirs))
	var segs []segment
	for k, dir := range dirs {
		l, err := loadSet(dir)
		if err != nil {
			return 0, err
		}
		sets[k] = l
		meta := l.meta.i32()
		for i := 0; i < l.meta.rows; {
			d := meta[i*metaWidth+metaDeal]
			j := i + 1
			for j < l.meta.rows && meta[j*metaWidth+metaDeal] == d {
				j++
			}
			segs = append(segs, segment{int(d), k, i, j})
			i = j
		}
	}
	slices.SortStableFunc(segs, func(a, b segment) int { return a.deal - b.deal })
	for i := 1; i < len(segs); i++ {
		if segs[i].deal == segs[i-1].deal {
			return 0, fmt.Errorf("train: deal %d is in %s and in %s: merge the shards of one run", segs[i].deal, dirs[segs[i-1].set], dirs[segs[i].set])
		}
	}
	s, err := createSet(out)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, g := range segs {
		l := sets[g.set]
		err = errors.Join(
			s.obs.writeRaw(l.obs.data[g.from*l.obs.width*4:g.to*l.obs.width*4], g.to-g.from),
			s.labels.writeRaw(l.labels.data[g.from*4:g.to*4], g.to-g.from),
			s.meta.writeRaw(l.meta.data[g.from*metaWidth*4:g.to*metaWidth*4], g.to-g.from))
		if err != nil {
			break
		}
		n += g.to - g.from
	}
	return n, errors.Join(err, s.close())
}
