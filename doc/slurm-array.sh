#!/bin/sh
# slurm-array.sh - run an ngbench campaign as a Slurm job array: each array
# task runs its share of the campaign's fixed plan, longest jobs first.
#   sbatch --array=1-8 doc/slurm-array.sh [./do selection and options]
# Any range works: --array=0-7, --array=1-15:2; a task resubmitted alone
# (sbatch --array=3 ..., after the array ran) runs the share it had in the
# array the campaign was first run with. Every task of one host writes to the
# same bench-results/<host>/data (locked appends); tasks on other hosts write
# to their own host directories (give each host its own NGBENCH_HOST).
# A task started after the campaign completed (a late task of a larger
# array, a requeue) runs nothing and says "campaign C is complete".
# Exit status: ./do's (0 all passed, or nothing left to run; 1 some did not
# pass; 75 some target of the campaign has not finished and no live process
# owns it: requeue it). Afterwards, on any machine that sees all
# bench-results/*/data:
#   ./do merge
#SBATCH --job-name=ngbench
#SBATCH --cpus-per-task=1
#SBATCH --time=24:00:00
case ${1-} in -h|--help) sed -n "2,/^[^#]/{/^#SBATCH/d; /^#/s/^# \{0,1\}//p; }" "$0"; exit 0 ;; esac
set -eu
cd "${SLURM_SUBMIT_DIR:-.}"
: "${SLURM_ARRAY_TASK_ID:?run me with sbatch --array=RANGE}"
min=${SLURM_ARRAY_TASK_MIN:-$SLURM_ARRAY_TASK_ID}
max=${SLURM_ARRAY_TASK_MAX:-$SLURM_ARRAY_TASK_ID}
step=${SLURM_ARRAY_TASK_STEP:-1}
exec "${NGBENCH_DO:-./do}" --array-task "$SLURM_ARRAY_TASK_ID" --array-range "$min-$max:$step" "$@"
