#!/bin/sh
# slurm-array.sh - run an ngbench campaign as a Slurm job array: each array
# task runs one balanced share (./do --shard K/N), longest jobs first.
#   sbatch --array=1-8 doc/slurm-array.sh [./do selection and options]
# Every task of one host writes to the same bench-results/<host>/data (locked
# appends); tasks on different hosts write to their own host directories.
# Afterwards, on any machine that sees all bench-results/*/data:
#   ./do merge
#SBATCH --job-name=ngbench
#SBATCH --cpus-per-task=1
#SBATCH --time=24:00:00
case ${1-} in -h|--help) sed -n "2,/^[^#]/{/^#SBATCH/d; /^#/s/^# \{0,1\}//p; }" "$0"; exit 0 ;; esac
set -eu
cd "${SLURM_SUBMIT_DIR:-.}"
exec ./do --shard "${SLURM_ARRAY_TASK_ID:?run me with sbatch --array}/${SLURM_ARRAY_TASK_COUNT:?}" "$@"
