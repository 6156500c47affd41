// Finding the legal actions (cast.ts) from spells and abilities compiled once (activation.ts) gives
// the same offers, in the same order, with the same "why not" reasons, as reading every script
// parameter at every decision did. The reference below is the offer check as it was before the
// plans (CR 601.2 casting, 602 activating, 305 lands), kept here verbatim in logic; the tests
// play games and compare the two at every decision, for both seats.
import { describe, expect, it } from 'vitest';
import { createGame, randomController, runGame, type Game } from '../../../src/mtg/engine/index.js';
import type { G, Run } from '../../../src/mtg/engine/context.js';
import type { Seat, Unavailable, WhyNot } from '../../../src/mtg/engine/choice.js';
import type { GameObject, StackItem } from '../../../src/mtg/engine/types.js';
import { offers, offerStats, PERMANENT_SPELL, type Offer } from '../../../src/mtg/engine/cast.js';
import { CONDITION_KEYS } from '../../../src/mtg/engine/activation.js';
import { cardRef } from '../../../src/mtg/engine/ask.js';
import { cardNamed, isPermanentChars, param, resolveNode, svarNode, type NodeRef } from '../../../src/mtg/engine/cards.js';
import { maybeObj, touch } from '../../../src/mtg/engine/context.js';
import { chars, hasKeyword } from '../../../src/mtg/engine/layers.js';
import { autoSources, isManaAbility, manaAvailable, planPayment, type ManaCost } from '../../../src/mtg/engine/mana.js';
import { isSick, manaOf, nonManaBlocker, parseCost, type Cost } from '../../../src/mtg/engine/costs.js';
import { activeStatics, inPhases } from '../../../src/mtg/engine/statics.js';
import { matchesCard, matchesPlayer, seen } from '../../../src/mtg/engine/select.js';
import { candidates, hasCandidates, targetSpec } from '../../../src/mtg/engine/targets.js';
import { chainOf, effectKnown } from '../../../src/mtg/engine/resolve.js';
import { canPayWithConvoke, hasConvoke } from '../../../src/mtg/engine/convoke.js';
import { canPayWithDelve, hasDelve } from '../../../src/mtg/engine/delve.js';
import { evalNumber } from '../../../src/mtg/engine/values.js';
import { conditionsHold } from '../../../src/mtg/engine/conditions.js';
import { board, fixtureRegistry, registryOf } from './helpers.js';
import { FIXTURE_CARDS, spellDeck } from './fixtures/cards.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry, targetDecks } from './corpus.js';

// ---- The reference: the offer check before the plans, parameters read at every call. ----

function sources(g: G, seat: Seat, exclude: number | null) {
  return autoSources(g, seat, (o) => isSick(g, o)).filter((s) => s.id !== exclude);
}

function canPay(g: G, seat: Seat, cost: ManaCost, exclude: number | null = null): boolean {
  return planPayment(cost, g.s.players[seat].pool, sources(g, seat, exclude), g.s.players[seat].life) !== null;
}

function largestX(g: G, seat: Seat, cost: Cost, extra: ManaCost, cap: number, exclude: number | null): number {
  const list = sources(g, seat, exclude);
  const avail = manaAvailable(g.s.players[seat].pool, list);
  for (let x = Math.min(cap, Math.floor(avail / Math.max(1, cost.xCount))); x >= 0; x--) {
    const m = manaOf(cost, x);
    const total: ManaCost = { generic: m.generic + extra.generic, shards: [...m.shards, ...extra.shards] };
    if (planPayment(total, g.s.players[seat].pool, list, g.s.players[seat].life)) return x;
  }
  return -1;
}

function sorceryTiming(g: G, seat: Seat): boolean {
  return g.s.active === seat && (g.s.step === 'main1' || g.s.step === 'main2') && g.s.stack.length === 0;
}

function spellKeys(g: G, o: GameObject, face: number): string[] {
  const f = cardNamed(g.registry, o.card)!.faces[face]!;
  const keys: string[] = [];
  f.abilities.forEach((n, i) => {
    if (n.record === 'SP') keys.push(`${o.card}|${face}|a|${i}`);
  });
  if (keys.length === 0 && isPermanentChars(chars(g, o))) keys.push(PERMANENT_SPELL);
  return keys;
}

