// The lookups that run all game long, compiled or indexed once (issue 14), against the way they
// were interpreted before: selectors parsed once into tests, triggers indexed by mode once per
// state version, statics bucketed by mode once per version. Over real games on the championship
// decks, at many decision points, each must give exactly what the interpreter gave: the same
// matches for every selector the decks' scripts write (and the property words the engine knows),
// the same pending triggers in the same order for every kind of event, the same active statics.
import { describe, expect, it } from 'vitest';
import type { ScriptNode } from '../../../src/mtg/cards/index.js';
import { lkiOf } from '../../../src/mtg/engine/actions.js';
import { cardNamed, param, tryResolveNode } from '../../../src/mtg/engine/cards.js';
import type { G, Run } from '../../../src/mtg/engine/context.js';
import { createGame, randomController, type Controller, type Game } from '../../../src/mtg/engine/index.js';
import { canMatchCards, canMatchPlayers, matchesCard, matchesPlayer, seen } from '../../../src/mtg/engine/select.js';
import { activeStatics, inPhases, type ActiveStatic } from '../../../src/mtg/engine/statics.js';
import { raise } from '../../../src/mtg/engine/triggers.js';
import { STEPS, type GameObject, type Lki, type TriggerData } from '../../../src/mtg/engine/types.js';
import { needsCorpus } from '../../support/corpora.js';
import { realRegistry, targetDecks } from './corpus.js';
import { board } from './helpers.js';
import { scanRaise, scanStatics } from './fixtures/interpreted.js';
import * as interpreted from './fixtures/select-interpreted.js';

// Property words and prefixes the selector code knows, each in a selector, beside those the decks write.
const WORDS = [
  'Self',
  'StrictlySelf',
  'Other',
  'YouCtrl',
  'YouDontCtrl',
  'OppCtrl',
  'YouOwn',
  'OppOwn',
  'ActivePlayerCtrl',
  'NonActivePlayerCtrl',
  'OwnerDoesntControl',
  'DefenderCtrl',
  'ChosenCtrl',
  'TargetedPlayerCtrl',
  'RememberedPlayerCtrl',
  'Permanent',
  'token',
  'nonToken',
  'tapped',
  'untapped',
  'attacking',
  'notattacking',
  'attackingYou',
  'blocking',
  'blocked',
  'unblocked',
  'blockingSource',
  'blockedBySource',
  'EnchantedBy',
  'Attached',
  'enchanted',
  'unenchanted',
  'equipped',
  'IsRemembered',
  'IsNotRemembered',
  'IsImprinted',
  'kicked',
  'notkicked',
  'kicked 1',
  'wasCast',
  'inZoneBattlefield',
  'inZoneHand',
  'inZoneGraveyard',
  'TopLibrary',
  'wasDealtDamageThisTurn',
  'DamagedBy',
  'enteredBattlefieldThisTurn',
  'notFirstTurnControlled',
  'wasCastFromHand',
  'attackedThisTurn',
  'blockedThisTurn',
  'dealtDamageThisTurn',
  'hasManaAbility',
  'DrawnThisTurn',
  'ChosenCard',
  'nonChosenCard',
  'HasCounters',
  'sameName',
  'NamedCard',
  'ChosenType',
  'ChosenColor',
  'EffectSource',
  'ExiledWithSource',
  'Historic',
  'faceDown',
  'faceUp',
  'Triggered',
  'Creature',
  'Land',
  'Legendary',
  'Basic',
  'IsCommander',
  'IsRenowned',
  'IsNotMonstrous',
  'White',
  'nonBlack',
  'Colorless',
  'MultiColor',
  'MonoColor',
  'RedSource',
  'namedLightning_Bolt',
  'notnamedShivan Dragon',
  'withFlying',
  'withoutFlying',
  'withSwampwalk',
  'cmcGE3',
  'cmcLEX',
  'powerLT2',
  'toughnessGE4',
  'powerfoo',
  'counters_GE1_P1P1',
  'counters_EQ0_M1M1',
  'counters_GE1',
  'ControlledBy You',
  'ControlledBy Opponent',
  'sharesNameWith Self',
  'Goblin',
  'Forest',
  'wall',
  'Wall',
  'artifact',
  '!tapped',
  'nonCreature',
  'nonnonLand',
  'constructor',
  'toString',
  'madeUpWord',
  'Made-Up',
];
const TYPES = ['Card', 'card', 'Object', 'Permanent', 'permanent', 'Spell', 'Emblem', 'nonland', 'Self', 'Creature', 'creature', 'Goblin', '!Land', 'Player'];

