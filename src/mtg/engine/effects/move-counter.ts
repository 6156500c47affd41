/**
 * `MoveCounter` (CR 122.5): counters of `CounterType$` (`Any`: a kind the source has, chosen)
 * are removed from one object and put on another; the same object as both does nothing, and no
 * more can move than the source has. `CounterNum$` is a number, `All`, or `Any` (how many,
 * chosen). The source is `Source$` (else the targets) and the destination `Defined$` (else the
 * targets): "move a +1/+1 counter from target creature you control onto this". `ValidSource$`
 * moves from every matching permanent (with `Any`, the ones chosen) onto the one destination;
 * `ValidDefined$` moves from the one source onto each matching permanent (with `Any`, the ones
 * chosen, as many as chosen for each).
 */
import type { Seat } from '../choice.js';
import { ask, type Gen } from '../ask.js';
import { param } from '../cards.js';
import { live, putCounters, removeCounters } from '../actions.js';
import { definedCards } from '../defined.js';
import { chars } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { objectMatches } from '../select.js';
import { evalNumber } from '../values.js';
import { cardsIn, chooseCards, effectSource, ownTargets } from './util.js';
import type { GameObject } from '../types.js';

registerEffect(
  'MoveCounter',
  function* (run) {
    const g = run.g;
    const kindText = param(run.ref, 'CounterType') ?? 'P1P1';
    const numText = param(run.ref, 'CounterNum') ?? '1';
    const targets = ownTargets(run).flatMap((t) => ('card' in t ? [live(g, t)].filter((o): o is GameObject => o !== undefined) : []));
    const cardsOf = (key: string): GameObject[] => {
      const text = param(run.ref, key);
      return text === undefined ? targets : definedCards(run, text).flatMap((s) => (s.live ? [s.live] : []));
    };
    const field = (sel: string) => cardsIn(g, 'battlefield').filter((o) => objectMatches(run, sel, o));
    const validSource = param(run.ref, 'ValidSource');
    const validDefined = param(run.ref, 'ValidDefined');
    if (validSource !== undefined) {
      const dest = cardsOf('Defined')[0];
      if (!dest || dest.zone !== 'battlefield') return;
      let sources = field(validSource).filter((o) => o !== dest);
      if (numText === 'Any') sources = yield* chooseCards(g, run.you, `Choose the permanents to move ${kindText} counters from`, sources, sources.length, true);
      for (const src of sources) yield* move(run, src, dest, kindText, numText);
      return;
    }
    const source = cardsOf('Source')[0];
    if (!source || source.zone !== 'battlefield') return;
    if (validDefined !== undefined) {
      let dests = field(validDefined).filter((o) => o !== source);
      if (numText === 'Any') dests = yield* chooseCards(g, run.you, `Choose the permanents to move ${kindText} counters onto`, dests, dests.length, true);
      for (const dest of dests) yield* move(run, source, dest, kindText, numText);
      return;
    }
    const dest = cardsOf('Defined')[0];
    if (dest && dest.zone === 'battlefield') yield* move(run, source, dest, kindText, numText);
  },
  { reads: ['CounterType', 'CounterNum', 'Source', 'Defined', 'ValidTgts', 'ValidSource', 'ValidDefined'] },
);

/** Moves counters from `src` onto `dest` (CR 122.5: nothing when they are one object). */
function* move(run: ResolveRun, src: GameObject, dest: GameObject, kindText: string, numText: string): Gen<void> {
  const g = run.g;
  if (src === dest) return;
  let kind = kindText;
  if (kindText === 'Any') {
    const kinds = Object.keys(src.counters)
      .filter((k) => (src.counters[k] ?? 0) > 0)
      .sort();
    if (kinds.length === 0) return;
    kind =
      kinds[
        yield* ask(
          g,
          run.you,
          'choose',
          `Choose a kind of counter to move from ${chars(g, src).name}`,
          kinds.map((k) => ({ label: k, action: { verb: 'choose', text: k } })),
        )
      ]!;
  }
  const have = src.counters[kind] ?? 0;
  if (have <= 0) return;
  const n = numText === 'All' ? have : numText === 'Any' ? yield* howMany(run, run.you, have, kind, src) : Math.min(have, evalNumber(run, numText));
  const moved = removeCounters(g, src, kind, n);
  // Moved counters are put on the other object (CR 122.5), as the counter replacements see them.
  yield* putCounters(g, dest, kind, moved, { effect: true, source: effectSource(run) });
}

function* howMany(run: ResolveRun, seat: Seat, max: number, kind: string, src: GameObject): Gen<number> {
  const options = [];
  for (let n = 0; n <= max; n++) options.push({ label: String(n), action: { verb: 'choose' as const, text: String(n) } });
  return yield* ask(run.g, seat, 'choose', `Move how many ${kind} counters from ${chars(run.g, src).name}?`, options);
}