function castableFaces(g: G, o: GameObject): number[] {
  if (o.token) return [];
  const card = cardNamed(g.registry, o.card)!;
  if (card.layout === 'split' || card.layout === 'adventure' || card.layout === 'modal') return card.faces.map((_, i) => i);
  return [0];
}

function adjustedCost(g: G, seat: Seat, subject: GameObject, base: ManaCost, kind: 'Spell' | 'Ability', item: StackItem | null): ManaCost {
  let generic = base.generic;
  const shards = [...base.shards];
  for (const mode of ['RaiseCost', 'ReduceCost'] as const) {
    for (const s of activeStatics(g, mode, true)) {
      const type = param(s.ref, 'Type') ?? 'Spell';
      if (type !== kind && !(type === 'NonManaAbility' && kind === 'Ability')) continue;
      const vc = param(s.ref, 'ValidCard');
      if (vc !== undefined && !matchesCard(s.run, vc, seen(s.run, subject))) continue;
      const act = param(s.ref, 'Activator');
      if (act !== undefined && !matchesPlayer(s.run, act, seat)) continue;
      const run: Run = { ...s.run, ...(item ? { item } : {}) };
      const amount = Math.max(0, evalNumber(run, param(s.ref, 'Amount') ?? '1'));
      if (mode === 'RaiseCost') {
        const cost = param(s.ref, 'Cost');
        if (cost) {
          const extra = manaOf(parseCost(cost), 0);
          generic += extra.generic;
          shards.push(...extra.shards);
        } else generic += amount;
      } else generic = Math.max(0, generic - amount);
    }
  }
  return { generic, shards };
}

function cantBeCast(g: G, seat: Seat, o: GameObject): boolean {
  for (const s of activeStatics(g, 'CantBeCast', true)) {
    const vc = param(s.ref, 'ValidCard');
    if (vc !== undefined && !matchesCard(s.run, vc, seen(s.run, o))) continue;
    const caster = param(s.ref, 'Caster');
    if (caster !== undefined && !matchesPlayer(s.run, caster, seat)) continue;
    return true;
  }
  return false;
}

function cantPlayLand(g: G, seat: Seat): boolean {
  for (const s of activeStatics(g, 'CantPlayLand')) {
    const who = param(s.ref, 'Player');
    if (who === undefined || matchesPlayer(s.run, who, seat)) return true;
  }
  return false;
}

function chainBlocker(g: G, run: Run, root: NodeRef): WhyNot | null {
  const chain = chainOf(g, root, null);
  for (let p = 0; p < chain.length; p++) {
    const ref = chain[p]!;
    if (ref.node.head !== '' && !effectKnown(ref.node.head) && ref.node.head !== 'Charm') return 'unsupported';
    if (ref.node.head === 'Charm') {
      const choices = (param(ref, 'Choices') ?? '')
        .split(',')
        .map((c) => svarNode(g.registry, ref, c.trim()))
        .filter((x): x is NodeRef => x !== undefined);
      const ok = choices.filter((m) => chainBlocker(g, run, m) === null);
      const min = Number(param(ref, 'MinCharmNum') ?? param(ref, 'CharmNum') ?? '1');
      if (ok.length < Math.max(1, Math.min(min, choices.length))) return 'no-target';
      continue;
    }
    const spec = targetSpec({ ...run, ref, pos: p, chain }, ref);
    if (spec && spec.min > 0 && candidates(g, { ...run, ref, pos: p, chain }, spec, null).length < spec.min) return 'no-target';
  }
  return null;
}

