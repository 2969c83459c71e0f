/* The double-dummy solver of beloz/ai/dds.py (PySolver) in C, loaded through ctypes.
 *
 * Mirrors PySolver line for line: the same null-window search on u (team 0's card points
 * still to win, dix de der and capot folded in), the same move ordering, the same
 * transposition table (hash, 4 probed slots, replacement rule), so both visit the same
 * nodes and give the same values; tests/test_ai_dds.py checks it.  Build: `make` (plain
 * C99, no Python headers): cc -O2 -shared -fPIC -o beloz/ai/_dds.so beloz/ai/_dds.c
 */
#include <stdint.h>
#include <stdlib.h>

#if defined(_WIN32)
/* Windows' own clock: timespec_get is in the UCRT only, not in the msvcrt that mingw-w64
 * links by default (`make exe-windows`), and the DLL must use one C runtime. */
#include <windows.h>
#define EXPORT __declspec(dllexport)
#else
#include <time.h>
#define EXPORT __attribute__((visibility("default")))
#endif

#define CAPOT 1000
#define LOW (-2000)
#define HIGH 2000
#define TT_BITS 18
#define TT_SIZE (1u << TT_BITS)
#define TT_MASK (TT_SIZE - 1u)

typedef struct {
    uint32_t h[4];
    uint32_t meta;
    uint32_t gen;
    int16_t lo, hi;
    int8_t best;
} Entry;

typedef struct {
    int strength[32], points[32];
    uint32_t above[32];
    int trump, climb, partner_raise, undertrump, direction, dix;
    int order[4][8]; /* the cards of each plain, weakest first */
    int plain_points[4][256];
    /* Seed 002's belot pairs in all trumps, lost when their first card is discarded on
     * another plain's lead: each loss moves u by belot_shift (PySolver's Game.losable). */
    uint32_t losable[4];
    int nlosable, belot_shift;
    int mate[32];
    Entry *tt;
    uint32_t gen;
    long long nodes, max_nodes;
    int has_deadline, timeout;
    double deadline;
} Solver;

/* Seconds on some clock: a deadline is now() + seconds, compared with later readings. */
#if defined(_WIN32)
static double now(void) {
    LARGE_INTEGER count, freq;
    QueryPerformanceCounter(&count);
    QueryPerformanceFrequency(&freq);
    return (double)count.QuadPart / (double)freq.QuadPart;
}
#else
static double now(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}
#endif

EXPORT void *dds_new(const int *strength, const int *points, int trump, int climb,
                     int partner_raise, int undertrump, int direction, int dix,
                     const uint32_t *losable, int nlosable, int belot_shift) {
    Solver *s = (Solver *)calloc(1, sizeof(Solver));
    if (!s) return NULL;
    s->tt = (Entry *)calloc(TT_SIZE, sizeof(Entry));
    if (!s->tt) {
        free(s);
        return NULL;
    }
    for (int c = 0; c < 32; c++) {
        s->strength[c] = strength[c];
        s->points[c] = points[c];
    }
    for (int c = 0; c < 32; c++) {
        uint32_t a = 0;
        for (int d = c & ~7; d < (c & ~7) + 8; d++)
            if (strength[d] > strength[c]) a |= 1u << d;
        s->above[c] = a;
    }
    for (int p = 0; p < 4; p++) {
        int n = 0;
        for (int i = 0; i < 8; i++) s->order[p][n++] = 8 * p + i;
        for (int i = 1; i < 8; i++) /* insertion sort by strength (stable) */
            for (int j = i; j > 0 && strength[s->order[p][j]] < strength[s->order[p][j - 1]]; j--) {
                int t = s->order[p][j];
                s->order[p][j] = s->order[p][j - 1];
                s->order[p][j - 1] = t;
            }
        for (int b = 0; b < 256; b++) {
            int sum = 0;
            for (int i = 0; i < 8; i++)
                if (b >> i & 1) sum += points[8 * p + i];
            s->plain_points[p][b] = sum;
        }
    }
    for (int c = 0; c < 32; c++) s->mate[c] = -1;
    s->nlosable = nlosable < 0 ? 0 : nlosable > 4 ? 4 : nlosable;
    s->belot_shift = belot_shift;
    for (int i = 0; i < s->nlosable; i++) {
        int a = -1, b = -1;
        s->losable[i] = losable[i];
        for (int c = 0; c < 32; c++)
            if (losable[i] >> c & 1) {
                if (a < 0) a = c;
                else b = c;
            }
        if (a >= 0 && b >= 0) {
            s->mate[a] = b;
            s->mate[b] = a;
        }
    }
    s->trump = trump;
    s->climb = climb;
    s->partner_raise = partner_raise;
    s->undertrump = undertrump;
    s->direction = direction;
    s->dix = dix;
    return s;
}

