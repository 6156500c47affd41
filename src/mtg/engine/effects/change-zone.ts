/**
 * `ChangeZone`: moving cards between zones. From a hidden zone (a library or a hand, or with
 * `Hidden$ True`) the chooser picks up to `ChangeNum$` cards matching `ChangeType$`; a library
 * is searched through the table's private search session (`openSearch`), whose close shuffles it
 * (CR 701.19, 701.20). From a known zone the targets or `Defined$` cards move. Destinations:
 * the battlefield (`Tapped$`, `GainControl$`), a hand, a graveyard, exile, or a library at
 * `LibraryPosition$` (0 top, -1 bottom).
 */
import type { Seat } from '../choice.js';
import { ask, cardRef, type Gen, type Opt } from '../ask.js';
import { cardNamed, param } from '../cards.js';
import { touch, touchState, type G } from '../context.js';
import { attach, changeZone, lkiOf, type MoveOptions } from '../actions.js';
import { definedCards, definedPlayers } from '../defined.js';
import { canEnchant } from '../enchant.js';
import { chars, playerKeywords } from '../layers.js';
import { registerEffect, type ResolveRun } from '../resolve.js';
import { canMatchCards, objectMatches } from '../select.js';
import { evalNumber } from '../values.js';
import { isHidden, mayMatch } from '../replica/identity.js';
import { libraryShuffled, pileId, SEAT_NAMES, shuffleLibrary } from '../zones.js';
import type { GameObject, Ref, Zone } from '../types.js';
import { affectedCards, chooseCards, chooser, hostObject, randomOrder, randomPick, remember } from './util.js';
import { declareParamForms, registerPrimitive } from '../../cards/index.js';

// A player with `CantSearchLibrary` (Mindlock Orb's "Players can't search libraries", given by a
// static to players) finds nothing when an effect would have them search a library.
registerPrimitive('kw:CantSearchLibrary');
// `AttachedTo$` means something here only: a CopyPermanent's copy "attached to" is not made so.
declareParamForms('api:ChangeZone', 'ability', 'CopyPermanent', 'AttachedTo', () => false);

/**
 * Whether `seat` may search a library now. A search the player cannot make finds nothing; the
 * shuffle that follows it still happens when the card says "then shuffle", not when it says "if
 * you do, shuffle" (`ShuffleNonMandatory$`): the player did not search (as Forge plays it).
 */
function canSearchLibrary(g: G, seat: Seat): boolean {
  return !playerKeywords(g, seat).includes('CantSearchLibrary');
}

// Aven Mindcensor's "if an opponent would search a library, that player searches the top four
// cards of that library instead" (`LimitSearchLibrary`, given to players by a static): a
// replacement of the search (CR 614.1), still a search, so the library is shuffled after it.
registerPrimitive('kw:LimitSearchLibrary');
const LIMITED_SEARCH = 4;

/** The cards of a library (top first) that `seat` searches: all, or the top four under `LimitSearchLibrary`. */
function searchedPart<T>(g: G, seat: Seat, library: readonly T[]): readonly T[] {
  return playerKeywords(g, seat).includes('LimitSearchLibrary') ? library.slice(0, LIMITED_SEARCH) : library;
}

const ZONES: Record<string, Zone> = {
  Library: 'library',
  Hand: 'hand',
  Battlefield: 'battlefield',
  Graveyard: 'graveyard',
  Exile: 'exile',
  Stack: 'stack',
  Command: 'command',
};

function zonesOf(text: string | undefined): Zone[] {
  if (!text || text === 'All' || text === 'Any') return ['battlefield', 'graveyard', 'exile', 'hand', 'library', 'stack'];
  return text
    .split(',')
    .map((z) => ZONES[z.trim()])
    .filter((z): z is Zone => z !== undefined);
}