/** Every selector-valued parameter the decks' scripts write, and the synthetic ones above. */
function selectorsOf(game: Game): string[] {
  const g = game.internals;
  const out = new Set<string>();
  for (const t of TYPES) {
    out.add(t);
    for (const w of WORDS) out.add(`${t}.${w}`);
  }
  out.add('Creature.YouCtrl+nonBlack+untapped,Player');
  out.add('Artifact,Enchantment.OppCtrl');
  out.add('Opponent,Creature.powerGE2+withFlying');
  const node = (n: ScriptNode): void => {
    for (const [k, v] of Object.entries(n.params)) if (/^(Valid|Affected$|ChangeType$)/.test(k)) out.add(v);
  };
  for (const o of Object.values(g.s.objects)) {
    if (!o) continue;
    const card = cardNamed(g.registry, o.card);
    for (const face of card?.faces ?? []) {
      for (const n of [...face.abilities, ...face.triggers, ...face.statics, ...face.replacements]) node(n);
      for (const sv of Object.values(face.svars)) if (sv.node) node(sv.node);
    }
  }
  return [...out].sort();
}

function objectsInZones(g: G): GameObject[] {
  const out: GameObject[] = [];
  for (const pile of Object.keys(g.s.zones).sort()) for (const id of g.s.zones[pile]!) out.push(g.s.objects[id]!);
  return out;
}

/** Runs `f` with fresh unsupported/pending/delayed lists, returning what it added and restoring the state. */
function sandboxed(g: G, f: () => unknown): { value: unknown; unsupported: string[]; pending: string } {
  const [unsupported, pending, delayed] = [g.unsupported, g.s.pending, g.s.delayed];
  g.unsupported = new Set();
  g.s.pending = [];
  let value: unknown;
  try {
    value = f();
  } catch (e) {
    value = `threw ${(e as Error).message}`;
  }
  const out = { value, unsupported: [...g.unsupported].sort(), pending: JSON.stringify(g.s.pending) };
  [g.unsupported, g.s.pending, g.s.delayed] = [unsupported, pending, delayed];
  return out;
}

function checkSelectors(g: G, selectors: readonly string[]): number {
  let checks = 0;
  const objects = objectsInZones(g);
  const hosts = [0, ...g.s.zones['battlefield']!.slice(0, 2)];
  // What each side records as unsupported, kept apart and compared at the end.
  const saved = g.unsupported;
  const [byInterpreter, byCompiled] = [new Set<string>(), new Set<string>()];
  const mismatches: unknown[] = [];
  const both = (what: unknown, old: () => boolean, now: () => boolean): void => {
    g.unsupported = byInterpreter;
    const a = old();
    g.unsupported = byCompiled;
    const b = now();
    if (a !== b) mismatches.push(what);
    checks++;
  };
  try {
    for (const host of hosts) {
      for (const you of [0, 1] as const) {
        const run: Run = { g, you, host };
        for (const sel of selectors) {
          if (canMatchCards(sel) !== interpreted.canMatchCards(sel) || canMatchPlayers(sel) !== interpreted.canMatchPlayers(sel)) mismatches.push(sel);
          for (const seat of [0, 1] as const) {
            both(
              { sel, seat, host, you },
              () => interpreted.matchesPlayer(run, sel, seat),
              () => matchesPlayer(run, sel, seat),
            );
          }
          for (const o of objects) {
            both(
              { sel, card: o.card, id: o.id, host, you },
              () => interpreted.matchesCard(run, sel, interpreted.seen(run, o)),
              () => matchesCard(run, sel, seen(run, o)),
            );
          }
        }
      }
    }
  } finally {
    g.unsupported = saved;
  }
  expect(mismatches).toEqual([]);
  expect([...byCompiled].sort()).toEqual([...byInterpreter].sort());
  return checks;
}

