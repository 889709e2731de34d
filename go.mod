module github.com/elasund/elasund

go 1.24