function destinationOptions(run: ResolveRun, dest: Zone, seat: Seat): MoveOptions & { shuffle: boolean } {
  const opts: MoveOptions & { shuffle: boolean } = { shuffle: false };
  if (dest === 'battlefield') {
    if (param(run.ref, 'Tapped') === 'True') opts.tapped = true;
    if (param(run.ref, 'GainControl') === 'True') opts.controller = seat;
    if (param(run.ref, 'Transformed') === 'True') opts.transformed = true;
    // The hosts `AttachedTo$` names are chosen before the move and attached after it (`attachHosts`).
    if (param(run.ref, 'AttachedTo') !== undefined) opts.attachedByCaller = true;
    // `WithCounters$ P1P1_1`: it enters with those counters (Otherworldly Journey's "+1/+1
    // counter on it"; entering with counters, CR 122.6, which counter replacements see).
    const withCounters = param(run.ref, 'WithCounters');
    if (withCounters !== undefined) {
      const sep = withCounters.lastIndexOf('_');
      const n = evalNumber(run, withCounters.slice(sep + 1));
      if (sep > 0 && n > 0) opts.counters = { [withCounters.slice(0, sep).toUpperCase()]: n };
    }
  }
  if (dest === 'library') {
    const pos = param(run.ref, 'LibraryPosition');
    const n = pos === undefined ? 0 : evalNumber(run, pos);
    opts.position = n < 0 ? 'bottom' : n;
    if (param(run.ref, 'Shuffle') === 'True') opts.shuffle = true;
  }
  if (dest === 'exile') opts.exiledWith = run.host;
  opts.cause = { card: run.host, inc: run.item?.sourceInc ?? 0 };
  return opts;
}

function* afterMove(run: ResolveRun, moved: GameObject[], before: Ref[]): Gen<void> {
  if (param(run.ref, 'RememberTargets') === 'True') followRememberedTargets(run, moved, before);
  if (param(run.ref, 'RememberChanged') === 'True')
    remember(
      run,
      moved.map((o) => ({ card: o.id, inc: o.inc })),
    );
  if (param(run.ref, 'RememberLKI') === 'True') remember(run, before);
  if (param(run.ref, 'Imprint') === 'True') {
    const h = hostObject(run);
    if (h) for (const o of moved) h.imprinted.push({ card: o.id, inc: o.inc });
    touch(run.g);
  }
  if (param(run.ref, 'ForgetOtherRemembered') === 'True') {
    const h = hostObject(run);
    if (h) h.remembered = moved.map((o) => ({ card: o.id, inc: o.inc }));
  }
}

/** Words `AttachedTo$` takes as a definition of cards (defined.ts) rather than as a selector. */
const ATTACH_DEFINED = /^(?:Self|Targeted|ParentTarget|Remembered|DelayTriggerRemembered|Imprinted|ChosenCard|Triggered[A-Za-z]*|Valid[A-Za-z]* .*)$/;

/**
 * `AttachedTo$`: an Aura or Equipment put onto the battlefield attached to an object the effect
 * names (CR 303.4f, 301.5): `Self`, `TriggeredCard`, `ParentTarget`, … or a selector of
 * permanents (`Creature.YouCtrl`), among which the player putting it there chooses. An Aura can
 * only be attached to what it could enchant; with nothing legal it stays where it is (CR 303.4g)
 * and is left out of the move (`null`). Anything else enters unattached (CR 303.4h): `undefined`.
 */
function* attachHost(run: ResolveRun, o: GameObject): Gen<GameObject | undefined | null> {
  const text = param(run.ref, 'AttachedTo');
  if (text === undefined) return undefined;
  const g = run.g;
  const c = chars(g, o);
  const aura = c.subtypes.includes('Aura');
  const equipment = c.subtypes.includes('Equipment');
  if (!aura && !equipment) return undefined;
  const named = ATTACH_DEFINED.test(text)
    ? definedCards(run, text)
        .map((x) => x.live)
        .filter((x): x is GameObject => x !== null)
    : g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((x) => objectMatches(run, text, x));
  // An Equipment equips only a creature (CR 301.5c), never itself.
  const legal = named.filter((h) => h.zone === 'battlefield' && h.id !== o.id && (aura ? canEnchant(g, o, h) : chars(g, h).cardTypes.includes('Creature')));
  if (legal.length === 0) return aura ? null : undefined;
  if (legal.length === 1) return legal[0];
  const [pick] = yield* chooseCards(g, run.you, `Choose what ${c.name} enters attached to`, legal, 1);
  return pick;
}

/**
 * The host each card to be put onto the battlefield enters attached to (`attachHost`), by object
 * id; an Aura with nothing legal to enchant is taken out of `cards` (it stays where it is).
 */
