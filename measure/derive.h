/* derive.h - the figures derived from measured ones, defined once: the
 * measurement stage (through ngbench-stats -p) records them and
 * ngbench-report check recomputes them with the same functions. Each
 * formats its value exactly as the records carry it. */
#ifndef NGBENCH_DERIVE_H
#define NGBENCH_DERIVE_H

#include <stddef.h>

/* a trial whose process spent less than this share of the timed wall clock
 * on a CPU was preempted: its figures count time off the CPU */
#define NGD_PREEMPTED_BELOW 0.9

/* seconds per call: mean cycles / cycles per second ("%.9g") */
void ngd_mean_seconds(char *out, size_t size, double mean_cycles, double persecond);
/* calls per second: cycles per second / mean cycles ("%.6g") */
void ngd_ops_per_second(char *out, size_t size, double mean_cycles, double persecond);
/* the share of the timed wall clock spent on a CPU: the process's CPU
 * seconds over the timed cycles at the counter's rate ("%.3f"); returns 0
 * (and writes nothing) when it cannot be known */
int ngd_cpu_share(char *out, size_t size, double cpu_seconds, double persecond, double timed_cycles);
/* 1 when a trial with this (recorded) CPU share counts as preempted */
int ngd_preempted(double cpu_share);

/* ---- per call: descheduled calls and the on-CPU estimate ----
 * measure prints one line per timed call, "sample TICKS CPU_NS SWITCHES":
 * the counter ticks of the call, the thread's CPU clock (nanoseconds) and
 * its context switches (voluntary and involuntary) read around it, outside
 * the timed interval (-1: not known here). Older output has "sample TICKS"
 * only, or a bare number per line. */

/* parses one line: 1 for a sample (unknown fields set to -1), 0 otherwise */
int ngd_sample_line(const char *line, double *ticks, double *cpu_ns, double *switches);
/* the on-CPU overhead of the readings around an empty call, from measure's
 * "counter ..." line (its oncpu_overhead_ns= field): 1 when found */
int ngd_counter_overhead(const char *line, double *overhead_ns);

/* a call whose wall time exceeds its on-CPU time by more than this share
 * of the wall time plus NGD_GAP_NS was off its CPU even with no switch
 * counted (a hypervisor's steal time, where the kernel leaves it out of the
 * thread's clock) */
#define NGD_GAP_SHARE 0.02
#define NGD_GAP_NS 2000.0
/* 1 when the call was descheduled: the thread switched between the
 * readings around it, or the gap above; 0 when it ran undisturbed; -1 when
 * this cannot be known (neither reading) */
int ngd_descheduled(double ticks, double cpu_ns, double switches, double persecond, double overhead_ns);
/* the call's on-CPU estimate in counter ticks: its CPU-clock time less the
 * readings' overhead, at the counter's rate; NAN when cpu_ns is unknown */
double ngd_oncpu_ticks(double cpu_ns, double overhead_ns, double persecond);

/* The headline median, and the estimator it comes from:
 *   clean  the median of the calls that were not descheduled, when they
 *          are at least NGD_CLEAN_SHARE of all calls and at least
 *          NGD_CLEAN_MIN of them (or all of them): wall-clock ticks of
 *          calls that ran alone, the figure a quiet host gives;
 *   oncpu  otherwise the median of every call's on-CPU estimate: time off
 *          the CPU is not counted, so a loaded host and calls longer than
 *          a scheduler slice (always interrupted there) still measure;
 *   wall   the median of all calls when neither is known (older data, or
 *          no thread CPU clock and no switch counts here).
 * A minority of clean calls is not trusted: they are the calls that
 * happened to fit between interruptions, the shorter ones first. */
