/**
 * `ChangeText` (CR 612): replace one colour word, basic land type or creature type with another in
 * the text of target spells or permanents (Sleight of Mind, Magical Hack, Artificial Evolution).
 * `Choose` words are chosen by the ability's controller as it resolves, the word to replace first;
 * a fixed word (`ChangeTypeWord$ ChooseCreatureType Vampire`) is not asked. With `Permanent$ True`
 * the change lasts indefinitely, else until end of turn (Forge's meaning). The change is a record
 * on the object (`textChanges`) that layer 3 applies (layers.ts); a spell's stack item is re-keyed
 * so that it resolves as its changed text says (CR 608.2b checks targets against it).
 */
import { ask, type Gen } from '../ask.js';
import { param, printedKey, textKey, type WordSwap } from '../cards.js';
import { nextTick, touch, type G } from '../context.js';
import { chars, liveTextChanges } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { PERMANENT_SPELL } from '../stackitem.js';
import { affectedCards } from './util.js';
import type { GameObject } from '../types.js';

const COLOURS = ['White', 'Blue', 'Black', 'Red', 'Green'];
const BASIC_LAND_TYPES = ['Plains', 'Island', 'Swamp', 'Mountain', 'Forest'];

/** The creature types of the cards in the game, sorted (the decks are public), as ChooseType offers. */
function creatureTypes(g: G): string[] {
  const found = new Set<string>();
  for (const o of g.s.objects) {
    if (!o || o.effect) continue;
    const c = chars(g, o);
    if (c.cardTypes.includes('Creature')) for (const t of c.subtypes) found.add(t);
  }
  return [...found].sort();
}

/** How a choice names a word: colour words as rules text writes them, types capitalised. */
function label(kind: WordSwap['kind'], word: string): string {
  return kind === 'color' ? word.toLowerCase() : word;
}

function* chooseWord(run: ResolveRun, kind: WordSwap['kind'], spec: string, pool: string[], prompt: string): Gen<string | undefined> {
  if (!spec.startsWith('Choose')) return spec;
  if (pool.length === 0) return undefined;
  const k = yield* ask(
    run.g,
    run.you,
    'choose',
    prompt,
    pool.map((w) => ({ label: label(kind, w), action: { verb: 'choose', text: label(kind, w) } })),
  );
  return pool[k];
}

/** Reads `ChangeColorWord$ Choose Choose` or `ChangeTypeWord$ ChooseBasicLandType …` and asks for the words. */
function* chooseSwap(run: ResolveRun, key: 'ChangeColorWord' | 'ChangeTypeWord'): Gen<WordSwap | undefined> {
  const spec = param(run.ref, key);
  if (spec === undefined) return undefined;
  const [fromSpec = 'Choose', toSpec = 'Choose'] = spec.trim().split(/\s+/);
  let kind: WordSwap['kind'];
  let pool: string[];
  if (key === 'ChangeColorWord') {
    kind = 'color';
    pool = COLOURS;
  } else if (fromSpec === 'ChooseBasicLandType' || BASIC_LAND_TYPES.includes(fromSpec)) {
    kind = 'landType';
    pool = BASIC_LAND_TYPES;
  } else {
    kind = 'creatureType';
    pool = creatureTypes(run.g);
  }
  const noun = kind === 'color' ? 'colour word' : kind === 'landType' ? 'basic land type' : 'creature type';
  const from = yield* chooseWord(run, kind, fromSpec, pool, `Choose the ${noun} to replace`);
  if (from === undefined) return undefined;
  const forbidden = (param(run.ref, 'ForbiddenNewTypes') ?? '').split(',').map((s) => s.trim());
  const to = yield* chooseWord(
    run,
    kind,
    toSpec,
    pool.filter((w) => w !== from && !forbidden.includes(w)),
    `Choose the new ${noun}`,
  );
  if (to === undefined || to === from) return undefined;
  return { kind, from, to };
}

/** Records the changes on the object; a spell on the stack resolves with its changed text. */
function changeText(run: ResolveRun, o: GameObject, swaps: readonly WordSwap[], eot: boolean): void {
  const g = run.g;
  // Records that no longer apply (an earlier object, an ended turn) are dropped here, the one
  // place that writes them, so a read of the characteristics never changes the state.
  const kept = liveTextChanges(g, o);
  for (const w of swaps) {
    kept.push({ ...w, timestamp: nextTick(g), inc: o.inc, ...(o.zone === 'stack' ? { spell: true } : {}), ...(eot ? { eotTurn: g.s.turn } : {}) });
  }
  o.textChanges = kept;
  if (o.zone !== 'stack') return;
  const all: WordSwap[] = kept.map((t) => ({ kind: t.kind, from: t.from, to: t.to }));
  for (const item of g.s.stack) {
    if (item.kind !== 'spell' || item.source !== o.id || item.copy) continue;
    if (item.node !== PERMANENT_SPELL) item.node = textKey(printedKey(item.node), all);
    if (item.modes) item.modes = item.modes.map((m) => textKey(printedKey(m), all));
  }
}

registerEffect(
  'ChangeText',
  function* (run) {
    const swaps: WordSwap[] = [];
    for (const key of ['ChangeColorWord', 'ChangeTypeWord'] as const) {
      const swap = yield* chooseSwap(run, key);
      if (swap) swaps.push(swap);
    }
    if (swaps.length === 0) return;
    const eot = param(run.ref, 'Permanent') !== 'True';
    for (const o of affectedCards(run)) {
      if (o.zone === 'battlefield' || o.zone === 'stack') changeText(run, o, swaps, eot);
    }
    touch(run.g);
  },
  { reads: ['ChangeColorWord', 'ChangeTypeWord', 'ForbiddenNewTypes', 'Permanent', 'Defined', 'ValidTgts', 'TgtZone'] },
);
