// Permuting the faces a seat may not see (issue 15's information-independence tests): a game in
// which the cards behind the seat's hidden ids are shuffled is, to that seat, the same game. The
// helper edits a forked game's state in place and marks the caches stale, as a state change would.
import type { Game, GameObject, Seat } from '../../src/mtg/engine/index.js';
import { touch } from '../../src/mtg/engine/context.js';
import { faceVisible } from '../../src/mtg/engine/public-hash.js';

/** A small deterministic generator (mulberry32): tests must be reproducible. */
function generator(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The fields that are the physical card, not the object's state: what a permutation moves. */
function faceOf(o: GameObject): Pick<GameObject, 'card' | 'face'> {
  return { card: o.card, face: o.face };
}

/**
 * Shuffles the faces `seat` may not see among the ids that hold them, in two pools: the
 * opponent's hand and library together, and the seat's own library (a card never changes owner).
 * Objects in `keep` are left alone (a choice about to be replayed names them). Returns how many
 * objects got another face.
 *
 * @example
 * ```ts
 * const copy = forkGame(game);
 * permuteHiddenFaces(copy, 0, 7); // p1 cannot tell copy from game
 * ```
 */
export function permuteHiddenFaces(game: Game, seat: Seat, seed: number, keep: ReadonlySet<number> = new Set()): number {
  const g = game.internals;
  const them: Seat = seat === 0 ? 1 : 0;
  const rand = generator(seed);
  const pools = [[...g.s.zones[`hand-${them}`]!, ...g.s.zones[`library-${them}`]!], [...g.s.zones[`library-${seat}`]!]];
  let changed = 0;
  for (const pool of pools) {
    const objs = pool.map((id) => g.s.objects[id]!).filter((o) => !o.token && !faceVisible(o, seat) && !keep.has(o.id));
    const faces = objs.map(faceOf);
    for (let i = faces.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [faces[i], faces[j]] = [faces[j]!, faces[i]!];
    }
    objs.forEach((o, i) => {
      const f = faces[i]!;
      if (f.card !== o.card || f.face !== o.face) changed++;
      o.card = f.card;
      o.face = f.face;
    });
  }
  touch(g);
  return changed;
}