EXPORT void dds_free(void *p) {
    Solver *s = (Solver *)p;
    if (!s) return;
    free(s->tt);
    free(s);
}

EXPORT long long dds_nodes(void *p) { return ((Solver *)p)->nodes; }

static int card_points(const Solver *s, uint32_t m) {
    return s->plain_points[0][m & 255] + s->plain_points[1][m >> 8 & 255] +
           s->plain_points[2][m >> 16 & 255] + s->plain_points[3][m >> 24 & 255];
}

static int master_of(const Solver *s, const int *t, int n) {
    int lead = t[0] >> 3, m = 0;
    for (int i = 1; i < n; i++) {
        int p = t[i] >> 3;
        if ((p == lead || p == s->trump) && s->strength[t[i]] > s->strength[t[m]]) m = i;
    }
    return m;
}

static uint32_t legal(const Solver *s, uint32_t hand, const int *t, int n) {
    if (!n) return hand;
    int m = master_of(s, t, n);
    int master = t[m];
    int partner_master = n - m == 2;
    int lead = t[0] >> 3;
    uint32_t follow = hand & (0xFFu << (8 * lead));
    if (follow) {
        if ((s->climb >> lead & 1) && (s->partner_raise || !partner_master)) {
            uint32_t up = follow & s->above[master];
            return up ? up : follow;
        }
        return follow;
    }
    if (s->trump < 0) return hand;
    uint32_t trumps = hand & (0xFFu << (8 * s->trump));
    if (partner_master || !trumps) return hand;
    if (master >> 3 == s->trump) {
        uint32_t up = trumps & s->above[master];
        if (up) return up;
        return s->undertrump ? trumps : hand;
    }
    return trumps;
}

/* The legal cards, one per class of equivalent cards, best first (PySolver.moves). */
static int moves(const Solver *s, uint32_t hand, const int *t, int n, uint32_t blockers,
                 int first, int *out) {
    uint32_t lg = legal(s, hand, t, n);
    int k = 0;
    for (int p = 0; p < 4; p++) {
        if (!(lg >> (8 * p) & 255u)) continue;
        int prev = -1;
        for (int i = 0; i < 8; i++) {
            int c = s->order[p][i];
            if (!(lg >> c & 1)) continue;
            if (prev >= 0 && s->points[prev] == s->points[c] &&
                !(s->above[prev] & ~s->above[c] & ~(1u << c) & blockers))
                out[k - 1] = c;
            else
                out[k++] = c;
            prev = c;
        }
    }
    if (k > 1) {
        int pri[8];
        if (n == 0) {
            for (int i = 0; i < k; i++) pri[i] = s->strength[out[i]];
        } else {
            int m = master_of(s, t, n);
            int master = t[m];
            if (((n - m) & 1) == 0) {
                for (int i = 0; i < k; i++)
                    pri[i] = 64 * s->points[out[i]] + 32 - s->strength[out[i]];
            } else {
                int mp = master >> 3;
                for (int i = 0; i < k; i++) {
                    int c = out[i], p = c >> 3;
                    if ((p == mp && s->strength[c] > s->strength[master]) ||
                        (p == s->trump && mp != s->trump))
                        pri[i] = 5000 + (n == 3 ? 64 * s->points[c] : 0) + 32 - s->strength[c];
                    else
                        pri[i] = 1000 - 64 * s->points[c] - s->strength[c];
                }
            }
        }
        for (int i = 1; i < k; i++) /* by priority, then card id */
            for (int j = i; j > 0 && (pri[j] > pri[j - 1] ||
                                      (pri[j] == pri[j - 1] && out[j] < out[j - 1]));
                 j--) {
                int tp = pri[j], tc = out[j];
                pri[j] = pri[j - 1];
                out[j] = out[j - 1];
                pri[j - 1] = tp;
                out[j - 1] = tc;
            }
    }
    if (first >= 0) {
        for (int i = 0; i < k; i++)
            if (out[i] == first) {
                for (int j = i; j > 0; j--) out[j] = out[j - 1];
                out[0] = first;
                break;
            }
    }
    return k;
}