function costBlocker(
  g: G,
  run: Run,
  cost: Cost,
  mana: ManaCost,
  host: GameObject | undefined,
  exclude: number | null,
  spellCard: number | null,
): WhyNot | null {
  const non = nonManaBlocker(g, run, cost, host, spellCard);
  if (non) return non;
  if (cost.xCount > 0) {
    if (
      largestX(g, run.you, cost, { generic: mana.generic - manaOf(cost, 0).generic, shards: mana.shards.slice(manaOf(cost, 0).shards.length) }, 20, exclude) < 0
    )
      return 'no-mana';
    return null;
  }
  if ((mana.generic > 0 || mana.shards.length > 0) && !canPay(g, run.you, mana, exclude)) {
    const spell = spellCard === null ? undefined : maybeObj(g, spellCard);
    const convoked = spell !== undefined && hasConvoke(g, spell) && canPayWithConvoke(g, run.you, mana, spell);
    const delved = spell !== undefined && hasDelve(g, spell) && canPayWithDelve(g, run.you, mana);
    if (!convoked && !delved) return 'no-mana';
  }
  return null;
}

function landBlocker(g: G, seat: Seat): WhyNot | null {
  if (!sorceryTiming(g, seat)) return 'timing';
  if (g.s.players[seat].landsPlayed >= 1) return 'land-drop';
  if (cantPlayLand(g, seat)) return 'condition';
  return null;
}

function faceCost(g: G, o: GameObject, face: number): string {
  return cardNamed(g.registry, o.card)!.faces[face]?.manaCost ?? '';
}

function castBlocker(g: G, seat: Seat, o: GameObject, face: number, key: string): WhyNot | null {
  const c = chars(g, o);
  const run: Run = { g, you: seat, host: o.id };
  if (key === PERMANENT_SPELL) {
    if (!hasKeyword(g, o, 'Flash') && !sorceryTiming(g, seat)) return 'timing';
    if (cantBeCast(g, seat, o)) return 'condition';
    const mana = adjustedCost(g, seat, o, manaOf(parseCost(faceCost(g, o, face)), 0), 'Spell', null);
    return costBlocker(g, run, parseCost(faceCost(g, o, face)), mana, o, null, o.id);
  }
  const ref = resolveNode(g.registry, key);
  const instant = c.cardTypes.includes('Instant') || hasKeyword(g, o, 'Flash');
  if (!instant && !sorceryTiming(g, seat)) return 'timing';
  if (param(ref, 'ActivationZone') !== undefined && param(ref, 'ActivationZone') !== 'Hand') return 'condition';
  if (cantBeCast(g, seat, o)) return 'condition';
  if (!conditionsHold({ ...run, ref }, ref)) return 'condition';
  const blocked = chainBlocker(g, { ...run, ref }, ref);
  if (blocked) return blocked;
  const cost = parseCost(param(ref, 'Cost') ?? faceCost(g, o, face) ?? '');
  const mana = adjustedCost(g, seat, o, manaOf(cost, 0), 'Spell', null);
  return costBlocker(g, { ...run, ref }, cost, mana, o, null, o.id);
}

function abilityBlocker(g: G, seat: Seat, o: GameObject, key: string): WhyNot | null {
  const ref = resolveNode(g.registry, key);
  if (ref.node.record !== 'AB') return 'condition';
  const run: Run = { g, you: seat, host: o.id, ref };
  const zone = param(ref, 'ActivationZone') ?? 'Battlefield';
  const zoneName = o.zone.charAt(0).toUpperCase() + o.zone.slice(1);
  if (zone !== zoneName) return 'condition';
  if (chars(g, o).keywords.includes("CARDNAME's activated abilities can't be activated.")) return 'condition';
  for (const s of activeStatics(g, 'CantBeActivated')) {
    const vc = param(s.ref, 'ValidCard');
    if (vc === undefined || matchesCard(s.run, vc, seen(s.run, o))) return 'condition';
  }
  if (param(ref, 'SorcerySpeed') === 'True' && !sorceryTiming(g, seat)) return 'timing';
  if (param(ref, 'Planeswalker') === 'True') {
    if (!sorceryTiming(g, seat)) return 'timing';
    if (Object.keys(o.activations).some((k) => param(resolveNode(g.registry, k), 'Planeswalker') === 'True' && (o.activations[k] ?? 0) > 0)) return 'condition';
  }
  const phases = param(ref, 'ActivationPhases');
  if (phases !== undefined && !inPhases(g.s.step, phases)) return 'timing';
  if (param(ref, 'PlayerTurn') === 'True' && g.s.active !== seat) return 'timing';
  if (param(ref, 'OpponentTurn') === 'True' && g.s.active === seat) return 'timing';
  const limit = param(ref, 'ActivationLimit');
  if (limit !== undefined && (o.activations[key] ?? 0) >= Number(limit)) return 'condition';
  if (!conditionsHold(run, ref)) return 'condition';
  const cost = parseCost(param(ref, 'Cost'));
  if (isManaAbility(ref)) return costBlocker(g, run, cost, manaOf(cost, 0), o, o.id, null);
  const blocked = chainBlocker(g, run, ref);
  if (blocked) return blocked;
  const mana = adjustedCost(g, seat, o, manaOf(cost, 0), 'Ability', null);
  const tapsSelf = cost.parts.some((p) => p.kind === 'tap' || (p.kind === 'sac' && (p.type === 'CARDNAME' || p.type === 'Card.Self')));
  return costBlocker(g, run, cost, mana, o, tapsSelf ? o.id : null, null);
}

