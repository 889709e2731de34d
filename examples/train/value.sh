#!/bin/sh
# value.sh makes examples/bots/value.bin and value_linear.bin, the models
# of the bots greedy-v and ismcts-v, from nothing: seeded self-play data,
# then the fits. Run it from the repository's root:
#
#	sh examples/train/value.sh [WORKDIR]
#
# WORKDIR (default /tmp/elasund-value) receives the data sets (2.6 GB of
# .npy files) and the fits' log; the models are written to
# examples/bots. Every step is seeded: the same Go toolchain on
# the same architecture gives the same file (floating-point rounding may
# differ on another). On 2 busy cores it took 10.5 minutes; the package
# doc of examples/train has the models tried and their metrics.
set -eu
dir=${1:-/tmp/elasund-value}
mkdir -p "$dir"
go build -o "$dir/train" ./examples/train
t="$dir/train"
# Positions of ISMCTS self-play (100 iterations a move): the play the
# model judges for ismcts-v.
"$t" gen -bots ismcts:100 -players 2 -deals 3000 -seed 1 -p 0.02 -out "$dir/i2" -parallel 2
"$t" gen -bots ismcts:100 -players 3 -deals 1200 -seed 1 -p 0.02 -out "$dir/i3" -parallel 2
"$t" gen -bots ismcts:100 -players 4 -deals 1200 -seed 1 -p 0.02 -out "$dir/i4" -parallel 2
# Positions of greedy self-play: many more games for the same time.
"$t" gen -bots greedy -players 2 -deals 6000 -seed 2 -p 0.01 -out "$dir/g2" -parallel 2
"$t" gen -bots greedy -players 3 -deals 4000 -seed 2 -p 0.01 -out "$dir/g3" -parallel 2
"$t" gen -bots greedy -players 4 -deals 3000 -seed 2 -p 0.01 -out "$dir/g4" -parallel 2
"$t" fit -data "$dir/i2,$dir/i3,$dir/i4,$dir/g2,$dir/g3,$dir/g4" -hidden 64 -epochs 6 \
	-lr 0.0005 -l2 0.0001 -seed 1 -threads 2 -out examples/bots/value.bin | tee "$dir/fit.log"
# Logistic regression on the same positions: the model of ismcts-v.
"$t" fit -data "$dir/i2,$dir/i3,$dir/i4,$dir/g2,$dir/g3,$dir/g4" -hidden 0 -epochs 6 \
	-lr 0.0005 -l2 0.0001 -seed 1 -threads 2 -out examples/bots/value_linear.bin | tee -a "$dir/fit.log"
# The held-out positions of ISMCTS play alone, as the shipped models
# judge them.
for m in value value_linear; do
	"$t" eval -model examples/bots/$m.bin -data "$dir/i2,$dir/i3,$dir/i4" | tee -a "$dir/fit.log"
done