static Entry *slot(Solver *s, const uint32_t *h, uint32_t meta, int *hit) {
    const uint64_t c1 = 0x9E3779B97F4A7C15ull, c2 = 0xC2B2AE3D27D4EB4Full;
    uint64_t a = (uint64_t)h[0] | (uint64_t)h[1] << 32;
    uint64_t b = (uint64_t)h[2] | (uint64_t)h[3] << 32;
    uint64_t x = (a * c1 + b) * c2 + meta;
    uint32_t idx = (uint32_t)((x ^ x >> 29) & TT_MASK);
    Entry *free_ = NULL;
    for (uint32_t j = 0; j < 4; j++) {
        Entry *e = &s->tt[(idx + j) & TT_MASK];
        if (e->gen == s->gen) {
            if (e->meta == meta && e->h[0] == h[0] && e->h[1] == h[1] && e->h[2] == h[2] &&
                e->h[3] == h[3]) {
                *hit = 1;
                return e;
            }
        } else if (!free_) {
            free_ = e;
        }
    }
    *hit = 0;
    return free_ ? free_ : &s->tt[idx];
}

static int ge(Solver *s, uint32_t *h, int leader, int *t, int n, int f0, int f1, int k);

/* ge once the card t[n - 1] is on the table (PySolver._after). */
static int after(Solver *s, uint32_t *h, int leader, int *t, int n, int f0, int f1, int k) {
    if (n < 4) return ge(s, h, leader, t, n, f0, f1, k);
    int m = master_of(s, t, 4);
    int w = (leader + s->direction * m) & 3;
    int pts = s->points[t[0]] + s->points[t[1]] + s->points[t[2]] + s->points[t[3]];
    int nt[4];
    if (w & 1) return ge(s, h, w, nt, 0, 0, f1, k);
    if (!(h[0] | h[1] | h[2] | h[3])) pts += s->dix;
    return ge(s, h, w, nt, 0, f0, 0, k - pts);
}