function referenceOffers(g: G, seat: Seat): { offers: Offer[]; unavailable: Unavailable[] } {
  const out: Offer[] = [];
  const unavailable: Unavailable[] = [];
  let landWhy: WhyNot | null | undefined;
  for (const id of g.s.zones[`hand-${seat}`]!) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.cardTypes.includes('Land')) {
      landWhy ??= landBlocker(g, seat);
      if (landWhy === null) out.push({ kind: 'land', card: o });
      else unavailable.push({ card: cardRef(o.id, c.name), label: `play ${c.name}`, reason: landWhy });
      continue;
    }
    for (const face of castableFaces(g, o)) {
      for (const key of spellKeys(g, { ...o, face }, face)) {
        const why = castBlocker(g, seat, o, face, key);
        if (why === null) out.push({ kind: 'cast', card: o, face, spell: key });
        else unavailable.push({ card: cardRef(o.id, c.name), label: `cast ${c.name}`, reason: why });
      }
    }
  }
  for (const pile of ['battlefield', `hand-${seat}`, `graveyard-${seat}`]) {
    for (const id of g.s.zones[pile]!) {
      const o = g.s.objects[id]!;
      const c = chars(g, o);
      if (pile === 'battlefield' && c.controller !== seat) continue;
      c.abilities.forEach((key, index) => {
        const ref = resolveNode(g.registry, key);
        if (ref.node.record !== 'AB') return;
        if (pile !== 'battlefield' && param(ref, 'ActivationZone') === undefined) return;
        const why = abilityBlocker(g, seat, o, key);
        if (why === null) out.push({ kind: 'activate', card: o, key, index, mana: isManaAbility(ref) });
        else if (pile === 'battlefield') unavailable.push({ card: cardRef(o.id, c.name), ability: index, label: `activate ${c.name}`, reason: why });
      });
    }
  }
  return { offers: out, unavailable };
}

// ---- The comparison. ----

/** An offer as plain data (its card by id). */
function plain(o: Offer): unknown {
  return { ...o, card: o.card.id };
}

/** Plays a game with random seats, comparing offers with the reference for both seats at every decision; returns how many were compared. */
function compareThroughout(game: Game, seeds: [string, string], decisions: number): { compared: number; offered: number; refused: number } {
  const g = game.internals;
  const ctl = [randomController(seeds[0]), randomController(seeds[1])];
  let compared = 0;
  let offered = 0;
  let refused = 0;
  for (let k = 0; k < decisions && game.pending(); k++) {
    // A fresh state version, so that offers() computes rather than returns what it found at this
    // version before: the comparison is of the two checks, not of the engine's cache.
    touch(g);
    for (const seat of [0, 1] as Seat[]) {
      const want = referenceOffers(g, seat);
      const got = offers(g, seat, true);
      expect(got.offers.map(plain)).toEqual(want.offers.map(plain));
      expect(got.unavailable).toEqual(want.unavailable);
      // Without explanations: the same offers, no reasons.
      expect(offers(g, seat, false).offers.map(plain)).toEqual(want.offers.map(plain));
      compared++;
      offered += want.offers.length;
      refused += want.unavailable.length;
    }
    const p = game.pending()!;
    game.choose(ctl[p.seat]!.choose(game.view(p.seat), p));
  }
  return { compared, offered, refused };
}