function* attachHosts(run: ResolveRun, cards: GameObject[]): Gen<Map<number, GameObject>> {
  const hosts = new Map<number, GameObject>();
  for (const o of [...cards]) {
    const h = yield* attachHost(run, o);
    if (h === null) cards.splice(cards.indexOf(o), 1);
    else if (h) hosts.set(o.id, h);
  }
  return hosts;
}

/** Attaches each moved card that is on the battlefield to the host chosen for it. */
function attachMoved(g: G, moved: GameObject[], hosts: Map<number, GameObject>): void {
  for (const o of moved) {
    const h = hosts.get(o.id);
    if (h && o.zone === 'battlefield' && h.zone === 'battlefield') attach(g, o, h);
  }
}

/**
 * `RememberTargets$` (resolve.ts) remembered the targets as the effect began, as the objects they
 * were. A target this same effect then moved is, for the abilities linked to it, the object it
 * became: "return each creature card exiled with Cold Storage" means the card in exile (CR 607.2a),
 * which is a new object (CR 400.7). The remembered ref follows it and keeps the target's last
 * known information, so a "that creature's power" read afterwards still sees it as it was.
 */
function followRememberedTargets(run: ResolveRun, moved: readonly GameObject[], before: readonly Ref[]): void {
  const host = hostObject(run);
  if (!host || moved.length === 0) return;
  host.remembered = host.remembered.map((r) => {
    if (!('card' in r)) return r;
    const was = before.find((b) => 'card' in b && b.card === r.card && b.inc === r.inc);
    const now = was && moved.find((o) => o.id === r.card);
    return was && 'card' in was && now && now.inc !== r.inc ? { card: now.id, inc: now.inc, ...(was.lki ? { lki: was.lki } : {}) } : r;
  });
  touch(run.g);
}

/**
 * Put onto the battlefield attacking (CR 506.3, 508.4): the creatures join the combat without
 * being declared (no attack triggers, no attack costs), attacking whom the attacker returned for
 * ninjutsu was attacking (CR 702.49c; the planeswalker only if it is still there), else the
 * opponent. Outside combat they are not attacking (CR 506.3). Also tokens created attacking
 * (token.ts, `TokenAttacking$`).
 *
 * @example
 * ```ts
 * enterAttacking(run, made); // the Angel token of Geist of Saint Traft joins the attack
 * ```
 */
export function enterAttacking(run: ResolveRun, moved: GameObject[]): void {
  const g = run.g;
  const combat = g.s.combat;
  if (!combat) return;
  const was = run.item?.returnedAttacker;
  for (const o of moved) {
    if (o.zone !== 'battlefield' || !chars(g, o).cardTypes.includes('Creature') || combat.attackers.some((a) => a.id === o.id)) continue;
    const controller = chars(g, o).controller;
    const defender = was && was.defender !== controller ? was.defender : controller === 0 ? 1 : 0;
    const planeswalker = was && was.planeswalker !== null && g.s.zones['battlefield']!.includes(was.planeswalker) ? was.planeswalker : null;
    combat.attackers.push({ id: o.id, defender, planeswalker });
  }
  touchState(g);
}

/**
 * Picks cards out of a hidden zone: up to `n`, fewer allowed unless mandatory (CR 701.19b). With
 * `differentNames` (`DifferentNames$ True`: Saheeli Rai's "up to three artifact cards with
 * different names"), a card chosen takes the cards of its name out of what is left (CR 201.2);
 * a card a replicated copy cannot see keeps its place, its name unknown to it.
 */
function* pick(g: G, seat: Seat, pool: GameObject[], n: number, mandatory: boolean, prompt: string, differentNames = false): Gen<GameObject[]> {
  const chosen: GameObject[] = [];
  let left = [...pool];
  while (chosen.length < n) {
    if (left.length === 0) {
      // A replicated copy that cannot see the cards offers the unknown ones (replica/): the
      // searcher's "nothing more" is sent to it as a decision, not asked of anyone here.
      if (g.replica) yield* ask(g, seat, 'search', prompt, [{ label: 'find nothing more', action: { verb: 'done' } }]);
      break;
    }
    const opts: Opt[] = left.map((o) => {
      const name = chars(g, o).name;
      return { label: name, action: { verb: 'choose', card: cardRef(o.id, name) } };
    });
    if (!mandatory || chosen.length > 0 || (g.replica?.role === 'shadow' && left.some(isHidden)))
      opts.unshift({ label: 'find nothing more', action: { verb: 'done' } });
    const k = yield* ask(g, seat, 'search', prompt, opts);
    if (opts.length === left.length + 1 && k === 0) break;
    const o = left[opts.length === left.length + 1 ? k - 1 : k]!;
    chosen.push(o);
    const name = chars(g, o).name;
    left = left.filter((x) => x !== o && !(differentNames && !isHidden(x) && chars(g, x).name === name));
  }
  return chosen;
}

