package bots

import "unsafe"

// Release lets go of the storage the bot keeps from one move to the next:
// its trees (tens of megabytes after a search of 100,000 iterations) and
// its buffers. The next search allocates them again and chooses as it
// would have: releasing changes no move. A host that holds many bots
// between their moves, as a web server does, releases each after its
// move, so that a bot waiting for its turn holds a few hundred bytes.
func (b *ISMCTS) Release() {
	b.trees, b.totals, b.buf = nil, nil, nil
	b.searched = false
}

// The bytes of a node and of a candidate, which ISMCTSOptions.TreeBytes
// counts.
const (
	nodeBytes = int(unsafe.Sizeof(node{}))
	candBytes = int(unsafe.Sizeof(cand{}))
	// priorBytes is the bytes of a candidate's prior, kept beside it by
	// a search with a policy.
	priorBytes = 4
)

// treeLimit returns the bytes of nodes and candidates reserved past which
// a tree of at most maxBytes starts no iteration (0: no limit, for
// maxBytes 0). A slice that fills grows by a quarter (Go's append, past
// 256 elements) plus a page, and an iteration adds one node and at most
// two lists of candidates of a few hundred moves: so the storage reserved
// when the last iteration ends is at most 5/4 of the limit plus a few
// tens of kilobytes, which the limit leaves out.
func treeLimit(maxBytes int) int {
	if maxBytes <= 0 {
		return 0
	}
	return max((maxBytes-treeSlack)*4/5, 1)
}

// treeSlack is what treeLimit leaves for the pages a slice is rounded up
// to and for the candidates of the last iteration.
const treeSlack = 96 << 10

// reserved returns the bytes of the storage of the tree's nodes and
// candidates.
func (t *tree) reserved() int {
	return cap(t.nodes)*nodeBytes + cap(t.cands)*candBytes + cap(t.prior)*priorBytes
}