describe('offers from compiled spells and abilities', () => {
  it('match the reference check at every decision of fixture games (spells, charms, targets, X, mana abilities)', () => {
    const registry = fixtureRegistry();
    let total = { compared: 0, offered: 0, refused: 0 };
    for (let i = 0; i < 4; i++) {
      const game = createGame({ registry, decks: [spellDeck('R'), spellDeck('G')], seed: `offers-${i}`, explain: true });
      const r = compareThroughout(game, [`oa${i}`, `ob${i}`], 400);
      total = { compared: total.compared + r.compared, offered: total.offered + r.offered, refused: total.refused + r.refused };
    }
    // The games reached states with things offered and things refused, not only empty hands.
    expect(total.compared).toBeGreaterThan(500);
    expect(total.offered).toBeGreaterThan(500);
    expect(total.refused).toBeGreaterThan(500);
  });

  it('match the reference check at every decision of games between 1994–1995 championship decks', needsCorpus('forge-cards', 'deepscry-decks'), () => {
    const registry = realRegistry();
    const decks = targetDecks().slice(0, 12);
    let refused = 0;
    for (let i = 0; i < 4; i++) {
      const game = createGame({
        registry,
        decks: [decks[(i * 5) % decks.length]!.main, decks[(i * 7 + 3) % decks.length]!.main],
        seed: `offers-real-${i}`,
        explain: true,
      });
      refused += compareThroughout(game, [`ra${i}`, `rb${i}`], 250).refused;
    }
    expect(refused).toBeGreaterThan(200);
  });

  it(
    'match the reference check on boards of real cards with every kind of restriction (loyalty, limits, phases, X, convoke, delve, cost changes, "can\'t")',
    needsCorpus('forge-cards'),
    () => {
      const registry = realRegistry();
      const library = (land: string) => Array.from({ length: 30 }, () => land);
      const seats = {
        restricted: {
          library: library('Island'),
          hand: [
            'Fireball',
            'Fire // Ice',
            'Cryptic Command',
            'Chord of Calling',
            'Treasure Cruise',
            'Barren Moor',
            'Lightning Bolt',
            'Counterspell',
            'Mind Twist',
          ],
          battlefield: [
            { name: 'Jace Beleren', counters: { LOYALTY: 3 } },
            "Mishra's Factory",
            'Wandering Fumarole',
            'Lavaclaw Reaches',
            'Tundra',
            'Volcanic Island',
            'Mountain',
            'Mountain',
            'Prodigal Sorcerer',
            { name: 'Birds of Paradise', sick: true },
            'Icy Manipulator',
            'Bonesplitter',
            'Cyclopean Tomb',
            'Mirror Universe',
            'Black Lotus',
            'Mana Vault',
            "Ashnod's Altar",
            'Goblin Bombardment',
            'Mogg Fanatic',
            'Grim Lavamancer',
            'Basking Rootwalla',
            'Walking Wall',
            'Forest',
            'Forest',
          ],
          graveyard: ['Reassembling Skeleton', 'Kird Ape', 'Ancestral Recall', 'Dark Ritual', 'Regrowth', 'Regrowth', 'Lightning Bolt'],
        },
        taxing: {
          library: library('Plains'),
          hand: [
            'Swords to Plowshares',
            'Ajani Goldmane',
            'Glorious Anthem',
            'Kitchen Finks',
            'Disintegrate',
            'Force of Will',
            'Emerald Charm',
            'Thought Scour',
          ],
          battlefield: [
            'Thalia, Guardian of Thraben',
            'Sphere of Resistance',
            'Helm of Awakening',
            'Leonin Abunas',
            'Gaddock Teeg',
            'Serra Angel',
            'Ethersworn Canonist',
            'Plains',
            'Plains',
            'Savannah',
            'City of Brass',
            'Maze of Ith',
          ],
          graveyard: ['Gurmag Angler'],
        },
        silencing: {
          library: library('Swamp'),
          hand: ['Armageddon', 'Raging Goblin', 'Ball Lightning', 'Mana Leak'],
          battlefield: ['Null Rod', 'Linvala, Keeper of Silence', 'Swamp', 'Swamp', 'Sol Ring', 'Elvish Archdruid', 'Llanowar Elves'],
        },
      };
      let refused = 0;
      const pairs: Array<[keyof typeof seats, keyof typeof seats]> = [
        ['restricted', 'taxing'],
        ['taxing', 'restricted'],
        ['restricted', 'silencing'],
      ];
      for (const [i, [a, b]] of pairs.entries()) {
        for (const active of [0, 1] as Seat[]) {
          const game = board(seats[a], seats[b], { registry, seed: `offers-board-${i}-${active}`, explain: true, active });
          refused += compareThroughout(game, [`ba${i}${active}`, `bb${i}${active}`], 150).refused;
        }
      }
      expect(refused).toBeGreaterThan(500);
    },
  );

  it('ask hasCandidates for the minimum and get the answer of the full candidates list', () => {
    // The offer check (chainBlocker) asks only "at least min targets?", and stops at the min-th.
    const game = board(
      { hand: ['Test Bolt', 'Test Growth'], battlefield: ['Test Bear', 'Test Bear', 'Test Mountain'] },
      { battlefield: ['Test Bear', 'Test Hawk', 'Test Forest'] },
    );
    const g = game.internals;
    for (const name of ['Test Bolt', 'Test Growth', 'Test Slay', 'Test Drain']) {
      const ref = resolveNode(g.registry, `${name}|0|a|0`);
      const run: Run = { g, you: 0, host: 0, ref };
      const spec = targetSpec(run, ref)!;
      const all = candidates(g, run, spec, null).length;
      expect(all).toBeGreaterThan(0);
      for (let min = 0; min <= all + 2; min++) expect(hasCandidates(g, run, spec, null, min), `${name}, ${min} of ${all}`).toBe(all >= min);
    }
  });

  it('knows every parameter conditionsHold reads first, so a node without them is not asked (activation.ts CONDITION_KEYS)', () => {
    // A bare node: conditionsHold asks each of its first-level parameters, finds none, and holds.
    const ref = resolveNode(fixtureRegistry(), 'Test Pinger|0|a|0');
    const bare: NodeRef = { key: 'bare', node: { ...ref.node, params: {} }, face: ref.face, card: ref.card };
    const asked: string[] = [];
    const params = new Proxy(
      {},
      {
        getOwnPropertyDescriptor: (_t, k) => {
          if (typeof k === 'string') asked.push(k);
          return undefined;
        },
        get: (_t, k) => {
          if (typeof k === 'string') asked.push(k);
          return undefined;
        },
        ownKeys: () => [],
      },
    );
    bare.node = { ...bare.node, params };
    expect(conditionsHold({ g: undefined as unknown as G, you: 0, host: 0, ref: bare }, bare)).toBe(true);
    expect([...new Set(asked)].sort()).toEqual([...CONDITION_KEYS].sort());
  });
});