function* hiddenOrigin(run: ResolveRun, origins: Zone[], dest: Zone): Gen<void> {
  const g = run.g;
  let owners: Seat[];
  const dp = param(run.ref, 'DefinedPlayer');
  if (param(run.ref, 'ValidTgts') !== undefined)
    owners = (run.item?.targets[run.pos ?? 0] ?? []).filter((t): t is { player: Seat } => 'player' in t).map((t) => t.player);
  else owners = dp !== undefined ? definedPlayers(run, dp) : [run.you];
  const type = param(run.ref, 'ChangeType') ?? 'Card';
  const n = param(run.ref, 'ChangeNum') === undefined ? 1 : evalNumber(run, param(run.ref, 'ChangeNum'));
  const mandatory = param(run.ref, 'Mandatory') === 'True';
  // "A card at random" (`AtRandom$`): nobody chooses; up to ChangeNum$ of the matching cards are
  // drawn from the game's random stream (as Forge picks them, one at a time among those left).
  const atRandom = param(run.ref, 'AtRandom') === 'True';
  function* choose(who: Seat, pool: GameObject[], prompt: string): Gen<GameObject[]> {
    if (atRandom) return randomPick(g, pool, n);
    return yield* pick(g, who, pool, n, mandatory, prompt, param(run.ref, 'DifferentNames') === 'True');
  }
  for (const owner of owners) {
    const who = chooser(run, run.you);
    const opts = destinationOptions(run, dest, run.you);
    const matches = (o: GameObject) => type === 'Card' || objectMatches(run, type, o);
    if (origins.length === 1 && origins[0] === 'library') {
      const pile = pileId('library', owner);
      if (!canSearchLibrary(g, who)) {
        if (param(run.ref, 'ShuffleNonMandatory') !== 'True' && param(run.ref, 'Shuffle') !== 'False') shuffleLibrary(g, owner);
        continue;
      }
      // A tutor: a private search session on the table layer; closing it shuffles the library.
      const session = g.table.openSearch(SEAT_NAMES[who], pile);
      const byTid = new Map(g.s.zones[pile]!.map((id) => [g.s.objects[id]!.tid, g.s.objects[id]!] as const));
      const library = session ? session.cards.map((t) => byTid.get(t)!).filter((o) => o !== undefined) : g.s.zones[pile]!.map((id) => g.s.objects[id]!);
      const seen = searchedPart(g, who, library);
      // The searcher sees the library's faces (a replicated copy is told: replica/); a shadow that
      // does not see them offers every unknown card, and takes the searcher's choice by id.
      if (session) g.replica?.peek(g, seen, who);
      const chosen = yield* choose(
        who,
        seen.filter((o) => mayMatch(g, o, matches)),
        `Search ${owner === who ? 'your' : "your opponent's"} library`,
      );
      const hosts = dest === 'battlefield' ? yield* attachHosts(run, chosen) : new Map<number, GameObject>();
      const before = chosen.map((o) => ({ card: o.id, inc: o.inc, lki: lkiOf(g, o) }));
      // Into a library (on top, after the shuffle): the move waits until the search is closed.
      const intoLibrary = dest === 'library';
      const tids = new Set(chosen.map((o) => o.tid));
      const order = new Map(chosen.map((o, i) => [o.tid, i] as const));
      let moved = intoLibrary
        ? []
        : yield* changeZone(g, chosen, dest, {
            ...opts,
            ...(session ? { mover: (tid: string, _from: string, to: string, at: number) => session.take(tid, to, at) } : {}),
          });
      if (session) {
        session.close();
        libraryShuffled(g, owner);
      } else if (param(run.ref, 'Shuffle') !== 'False') shuffleLibrary(g, owner);
      if (intoLibrary) {
        // The shuffle refills the library's objects with the cards in their new order (zones.ts
        // `libraryShuffled`), so the chosen cards are found again by their table id: otherwise
        // Congregation at Dawn would put whatever cards now sit in those objects on top.
        const after = g.s.zones[pile]!.map((id) => g.s.objects[id]!).filter((o) => tids.has(o.tid));
        after.sort((a, b) => order.get(a.tid)! - order.get(b.tid)!);
        moved = yield* changeZone(g, after, dest, opts);
      }
      attachMoved(g, moved, hosts);
      touch(g);
      yield* afterMove(run, moved, before);
      continue;
    }
    const pool: GameObject[] = [];
    for (const z of origins) {
      const ids = g.s.zones[pileId(z, owner)] ?? [];
      for (const id of z === 'library' ? searchedPart(g, who, ids) : ids) pool.push(g.s.objects[id]!);
    }
    const chosen = yield* choose(who, pool.filter(matches), `Choose a card to move to ${dest}`);
    const hosts = dest === 'battlefield' ? yield* attachHosts(run, chosen) : new Map<number, GameObject>();
    const before = chosen.map((o) => ({ card: o.id, inc: o.inc, lki: lkiOf(g, o) }));
    const moved = yield* changeZone(g, chosen, dest, opts);
    attachMoved(g, moved, hosts);
    if (origins.includes('library') && param(run.ref, 'Shuffle') !== 'False') shuffleLibrary(g, owner);
    yield* afterMove(run, moved, before);
  }
}

