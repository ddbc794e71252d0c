/**
 * The template generator's dice: the same seed gives the same text (tests, the demo seed, a
 * person asking again with "Gerar de novo" gets a new seed). mulberry32 over an FNV-1a hash.
 */

export interface Random {
  /** [0, 1). */
  next(): number;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
}

function hash(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function seededRandom(seed: string): Random {
  let state = hash(seed) || 1;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new Error("seededRandom.pick: empty list");
    return items[Math.floor(next() * items.length)] as T;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  };
  return { next, pick, shuffle };
}

/**
 * The dice of one variant among several: `pick` deals by position (the post's offset plus the
 * variant's slot), so the variants of one post never share an opening, a closing or a call to
 * action, while the offset still varies from post to post. `next` and `shuffle` stay random.
 */
export function dealer(rnd: Random, offset: number, slot: number): Random {
  return {
    next: rnd.next,
    shuffle: rnd.shuffle,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("dealer.pick: empty list");
      return items[(offset + slot) % items.length] as T;
    },
  };
}
