package words

import (
	"os"
	"testing"

	"github.com/elasund/elasund/examples/internal/cleantest"
)

// TestMain fails the tests if they leave a file behind (cleantest.Main).
func TestMain(m *testing.M) { os.Exit(cleantest.Main(m)) }