registerEffect(
  'ChangeZone',
  function* (run) {
    const g = run.g;
    const origins = zonesOf(param(run.ref, 'Origin'));
    const dest = ZONES[param(run.ref, 'Destination') ?? 'Battlefield'] ?? 'battlefield';
    // Forge's rule: a hidden origin (a library or a hand), or `Hidden$ True`, means choosing
    // unseen cards; `Defined$` or card targets name the cards instead.
    const tgts = param(run.ref, 'ValidTgts');
    const targetsCards = tgts !== undefined && canMatchCards(tgts);
    const hidden = param(run.ref, 'Hidden') === 'True' || origins.some((z) => z === 'library' || z === 'hand');
    if (hidden && param(run.ref, 'Defined') === undefined && !targetsCards) {
      yield* hiddenOrigin(run, origins, dest);
      return;
    }
    const named = affectedCards(run).filter((o) => param(run.ref, 'Origin') === undefined || origins.includes(o.zone));
    if (named.length === 0) return;
    // Named cards moved `AtRandom$` go in a random order (the older scripts' "put the rest on the
    // bottom of your library in a random order", CR 401.4: Aetherworks Marvel, Chaos Wand).
    const cards = param(run.ref, 'AtRandom') === 'True' && dest === 'library' ? randomOrder(g, named) : named;
    if (param(run.ref, 'Optional') === 'True' || param(run.ref, 'Optional') === 'You') {
      const k = yield* ask(g, run.you, 'yes-no', `Move ${cards.map((c) => chars(g, c).name).join(', ')}?`, [
        { label: 'no', action: { verb: 'no' } },
        { label: 'yes', action: { verb: 'yes' } },
      ]);
      if (k === 0) return;
    }
    // "Onto the battlefield transformed": a card that is not a double-faced card stays where it is
    // (CR 712.14a).
    if (dest === 'battlefield' && param(run.ref, 'Transformed') === 'True')
      for (const o of [...cards]) if (cardNamed(g.registry, o.card)?.layout !== 'transform') cards.splice(cards.indexOf(o), 1);
    const hosts = dest === 'battlefield' ? yield* attachHosts(run, cards) : new Map<number, GameObject>();
    const before = cards.map((o) => ({ card: o.id, inc: o.inc, lki: lkiOf(g, o) }));
    const opts = destinationOptions(run, dest, run.you);
    // A spell on the stack moved elsewhere stops being a spell (`Fizzle$`, which Forge needs to
    // say; here it is always so: CR 701.5 for countering is separate).
    for (const o of cards) if (o.zone === 'stack') g.s.stack = g.s.stack.filter((s) => !(s.kind === 'spell' && s.source === o.id));
    const moved = yield* changeZone(g, cards, dest, opts);
    attachMoved(g, moved, hosts);
    if (opts.shuffle) for (const seat of new Set(moved.map((o) => o.owner))) shuffleLibrary(g, seat);
    if (dest === 'battlefield' && param(run.ref, 'Attacking') === 'True') enterAttacking(run, moved);
    yield* afterMove(run, moved, before);
  },
  {
    reads: [
      'Origin',
      'Destination',
      'ValidTgts',
      'Defined',
      'ChangeType',
      'ChangeNum',
      'Hidden',
      'Mandatory',
      'DefinedPlayer',
      'Chooser',
      'LibraryPosition',
      'Tapped',
      'GainControl',
      'Shuffle',
      'RememberChanged',
      'RememberLKI',
      'Imprint',
      'Optional',
      'ForgetOtherRemembered',
      'ShuffleNonMandatory',
      'Attacking',
      'AttachedTo',
      'Fizzle',
      'Transformed',
      'WithCounters',
      'AtRandom',
      'DifferentNames',
    ],
  },
);

