#!/bin/sh
# az.sh makes examples/bots/az.bin, the model of the bot "az", from
# nothing but the shipped value_linear.bin (which value.sh makes): a few
# generations of self-play -> fit -> self-play with the new model, every
# step seeded. Run it from the repository's root:
#
#	sh examples/train/az.sh [WORKDIR [GENERATIONS [SEED]]]
#
# (defaults /tmp/elasund-az, 5 generations, seed 1: the shipped az.bin;
# about 31 minutes on this project's two idle cores, 5.5 to 6 a
# generation). A WORKDIR that holds the generations of an earlier run
# with the same SEED goes on from them: sh az.sh DIR 7 1 after sh az.sh
# DIR 5 1 plays generations 6 and 7 alone, and makes the files a run of
# seven generations from nothing makes.
#
# WORKDIR (default /tmp/elasund-az) receives each generation's data
# (about 0.5 GB a generation of .npy files), models and logs. Generation
# 0 is the initial policy (bots.InitialPolicy: the softmax of the one-move
# heuristic) over value_linear.bin. Generation k plays self-play games of
# az:300 with generation k-1's model (embedded: the script writes each
# generation's model to examples/bots/az.bin and rebuilds), records the
# root visits of a quarter of the decisions and the positions of a tenth
# (a twentieth with 4 players), refits the 2-player value (logistic
# regression, started from the last one's weights) to the 2-player
# positions and the policy (started from the last one's) to the decisions
# of every generation so far, and keeps value_linear.bin as the value of
# games of three and four players. It measures each generation at 200
# iterations a move against ismcts-v at 260, which take about as long
# (az's a little less; 600 games, seed SEED: counted in iterations, not
# timed, so the figures are the same on every machine).
# docs/learning.md has the figures.
set -eu
dir=${1:-/tmp/elasund-az}
gens=${2:-5}
seed=${3:-1}
mkdir -p "$dir"
# The generations of a WORKDIR are of one SEED: going on from another's
# would mix two runs.
if [ -f "$dir/seed" ] && [ "$(cat "$dir/seed")" != "$seed" ]; then
	echo "az.sh: $dir holds the generations of seed $(cat "$dir/seed"), not $seed: use another WORKDIR" >&2
	exit 2
fi
echo "$seed" >"$dir/seed"
build() {
	go build -o "$dir/train" ./examples/train
	go build -o "$dir/arena" ./examples/arena
}
measure() {
	# Not through a pipe: sh has no pipefail, and a failed measure must
	# stop the script, not count its generation as done.
	"$dir/arena" -bots az:200,ismcts-v:260 -players 2 -games 600 -seed "$seed" -parallel 2 >"$dir/arena$1.part"
	cat "$dir/arena$1.part"
	mv "$dir/arena$1.part" "$dir/arena$1.log" # the generation is done
}
# Generation 0.
if [ ! -f "$dir/arena0.log" ]; then
	go run ./examples/train fitpolicy -value examples/bots/value_linear.bin -out "$dir/az0.bin"
	cp examples/bots/value_linear.bin "$dir/value0.bin"
	cp "$dir/az0.bin" examples/bots/az.bin
	build
	measure 0
else
	# Made by an earlier run: the next generation plays with it, built
	# from this tree.
	cp "$dir/az0.bin" examples/bots/az.bin
	stale=1
fi
data=""
data2=""
k=1
while [ "$k" -le "$gens" ]; do
	s=$((seed * 100 + k))
	if [ -f "$dir/arena$k.log" ]; then
		# Made by an earlier run of the same WORKDIR: go on from it. (A
		# generation cut short is played again: its files are rewritten.)
		data="${data:+$data,}$dir/g$k-2p,$dir/g$k-4p"
		data2="${data2:+$data2,}$dir/g$k-2p"
		cp "$dir/az$k.bin" examples/bots/az.bin
		stale=1
		k=$((k + 1))
		continue
	fi
	if [ "${stale:-0}" = 1 ]; then
		build
		stale=0
	fi
	"$dir/train" gen -bots az:300 -players 2 -deals 600 -seed "$s" -p 0.1 -policy 0.25 -out "$dir/g$k-2p" -parallel 2
	"$dir/train" gen -bots az:300 -players 4 -deals 100 -seed "$s" -p 0.05 -policy 0.25 -out "$dir/g$k-4p" -parallel 2
	data="${data:+$data,}$dir/g$k-2p,$dir/g$k-4p"
	data2="${data2:+$data2,}$dir/g$k-2p"
	"$dir/train" fit -data "$data2" -hidden 0 -epochs 3 -lr 0.0002 -l2 0.0001 -seed "$s" -threads 2 \
		-init "$dir/value$((k - 1)).bin" -out "$dir/value$k.bin" | tee "$dir/fit$k.log"
	"$dir/train" fitpolicy -data "$data" -epochs 10 -lr 0.01 -seed "$s" -init "$dir/az$((k - 1)).bin" \
		-value "$dir/value$k.bin" -more examples/bots/value_linear.bin -out "$dir/az$k.bin" | tee "$dir/fitpolicy$k.log"
	cp "$dir/az$k.bin" examples/bots/az.bin
	build
	measure "$k"
	k=$((k + 1))
done
