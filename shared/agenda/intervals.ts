/**
 * Half-open instant ranges [start, end) in epoch milliseconds (UTC), the agenda's one time type
 * (ADR 058): two ranges that only touch (one ends at 10:00, the next starts at 10:00) never overlap.
 */
export interface InstantRange {
  start: number;
  end: number;
}

/** Whether [a) and [b) share at least one instant. */
export function overlaps(a: InstantRange, b: InstantRange): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Sorted, with empty ranges dropped and touching or overlapping ones merged. */
export function normalize(ranges: readonly InstantRange[]): InstantRange[] {
  const sorted = ranges.filter((r) => r.end > r.start).sort((a, b) => a.start - b.start || a.end - b.end);
  const out: InstantRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else out.push({ start: r.start, end: r.end });
  }
  return out;
}

/** The instants in both (inputs normalized). */
export function intersect(a: readonly InstantRange[], b: readonly InstantRange[]): InstantRange[] {
  const x = normalize(a);
  const y = normalize(b);
  const out: InstantRange[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const p = x[i] as InstantRange;
    const q = y[j] as InstantRange;
    const start = Math.max(p.start, q.start);
    const end = Math.min(p.end, q.end);
    if (start < end) out.push({ start, end });
    if (p.end < q.end) i++;
    else j++;
  }
  return out;
}

/** Index of the first normalized range whose end is after `instant` (binary search), or length. */
function firstEndingAfter(sorted: readonly InstantRange[], instant: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as InstantRange).end > instant) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Whether `range` lies wholly inside one range of a normalized list. */
export function containedIn(sorted: readonly InstantRange[], range: InstantRange): boolean {
  const r = sorted[firstEndingAfter(sorted, range.start)];
  return r !== undefined && r.start <= range.start && range.end <= r.end;
}

/** Whether `range` overlaps any range of a normalized list. */
export function overlapsAny(sorted: readonly InstantRange[], range: InstantRange): boolean {
  const r = sorted[firstEndingAfter(sorted, range.start)];
  return r !== undefined && r.start < range.end;
}