/** Events of every kind the engine raises, about the objects in play now. */
function events(g: G): Array<{ data: TriggerData; lookback: Lki[] }> {
  const out: Array<{ data: TriggerData; lookback: Lki[] }> = [];
  const seats = [0, 1] as const;
  for (const p of seats) {
    out.push({ data: { mode: 'Phase', player: p }, lookback: [] });
    out.push({ data: { mode: 'AttackersDeclared', player: p }, lookback: [] });
    out.push({ data: { mode: 'LifeLost', player: p, amount: 2 }, lookback: [] });
  }
  out.push({ data: { mode: 'Always' }, lookback: [] });
  const all = objectsInZones(g).filter((o) => o.zone !== 'library');
  for (const o of all) {
    const l = lkiOf(g, o);
    const p = l.controller;
    out.push({ data: { mode: 'ChangesZone', card: l, origin: o.zone, destination: 'graveyard', cause: null }, lookback: o.zone === 'battlefield' ? [l] : [] });
    out.push({ data: { mode: 'ChangesZone', card: l, origin: 'hand', destination: 'battlefield', cause: null }, lookback: [] });
    out.push({ data: { mode: 'Drawn', card: l, player: p }, lookback: [] });
    out.push({ data: { mode: 'SpellCast', card: l, player: p, spell: o.id }, lookback: [] });
    out.push({ data: { mode: 'Taps', card: l }, lookback: [] });
    out.push({ data: { mode: 'Cycled', card: l }, lookback: [] });
    out.push({ data: { mode: 'BecomesTarget', target: { card: o.id, inc: o.inc }, source: l, sourceType: 'spell', firstTime: true }, lookback: [] });
    out.push({ data: { mode: 'Attacks', attacker: l, card: l, defender: p === 0 ? 1 : 0 }, lookback: [] });
    out.push({ data: { mode: 'DamageDone', source: l, target: { player: p }, amount: 2, combat: true }, lookback: [] });
    out.push({ data: { mode: 'LifeGained', player: p, amount: 1, source: l }, lookback: [] });
  }
  return out;
}

function checkTriggers(g: G): number {
  let checks = 0;
  for (const e of events(g)) {
    const a = sandboxed(g, () => scanRaise(g, e.data, e.lookback));
    const b = sandboxed(g, () => raise(g, e.data, e.lookback));
    expect(b, JSON.stringify(e.data.mode)).toEqual(a);
    if (a.pending !== '[]') checks++;
  }
  return checks;
}

const shape = (list: readonly ActiveStatic[]): unknown => list.map((s) => [s.host.id, s.controller, s.ref.key, s.run.you, s.run.host]);

function checkStatics(g: G): number {
  const modes = new Set<string>(['CantAttack', 'CantBlockBy', 'CantBeCast', 'RaiseCost', 'ReduceCost', 'CantPlayLand', 'CantBeActivated', 'Continuous']);
  for (const o of Object.values(g.s.objects))
    for (const face of (o && cardNamed(g.registry, o.card))?.faces ?? []) for (const n of face.statics) modes.add(n.head);
  let found = 0;
  for (const mode of [...modes].sort()) {
    for (const extra of [false, true]) {
      const a = scanStatics(g, mode, extra);
      expect(shape(activeStatics(g, mode, extra)), `${mode} ${extra}`).toEqual(shape(a));
      found += a.length;
    }
  }
  return found;
}