/* Can team 0 make the rest of the hand worth u >= k ? (PySolver._ge) */
static int ge(Solver *s, uint32_t *h, int leader, int *t, int n, int f0, int f1, int k) {
    s->nodes++;
    if (s->timeout) return 0;
    if (s->max_nodes >= 0 && s->nodes > s->max_nodes) {
        s->timeout = 1;
        return 0;
    }
    if (!(s->nodes & 2047) && s->has_deadline && now() > s->deadline) {
        s->timeout = 1;
        return 0;
    }
    int first = -1;
    uint32_t meta = 0;
    if (n == 0) {
        uint32_t rem = h[0] | h[1] | h[2] | h[3];
        if (!rem) return (f0 ? CAPOT : f1 ? -CAPOT : 0) >= k;
        int n0 = 0, n1 = 0;
        if (s->nlosable) { /* a lost belot moves u by belot_shift */
            for (int i = 0; i < s->nlosable; i++)
                for (int q = 0; q < 4; q++)
                    if ((h[q] & s->losable[i]) == s->losable[i]) {
                        if (q & 1) n1++;
                        else n0++;
                    }
            n0 *= s->belot_shift;
            n1 *= s->belot_shift;
        }
        if (k <= (f1 ? -CAPOT : 0) - n0) return 1;
        if (k > card_points(s, rem) + s->dix + (f0 ? CAPOT : 0) + n1) return 0;
        meta = (uint32_t)(leader | f0 << 2 | f1 << 3);
        int hit;
        Entry *e = slot(s, h, meta, &hit);
        if (hit) {
            if (e->lo >= k) return 1;
            if (e->hi < k) return 0;
            first = e->best;
        }
    }
    int seat = (leader + s->direction * n) & 3;
    uint32_t hand = h[seat];
    uint32_t blockers = (h[0] | h[1] | h[2] | h[3]) & ~hand;
    for (int i = 0; i < n; i++) blockers |= 1u << t[i];
    int mv[8];
    int nm = moves(s, hand, t, n, blockers, first, mv);
    int maximize = !(seat & 1);
    int result = !maximize, best = -1;
    for (int i = 0; i < nm; i++) {
        int c = mv[i];
        int kc = k;
        if (n && s->mate[c] >= 0 && (hand >> s->mate[c] & 1) && (c >> 3) != (t[0] >> 3))
            kc = maximize ? k + s->belot_shift : k - s->belot_shift; /* the belot lost */
        h[seat] = hand & ~(1u << c);
        t[n] = c;
        int r = after(s, h, leader, t, n + 1, f0, f1, kc);
        h[seat] = hand;
        if (s->timeout) return 0;
        if (r == maximize) {
            result = r;
            best = c;
            break;
        }
    }
    if (n == 0) {
        int hit;
        Entry *e = slot(s, h, meta, &hit);
        if (!hit) {
            for (int i = 0; i < 4; i++) e->h[i] = h[i];
            e->meta = meta;
            e->gen = s->gen;
            e->lo = LOW;
            e->hi = HIGH;
            e->best = -1;
        }
        if (result)
            e->lo = (int16_t)k;
        else
            e->hi = (int16_t)(k - 1);
        if (best >= 0) e->best = (int8_t)best;
    }
    return result;
}

/* For each candidate card of the seat to play: the largest i such that team 0 can make
 * u >= starts[i] after it (PySolver.solve).  seconds < 0: no deadline; max_nodes < 0: no
 * limit on the node counter.  Returns 0, or -1 when the deadline or the node limit passed
 * (out is then meaningless). */
EXPORT int dds_solve(void *p, const uint32_t *hands, int leader, const int *trick, int ntrick,
                     int f0, int f1, const int *cands, int ncands, const int *starts,
                     int nstarts, int *out, double seconds, long long max_nodes) {
    Solver *s = (Solver *)p;
    s->max_nodes = max_nodes;
    s->gen++;
    if (s->gen == 0) s->gen = 1; /* 0 marks a never-written slot */
    s->timeout = 0;
    s->has_deadline = seconds >= 0;
    if (s->has_deadline) s->deadline = now() + seconds;
    int seat = (leader + s->direction * ntrick) & 3;
    for (int ci = 0; ci < ncands; ci++) {
        uint32_t h[4] = {hands[0], hands[1], hands[2], hands[3]};
        int t[4];
        for (int i = 0; i < ntrick; i++) t[i] = trick[i];
        h[seat] &= ~(1u << cands[ci]);
        t[ntrick] = cands[ci];
        int lo = 0, hi = nstarts - 1;
        if (ci > 0) { /* the previous card's run first: candidates are often worth the same */
            int g0 = out[ci - 1];
            if (g0 > lo && !after(s, h, leader, t, ntrick + 1, f0, f1, starts[g0])) {
                hi = g0 - 1;
            } else {
                lo = g0;
                if (g0 < hi) {
                    if (after(s, h, leader, t, ntrick + 1, f0, f1, starts[g0 + 1]))
                        lo = g0 + 1;
                    else
                        hi = g0;
                }
            }
            if (s->timeout) return -1;
        }
        while (lo < hi) {
            int mid = (lo + hi + 1) >> 1;
            if (after(s, h, leader, t, ntrick + 1, f0, f1, starts[mid]))
                lo = mid;
            else
                hi = mid - 1;
            if (s->timeout) return -1;
        }
        out[ci] = lo;
    }
    return 0;
}