registerEffect(
  'ChangeZoneAll',
  function* (run) {
    const g = run.g;
    const origins = zonesOf(param(run.ref, 'Origin'));
    const dest = ZONES[param(run.ref, 'Destination') ?? 'Graveyard'] ?? 'graveyard';
    const type = param(run.ref, 'ChangeType') ?? 'Card';
    // `UseAllOriginZones$ True`: every player's zones, whatever the ability targets (Trial's
    // "all creatures blocking or blocked by target creature" are not the target's controller's).
    const all = param(run.ref, 'UseAllOriginZones') === 'True';
    const dp = all ? undefined : (param(run.ref, 'DefinedPlayer') ?? param(run.ref, 'Defined'));
    const owners: Seat[] = all
      ? [0, 1]
      : param(run.ref, 'ValidTgts') !== undefined
        ? (run.item?.targets[run.pos ?? 0] ?? []).filter((t): t is { player: Seat } => 'player' in t).map((t) => t.player)
        : dp !== undefined
          ? definedPlayers(run, dp)
          : [0, 1];
    const cards: GameObject[] = [];
    // "Search ... library for all ..." (`Search$ True`): the searching player (who activated it)
    // finds nothing there under CantSearchLibrary, and looks at each library's top four cards
    // only under LimitSearchLibrary; "then shuffle" still shuffles.
    const search = param(run.ref, 'Search') === 'True';
    for (const z of origins) {
      if (z === 'library' && search && !canSearchLibrary(g, run.you)) continue;
      const piles = z === 'battlefield' || z === 'exile' || z === 'stack' ? [z] : owners.map((s) => pileId(z, s));
      for (const pile of piles) {
        const ids = g.s.zones[pile] ?? [];
        for (const id of z === 'library' && search ? searchedPart(g, run.you, ids) : ids) {
          const o = g.s.objects[id]!;
          if ((z === 'battlefield' || z === 'exile') && !owners.includes(o.owner) && dp !== undefined) continue;
          if (type === 'Card' || objectMatches(run, type, o)) cards.push(o);
        }
      }
    }
    // `RandomOrder$`: into a library in a random order (CR 401.4; cascade's "on the bottom of your
    // library in a random order", CR 702.85a), from the game's random stream.
    const ordered = dest === 'library' && param(run.ref, 'RandomOrder') === 'True' ? randomOrder(g, cards) : cards;
    const before = ordered.map((o) => ({ card: o.id, inc: o.inc, lki: lkiOf(g, o) }));
    const opts = destinationOptions(run, dest, run.you);
    // `Fizzle$ True` (Summary Dismissal's "exile all other spells"): a spell's card moved off the
    // stack is no longer a spell there (CR 608.2b's "removed from the stack").
    if (param(run.ref, 'Fizzle') === 'True')
      for (const o of ordered) if (o.zone === 'stack') g.s.stack = g.s.stack.filter((s) => !(s.kind === 'spell' && s.source === o.id));
    const moved = yield* changeZone(g, ordered, dest, opts);
    if (dest === 'library' && (param(run.ref, 'Shuffle') === 'True' || opts.shuffle)) for (const seat of owners) shuffleLibrary(g, seat);
    yield* afterMove(run, moved, before);
  },
  {
    reads: [
      'Origin',
      'Destination',
      'ChangeType',
      'DefinedPlayer',
      'Defined',
      'ValidTgts',
      'Shuffle',
      'RememberChanged',
      'LibraryPosition',
      'RandomOrder',
      'UseAllOriginZones',
      'Fizzle',
      'Search',
    ],
  },
);