describe('compiled lookups', needsCorpus('forge-cards', 'deepscry-decks'), () => {
  it('give what the interpreter gave: selectors, pending triggers in order, active statics, over real games', () => {
    const registry = realRegistry();
    const decks = targetDecks().slice(0, 12);
    let selectorChecks = 0;
    let triggerChecks = 0;
    let staticsFound = 0;
    for (let i = 0; i < 3; i++) {
      const game = createGame({ registry, decks: [decks[(i * 5) % decks.length]!.main, decks[(i * 7 + 3) % decks.length]!.main], seed: `compiled${i}` });
      const ctl: [Controller, Controller] = [randomController(`c${i}a`), randomController(`c${i}b`)];
      const selectors = selectorsOf(game);
      for (let k = 0; game.pending() && k < 330; k++) {
        const g = game.internals;
        if (k % 150 === 60) selectorChecks += checkSelectors(g, k === 60 ? selectors : selectors.filter((_, j) => j % 4 === 0));
        // Often: the indexes are kept from version to version while nothing they hold changed.
        if (k % 15 === 7) {
          triggerChecks += checkTriggers(g);
          staticsFound += checkStatics(g);
        }
        const p = game.pending()!;
        game.choose(ctl[p.seat].choose(game.view(p.seat), p));
      }
    }
    // The games reached states where the lookups had something to find.
    expect(selectorChecks).toBeGreaterThan(10_000);
    expect(triggerChecks).toBeGreaterThan(5);
    expect(staticsFound).toBeGreaterThan(0);
  }, 600_000);

  it("queue the triggers of one event in zone order, each source's in order, look-back sources first", () => {
    const forests = Array.from({ length: 10 }, () => 'Forest');
    const game = board(
      { battlefield: ['Blood Artist', 'Soul Warden', 'Zulaport Cutthroat', 'Grizzly Bears'], graveyard: ['Akuta, Born of Ash'], library: forests },
      { battlefield: ['Blood Artist', 'Soul Warden'], library: forests },
      { registry: realRegistry() },
    );
    const g = game.internals;
    const named = (name: string, seat: 0 | 1): GameObject =>
      g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).find((o) => o.card === name && o.owner === seat)!;
    const dies = (o: GameObject): { data: TriggerData; lookback: Lki[] } => {
      const l = lkiOf(g, o);
      return { data: { mode: 'ChangesZone', card: l, origin: 'battlefield', destination: 'graveyard', cause: null }, lookback: [l] };
    };
    const enters = (o: GameObject): { data: TriggerData; lookback: Lki[] } => ({
      data: { mode: 'ChangesZone', card: lkiOf(g, o), origin: 'hand', destination: 'battlefield', cause: null },
      lookback: [],
    });
    const queued = (e: { data: TriggerData; lookback: Lki[] }): string[] => {
      const a = sandboxed(g, () => scanRaise(g, e.data, e.lookback));
      const b = sandboxed(g, () => raise(g, e.data, e.lookback));
      expect(b).toEqual(a);
      return (JSON.parse(b.pending) as Array<{ source: number; trigger: string }>).map((t) => `${g.s.objects[t.source]!.owner}:${t.trigger}`);
    };
    // Both Blood Artists and the Cutthroat, in battlefield order.
    expect(queued(dies(named('Grizzly Bears', 0)))).toEqual(['0:Blood Artist|0|t|0', '0:Zulaport Cutthroat|0|t|0', '1:Blood Artist|0|t|0']);
    // The dying Blood Artist looks back (its own "dies" trigger, first), then the others.
    expect(queued(dies(named('Blood Artist', 0)))).toEqual(['0:Blood Artist|0|t|1', '0:Zulaport Cutthroat|0|t|0', '1:Blood Artist|0|t|0']);
    expect(queued(enters(named('Grizzly Bears', 0)))).toEqual(['0:Soul Warden|0|t|0', '1:Soul Warden|0|t|0']);
  });

  it('param: a node parameter by key as asked, case-insensitively, absent ones too', () => {
    const registry = realRegistry();
    const ref = tryResolveNode(registry, 'Lightning Bolt|0|a|0')!;
    expect(param(ref, 'NumDmg')).toBe('3');
    expect(param(ref, 'numdmg')).toBe('3');
    expect(param(ref, 'NumDmg')).toBe('3');
    expect(param(ref, 'NoSuchParam')).toBeUndefined();
    expect(param(ref, 'NoSuchParam')).toBeUndefined();
    expect(param(ref.node, 'NUMDMG')).toBe('3');
    expect(param(ref.node, 'toString')).toBeUndefined();
    expect(param(ref, 'constructor')).toBeUndefined();
  });
});

describe('phase lists read once', () => {
  it('name the same steps as reading the list each time did: names, ranges, open ranges, any case', () => {
    const steps = (text: string): string[] => STEPS.filter((s) => inPhases(s, text));
    expect(steps('Upkeep')).toEqual(['upkeep']);
    expect(steps('Upkeep->BeginCombat')).toEqual(['upkeep', 'draw', 'main1', 'beginCombat']);
    expect(steps('Declare Blockers->')).toEqual(['declareBlockers', 'combatDamage', 'endCombat', 'main2', 'end', 'cleanup']);
    expect(steps('End Of Turn')).toEqual(['end']);
    expect(steps(' Main1 , Main2 ')).toEqual(['main1', 'main2']);
    expect(steps('First Strike Damage->Combat Damage')).toEqual(['combatDamage']);
    expect(steps('Nowhere->Main2,Draw')).toEqual(['draw']);
    expect(steps('')).toEqual([]);
    // Asked again: the same answer from the list read once.
    expect(steps('Upkeep->BeginCombat')).toEqual(['upkeep', 'draw', 'main1', 'beginCombat']);
  });
});