// ---- Offers kept across a step beginning (cast.ts keptOrFound). ----
// After both players pass, the next step often changes nothing but the step, and the last offers
// of a seat are used again when their timing checks answer the same. The oracle is a fresh
// computation: strict games compare every kept list with one (an `mtg/invariant` error
// otherwise), and the comparisons below check the lists the game uses at priority decisions.

/** Plays on, comparing at every decision the offers the game uses with offers found afresh. */
function compareKept(game: Game, seeds: [string, string], decisions: number): number {
  const g = game.internals;
  const ctl = [randomController(seeds[0]), randomController(seeds[1])];
  let compared = 0;
  const plain = (r: ReturnType<typeof offers>): string => JSON.stringify([r.offers.map((o) => ({ ...o, card: o.card.id })), r.unavailable]);
  for (let k = 0; k < decisions && game.pending(); k++) {
    const p = game.pending()!;
    // Offers are what a priority decision is made of; elsewhere (a target of a spell being cast) they are not read.
    if (p.kind !== 'priority') {
      game.choose(ctl[p.seat]!.choose(game.view(p.seat), p));
      continue;
    }
    const used = ([0, 1] as Seat[]).map((seat) => plain(offers(g, seat, g.config.explain === true)));
    // A touch: the same state at a new version, so offers() finds them afresh.
    touch(g);
    const fresh = ([0, 1] as Seat[]).map((seat) => plain(offers(g, seat, g.config.explain === true)));
    expect(used).toEqual(fresh);
    compared++;
    game.choose(ctl[p.seat]!.choose(game.view(p.seat), p));
  }
  return compared;
}