#define NGD_CLEAN_SHARE 0.75
#define NGD_CLEAN_MIN 5
const char *ngd_estimator(size_t n, size_t clean, int have_flags, int have_oncpu);
/* seconds of a figure in counter ticks ("%.9g") */
void ngd_seconds(char *out, size_t size, double ticks, double persecond);
/* the per-call figures of n calls as the records carry them, each only
 * where known: " clean_n=K clean_median=X oncpu_median=X estimator=E
 * headline=X headline_seconds=S" (medians "%.1f"); nothing at all when no
 * call has per-call readings (older data). flag[i]: ngd_descheduled();
 * oncpu[i]: ngd_oncpu_ticks() (NAN: unknown); ticks, flag and oncpu are
 * left as they were. */
void ngd_percall(char *out, size_t size, const double *ticks, const int *flag, const double *oncpu, size_t n,
                 double persecond);
/* Since 0.3 it also gives the spread of the headline's own calls (the clean
 * calls, the on-CPU estimates, or all: across messages, when each call signs
 * its own): " headline_q1=X headline_q3=X headline_mean=X modes=K
 * headline_stat=median|mean" after headline_seconds. modes: how many
 * clusters their cost falls into (ngd_modes); when more than one (retries,
 * or messages of two kinds), the headline is their mean, not their median,
 * which would be one cluster's cost. */
/* clusters of cost among the n sorted values x (1 when n < NGD_MODE_MIN_N):
 * the outer 2.5 % on each side left out, a cut wherever two neighbours lie
 * more than NGD_MODE_GAP of the median apart with at least NGD_MODE_SHARE
 * of the values on each side */
#define NGD_MODE_GAP 0.05
#define NGD_MODE_SHARE 0.10
#define NGD_MODE_MIN_N 20
size_t ngd_modes(const double *x, size_t n);

/* ---- the host around a trial: its speed and its load (issue 32) ----
 * The stage times a fixed reference kernel (ngbench-hostspeed) on the
 * measured CPU before and after every trial and holds it against the
 * quiet speed calibrated when the campaign started; measure reads
 * /proc/stat just before its first timed call and after its last. A trial
 * is disturbed when the kernel ran more than NGD_HOST_DRIFT away from its
 * quiet speed (by either clock), when other work held the other CPUs for
 * more than NGD_OTHERS_BUSY of their time, or when the hypervisor stole more
 * than NGD_STEAL of the CPUs' time. */
#define NGD_HOST_DRIFT 0.03
#define NGD_OTHERS_BUSY 0.20
#define NGD_STEAL 0.05
/* The drift limit in force: NGD_HOST_DRIFT, or NGD_SPREAD_K times the
 * spread of the quiet readings where that is wider (a host whose quiet
 * readings stray 2 % would otherwise mark quiet trials), at most
 * NGD_DRIFT_MAX (a calibration on a busy host must not hide a busy host).
 * spread NAN (older calibrations): NGD_HOST_DRIFT. */
#define NGD_SPREAD_K 2.0
#define NGD_DRIFT_MAX 0.08
double ngd_drift_limit(double spread);
/* The quiet speed of n readings (n > 0; sorted in place): their median,
 * and in *spread the 80th percentile of their distances from it, relative
 * ("%.3f" as recorded). */
double ngd_quiet_of(double *x, size_t n, double *spread);

/* one CPU's line of /proc/stat ("cpuN user nice system idle iowait irq
 * softirq steal ..."; not the "cpu" total), in its own ticks */
typedef struct {
    int cpu;
    double busy, total, steal;
} ngd_cpustat;
/* parses such a line: 1 when it is one */
int ngd_stat_line(const char *line, ngd_cpustat *s);
/* the load between two snapshots: *others the busy share of every CPU but
 * own (NAN when there is none, or own < 0 and one CPU), *steal the steal
 * share of all CPUs; each "%.3f" as recorded. 0 when nothing is known (no
 * snapshots, or no time passed). */
int ngd_host_load(const ngd_cpustat *a, size_t na, const ngd_cpustat *b, size_t nb, int own, double *others,
                  double *steal);
/* The campaign's own work on the other CPUs (./do -j: later targets' builds,
 * KAT runs and checks, kept off the measuring CPU): cpu_s seconds of it
 * over a window of secs on nother CPUs, as a share of their time (0..1,
 * NAN when unknown). It is left out of the busy share that disturbs: the
 * campaign chose to run it there, and the records say how much there was
 * (others_own); what it costs the figures is measured apart (make
 * bench-noise, the build condition; README, "How long"). */