describe('offers kept across a step beginning', () => {
  it('are the offers a fresh check finds, in strict fixture games, and are kept often', () => {
    const registry = fixtureRegistry();
    const before = { ...offerStats };
    for (let i = 0; i < 3; i++) {
      const game = createGame({ registry, decks: [spellDeck('R'), spellDeck('G')], seed: `kept-${i}`, strict: true, explain: i % 2 === 0 });
      runGame(game, [randomController(`ka${i}`), randomController(`kb${i}`)], { maxTurns: 30 });
    }
    const kept = offerStats.kept - before.kept;
    const found = offerStats.found - before.found;
    // Without the kept lists every request is a computation; with them a share is not (≈ 1 in 6 here).
    expect(kept).toBeGreaterThan(found / 10);
  });

  it('are those the game uses at every asked decision, games between championship decks, strict', needsCorpus('forge-cards', 'deepscry-decks'), () => {
    const registry = realRegistry();
    const decks = targetDecks().slice(0, 12);
    const before = offerStats.kept;
    let compared = 0;
    for (let i = 0; i < 3; i++) {
      const game = createGame({
        registry,
        decks: [decks[(i * 3) % decks.length]!.main, decks[(i * 5 + 1) % decks.length]!.main],
        seed: `kept-real-${i}`,
        strict: true,
      });
      compared += compareKept(game, [`kra${i}`, `krb${i}`], 150);
    }
    expect(compared).toBeGreaterThan(150);
    expect(offerStats.kept - before).toBeGreaterThan(50);
  });

  it('are found afresh when an ability is restricted to some steps (ActivationPhases$)', () => {
    // An ability usable only in combat must appear and disappear as the steps go, with nothing else changing.
    const registry = registryOf(FIXTURE_CARDS, {
      'Test Phase Pinger': [
        'Name:Test Phase Pinger',
        'ManaCost:2 R',
        'Types:Creature Human Wizard',
        'PT:1/1',
        'A:AB$ DealDamage | Cost$ R | ValidTgts$ Player | ActivationPhases$ BeginCombat->EndCombat | NumDmg$ 1 | SpellDescription$ CARDNAME deals 1 damage to target player. Activate only during combat.',
        'Oracle:{R}: Test Phase Pinger deals 1 damage to target player. Activate only during combat.',
      ],
    });
    const game = board({ battlefield: ['Test Phase Pinger', 'Test Mountain', 'Test Mountain'] }, {}, { registry, step: 'upkeep' });
    const g = game.internals;
    const seen: string[] = [];
    for (let k = 0; k < 40 && game.pending(); k++) {
      const list = offers(g, g.s.priority ?? 0).offers.filter((o) => o.kind === 'activate' && !o.mana);
      seen.push(`${g.s.step}:${list.length}`);
      game.choose(0);
    }
    expect(seen.some((s) => s.startsWith('beginCombat:1') || s.startsWith('declareAttackers:1'))).toBe(true);
    expect(seen.some((s) => s.startsWith('main1:0') || s.startsWith('upkeep:0'))).toBe(true);
  });
});