double ngd_own_share(double cpu_s, double secs, int nother);
/* others (all the other CPUs' busy share) less own (NAN: nothing to take
 * off), never below 0 */
double ngd_foreign_busy(double others, double own);
/* 1 when that load disturbs a trial (NAN: unknown, does not) */
int ngd_load_disturbs(double others, double steal);
/* the host's speed: quiet / reading ("%.3f"), of two readings the one
 * farther from 1; 0 (nothing written) when a figure is missing */
int ngd_host_speed(char *out, size_t size, double quiet, double before, double after);
/* why a trial counts as disturbed, from its figures as recorded (NAN:
 * unknown): "speed" (a host speed farther than drift_limit from 1; NAN:
 * NGD_HOST_DRIFT), "others", "steal", joined by "+", or "no" */
void ngd_disturbed(char *out, size_t size, double speed, double speed_oncpu, double others, double steal,
                   double drift_limit);
/* The uncertainty of a headline, relative ("%.3f"): half the spread of the
 * trials' own headlines over the headline, plus the largest distance of
 * the host's speed from 1 in any trial (speed[t]: the speed by the clock
 * the headline's estimator uses; NAN where unknown). A headline taken on a
 * host that ran 13% slow carries at least 13%. */
void ngd_uncertainty(char *out, size_t size, const double *trial_headline, const double *speed, const double *others,
                     size_t nt, double headline);
/* A trial whose other CPUs were busy (others[t] above NGD_OTHERS_BUSY, our
 * own work left out; others may be NULL) carries at least NGD_LOAD_K times
 * that share: beside a parallel build on this project's 2-vCPU VM, calls
 * that were never switched out ran up to 1.40x slower (tsuov128 verify;
 * make bench-noise, 2026-12-07) while the register-resident kernel read
 * its quiet speed. */
#define NGD_LOAD_K 0.5
/* what a trial's file says about the host around it: measure's
 * "stat0"/"stat1" lines (/proc/stat) and "ran_on", and the lines the stage
 * appends from ngbench-hostspeed: "quiet ref_ticks=T ref_oncpu_ns=N
 * [spread=S]" (the calibration in force), "host before|after ref_ticks=T
 * ref_oncpu_ns=N" and "ownwork before|after cpu_s=S t=T" (the campaign's
 * own other work, ngbench-hostspeed own) */
#define NGD_MAXCPU 1024
typedef struct {
    double quiet[2], before[2], after[2]; /* ref_ticks, ref_oncpu_ns (NAN: none) */
    double spread;                        /* the quiet readings' spread (NAN: not said) */
    ngd_cpustat s0[NGD_MAXCPU], s1[NGD_MAXCPU];
    size_t n0, n1;
    int own; /* the CPU measure ran on, -1 when not said */
    double own_cpu[2], own_t[2]; /* ownwork before, after (NAN: none) */
} ngd_trialhost;
void ngd_trialhost_init(ngd_trialhost *h);
/* takes in one line of a trial's file: 1 when it was one of those */
int ngd_trialhost_line(const char *line, ngd_trialhost *h);
/* the trial's host figures as the records carry them, each where known:
 * " host_speed=S host_speed_oncpu=S drift_limit=L others_busy=B
 * others_own=O steal=X disturbed=WHY" (others_busy without our own work)
 * (written to out, "" when nothing is known); *speed, *speed_oncpu (NAN:
 * unknown) and *disturbed (1: disturbed) */
void ngd_host_figures(char *out, size_t size, const ngd_trialhost *h, double *speed, double *speed_oncpu,
                      int *disturbed);

/* the headline of n calls alone (a trial's; ngd_percall's rule), NAN when
 * no call has per-call readings */
double ngd_headline(const double *ticks, const int *flag, const double *oncpu, size_t n);

#endif
