/**
 * Zones are the SDK table's piles (docs/table-and-search.md): each library is a hidden `deck`,
 * each hand a `hand` its owner sees, and the battlefield, graveyards, exile and stack are
 * `spread`s everyone sees. The table is the authority on which pile holds a card and who may
 * see its face; `state.zones` mirrors it for fast reads, and every move goes through
 * {@link moveObject}, which moves the card on the table, logs the reveal (before the move, as
 * the reference's RevealCard rule says) and the move, and updates the mirror.
 */
import { StoryletError } from '../../core/errors.js';
import { createTable, type TableSnapshot } from '../../index.js';
import type { Seat } from './choice.js';
import { invariant, newId, nextTick, touch, touchMoved, type G } from './context.js';
import type { GameObject, Ref, TokenDef, Zone } from './types.js';

/**
 * A zone as card scripts name it (`ActivationZone$ Graveyard`, `TriggerZones$ Battlefield`,
 * `Destination$ Exile`). The void, where the engine keeps objects outside the game, is a zone no
 * script names.
 */
export const ZONE_NAMES: Record<Zone, string> = {
  library: 'Library',
  hand: 'Hand',
  battlefield: 'Battlefield',
  graveyard: 'Graveyard',
  exile: 'Exile',
  stack: 'Stack',
  command: 'Command',
  void: 'None',
  // Never named by a script: a phased-out permanent is in no zone a script can look at (CR 702.26b).
  phased: 'PhasedOut',
};

/** The table seats of the two players, and the engine's own seat, which hosts the table. */
export const SEAT_NAMES = ['p1', 'p2'] as const;
export const HOST = 'game';

/** What the logs call a face-down card where they would name it (CR 708.5: its face is hidden). */
export const FACE_DOWN_NAME = 'a face-down card';

/** Token slots are made in batches: the table has no way to add one card to an existing pile. */
const RESERVE_BATCH = 32;

/**
 * The pile that holds `zone` for `owner` (libraries, hands and graveyards are per player).
 *
 * @example
 * ```ts
 * pileId('hand', 1); // 'hand-1'
 * pileId('battlefield', 0); // 'battlefield'
 * ```
 */
export function pileId(zone: Zone, owner: Seat): string {
  return PER_PLAYER_PILES[zone]?.[owner] ?? zone;
}

/** The zones each player has one of (CR 400.1), by seat: their piles' names. */
const PER_PLAYER_PILES: Partial<Record<Zone, readonly [string, string]>> = {
  library: ['library-0', 'library-1'],
  hand: ['hand-0', 'hand-1'],
  graveyard: ['graveyard-0', 'graveyard-1'],
};

const PILE_NAMES: Record<string, string> = {
  battlefield: 'the battlefield',
  exile: 'exile',
  stack: 'the stack',
  void: 'out of the game',
  command: 'the command zone',
};

/**
 * Makes the table and its piles, holding the given objects (ids, top first).
 * @example
 * ```ts
 * createZones(g, { 'library-0': [1, 2, 3], 'library-1': [4, 5, 6] });
 * ```
 */
export function createZones(g: G, initial: Record<string, number[]>): void {
  const table = createTable({ seed: `${g.config.seed}/table`, host: HOST, seats: [...SEAT_NAMES, HOST] });
  g.table = table;
  const tid = (id: number): string => g.s.objects[id]!.tid;
  for (const seat of [0, 1] as Seat[]) {
    const who = SEAT_NAMES[seat];
    table.addPile({
      id: pileId('library', seat),
      name: `Library of ${who}`,
      kind: 'deck',
      owner: who,
      cards: (initial[pileId('library', seat)] ?? []).map(tid),
    });
    table.addPile({ id: pileId('hand', seat), name: `Hand of ${who}`, kind: 'hand', owner: who, cards: (initial[pileId('hand', seat)] ?? []).map(tid) });
    table.addPile({
      id: pileId('graveyard', seat),
      name: `Graveyard of ${who}`,
      kind: 'spread',
      owner: who,
      cards: (initial[pileId('graveyard', seat)] ?? []).map(tid),
    });
  }
  for (const zone of ['battlefield', 'exile', 'stack', 'command'] as const) {
    table.addPile({ id: zone, name: PILE_NAMES[zone]!, kind: 'spread', cards: (initial[zone] ?? []).map(tid) });
  }
  table.addPile({ id: 'void', name: PILE_NAMES.void!, kind: 'spread', visibleTo: 'no-one' });
  g.s.zones = {};
  for (const seat of [0, 1] as Seat[]) {
    for (const zone of ['library', 'hand', 'graveyard'] as const) g.s.zones[pileId(zone, seat)] = [...(initial[pileId(zone, seat)] ?? [])];
  }
  for (const zone of ['battlefield', 'exile', 'stack', 'command', 'void']) g.s.zones[zone] = [...(initial[zone] ?? [])];
}

/**
 * Gives a restored or forked game its table: one made as {@link createZones} makes it, then
 * holding the saved table's whole state (piles, visibility, its random stream).
 * @example
 * ```ts
 * restoreTable(copy, game.internals.table.snapshot());
 * ```
 */
export function restoreTable(g: G, snapshot: TableSnapshot): void {
  const table = createTable({ seed: `${g.config.seed}/table`, host: HOST, seats: [...SEAT_NAMES, HOST] });
  table.restore(snapshot);
  g.table = table;
}

/** Who may see a card's face in a zone (the pile kinds' defaults). */
function audience(zone: Zone, owner: Seat): Seat[] {
  if (zone === 'library' || zone === 'void') return [];
  if (zone === 'hand') return [owner];
  return [0, 1];
}

/** Moves a card on the table instead of `table.move` (a search session's `take`). */
export type Mover = (tid: string, fromPile: string, toPile: string, at: number) => void;

/** Where a card goes in its new pile. */
export type Position = 'top' | 'bottom' | number;

/**
 * Moves an object's card between zones on the table: reveal (to whoever newly sees it) first,
 * then the move, then the mirror. Changing zones makes it a new object (CR 400.7): its
 * incarnation is bumped and its per-object state reset. Returns nothing; callers take LKI first.
 * @example
 * ```ts
 * moveObject(g, card, 'hand'); // revealed to its owner, then moved
 * ```
 */
export function moveObject(g: G, o: GameObject, to: Zone, position: Position = 'top', controller?: Seat, mover?: Mover, exileFaceDown = false): void {
  const from = o.zone;
  const fromPile = pileId(from, o.owner);
  const toPile = pileId(to, o.owner);
  // A card set face down before it moves to the stack or the battlefield stays face down there,
  // and only its controller may look at it (CR 708.5); a face-down card leaving for any other
  // zone is revealed to everyone (CR 708.9). A card exiled face down is not (CR 406.3a): leaving
  // exile for the battlefield it is put there face up.
  const staysDown = o.faceDown && from !== 'exile' && (to === 'battlefield' || to === 'stack');
  // Exiled face down (CR 406.3): no one is shown its face by the move; a seat that had looked at
  // it before (Gonti's controller, who chose it) may go on looking at it, the others may not.
  const goesDown = exileFaceDown && to === 'exile' && !o.token;
  const wasDown = o.faceDown && !staysDown && from !== 'exile';
  const faceSeats: Seat[] = goesDown ? [] : staysDown ? [controller ?? o.controller] : wasDown ? [0, 1] : audience(to, o.owner);
  const seen = faceSeats.filter((s) => !o.known[s]);
  if (seen.length > 0 && !o.token) logReveal(g, o, seen);
  const name = o.token ? o.token.name : o.card;
  const list = g.s.zones[toPile]!;
  const last = list.length - (fromPile === toPile ? 1 : 0);
  // "Nth from the top" in a pile with fewer cards goes to the bottom (Approach of the Second Sun's
  // seventh from the top in a short library).
  const at = position === 'top' ? 0 : position === 'bottom' ? last : Math.min(position, last);
  try {
    if (mover) mover(o.tid, fromPile, toPile, at);
    else g.table.move(o.tid, fromPile, toPile, at);
  } catch (error) {
    if (error instanceof StoryletError && error.code.startsWith('table/'))
      invariant(g, `card ${o.id} (${name}) is not where the engine put it: ${error.message}`);
    throw error;
  }
  const fromList = g.s.zones[fromPile]!;
  const index = fromList.indexOf(o.id);
  if (index < 0) invariant(g, `card ${o.id} (${name}) missing from ${fromPile}`);
  fromList.splice(index, 1);
  list.splice(at, 0, o.id);
  g.actions.push({ type: 'MoveCard', card: o.id, name: staysDown || goesDown ? FACE_DOWN_NAME : name, from, to, owner: o.owner });
  for (const s of faceSeats) o.known[s] = true;
  if (to === 'library') o.known = [false, false];
  const manifested = o.manifested;
  const inc = o.inc;
  if (from !== to) resetObject(g, o, to, controller);
  if (from !== to && g.s.zones['command']!.length > 0) forgetMoved(g, o.id, inc, from, to);
  if (staysDown) {
    o.faceDown = true;
    if (manifested) o.manifested = true;
    // The table shows the card's face to everyone in a public pile: the other seat is told only
    // that a face-down card is there (view.ts describes it as the 2/2 it is, CR 708.2), and no
    // longer knows which card it is.
    const other = (controller ?? o.controller) === 0 ? 1 : 0;
    g.table.hide(o.tid, [SEAT_NAMES[other]]);
    o.known[other] = false;
  }
  if (goesDown) {
    o.faceDown = true;
    const unseen = ([0, 1] as Seat[]).filter((s) => !o.known[s]);
    if (unseen.length > 0)
      g.table.hide(
        o.tid,
        unseen.map((s) => SEAT_NAMES[s]),
      );
  }
  // Only the battlefield's and the command zone's objects apply statics (layers.ts).
  if (from === 'battlefield' || from === 'command' || to === 'battlefield' || to === 'command') touch(g);
  else touchMoved(g, o.id);
}

/**
 * Effect objects that watch their remembered cards (Forge's EffectEffect, SpellAbilityEffect's
 * forget and exile triggers): with `ForgetOnMoved$ <zone>` a remembered card that leaves the zone
 * (for anywhere but the stack) is forgotten, and the effect ends once it remembers no card; with
 * `ExileOnMoved$ <zone>` the effect ends as soon as one leaves it. The card that moved is a new
 * object anyway (CR 400.7); this ends what the effect still did besides (Act on Impulse's "you
 * may play them this turn" once they are all gone, Avacyn's shield once its creature left).
 */
function forgetMoved(g: G, id: number, inc: number, from: Zone, to: Zone): void {
  for (const eid of [...g.s.zones['command']!]) {
    const e = g.s.objects[eid]!;
    const fx = e.effect;
    if (!fx || (fx.forgetOnMoved !== from && fx.exileOnMoved !== from)) continue;
    const isIt = (r: Ref): boolean => 'card' in r && r.card === id && (r.inc === inc || r.lki?.inc === inc);
    if (!e.remembered.some(isIt)) continue;
    if (fx.exileOnMoved === from) {
      endEffectObject(g, eid);
      continue;
    }
    if (to === 'stack') continue;
    e.remembered = e.remembered.filter((r) => !isIt(r));
    touch(g);
    if (!e.remembered.some((r) => 'card' in r)) endEffectObject(g, eid);
  }
}

/**
 * Removes an effect object from the command zone: it leaves the game for good.
 *
 * @example
 * ```ts
 * endEffectObject(g, effect.id); // Act on Impulse's effect, once every exiled card is gone
 * ```
 */
export function endEffectObject(g: G, id: number): void {
  const o = g.s.objects[id];
  if (!o || o.zone !== 'command') return;
  g.table.move(o.tid, 'command', 'void', 'bottom');
  g.s.zones['command'] = g.s.zones['command']!.filter((x) => x !== id);
  g.s.zones['void']!.push(id);
  o.zone = 'void';
  touch(g);
}

/**
 * Writes a RevealCard entry: `to` learn which card `o` is, before the action that uses it (the
 * reference's RevealCard rule). Every reveal goes through here, so that a replicated copy hears of
 * it at that point (the golden sends the face to those seats' shadows, a shadow binds it).
 *
 * @example
 * ```ts
 * if (!o.known[seat]) logReveal(g, o, [seat]);
 * ```
 */
export function logReveal(g: G, o: GameObject, to: Seat[]): void {
  g.replica?.reveal(g, o, to);
  g.actions.push({ type: 'RevealCard', card: o.id, name: o.card, to });
}

/**
 * Reveals a card to both players (CR 701.16a): logged (by {@link logReveal}) unless both know it
 * already, or every time with `logAgain` (a Reveal effect's reveal is written each time it
 * happens), and shown by the table to anyone from now on.
 *
 * @example
 * ```ts
 * revealToAll(g, splicedCard); // Splice reveals it from the hand, where it stays
 * ```
 */
export function revealToAll(g: G, o: GameObject, logAgain = false): void {
  if (logAgain || !o.known[0] || !o.known[1]) logReveal(g, o, [0, 1]);
  o.known = [true, true];
  g.table.reveal(o.tid, 'anyone');
}

/**
 * Shows a card leaving a hidden zone to the seats its destination shows it to, now: before its
 * last-known information is taken or a replacement reads it (the RevealCard rule: a reveal comes
 * before any action that uses the card). The move then reveals nothing again.
 *
 * @example
 * ```ts
 * revealBeforeMove(g, card, 'graveyard'); // a discard: both seats learn it first
 * ```
 */
export function revealBeforeMove(g: G, o: GameObject, to: Zone): void {
  // A face-down card's reveals are the move's own (moveObject, CR 708.5).
  if (o.token || o.faceDown || (o.zone !== 'library' && o.zone !== 'hand')) return;
  const seen = audience(to, o.owner).filter((s) => !o.known[s]);
  if (seen.length === 0) return;
  logReveal(g, o, seen);
  for (const s of seen) o.known[s] = true;
}

/** A new object's state (CR 400.7): what carries over from the old one is chosen by the caller. */
function resetObject(g: G, o: GameObject, to: Zone, controller?: Seat): void {
  const from = o.zone;
  o.zone = to;
  o.inc++;
  o.tapped = false;
  o.damage = 0;
  o.deathtouched = false;
  o.counters = {};
  o.attachedTo = null;
  // A new object is attached to nothing (CR 400.7), a player no more than a permanent.
  delete o.attachedToPlayer;
  o.shields = 0;
  o.controller = controller ?? o.owner;
  o.lastController = o.controller;
  o.controlSince = nextTick(g);
  o.timestamp = g.s.tick;
  o.activations = {};
  o.copyOf = null;
  o.stored = {};
  o.damagedBy = [];
  o.skipNextUntap = false;
  o.faceDown = false;
  delete o.manifested;
  // A paired creature that leaves the battlefield is a new object, and its partner is unpaired (CR 702.95e, 400.7).
  if (o.pairedWith !== undefined) {
    const partner = g.s.objects[o.pairedWith];
    if (partner?.pairedWith === o.id) delete partner.pairedWith;
    delete o.pairedWith;
  }
  o.exiledWith = null;
  // A haunting card that leaves exile haunts nothing any more (CR 702.55b, 400.7).
  delete o.haunting;
  delete o.designations;
  if (from !== 'stack') {
    o.xPaid = 0;
    o.kicked = false;
    delete o.kickers;
    delete o.coloursSpent;
    delete o.manaSpent;
    delete o.manaGrants;
  }
  if (to !== 'battlefield' && to !== 'stack') {
    o.chosen = {};
    o.face = 0;
  }
  o.remembered = [];
  o.imprinted = [];
  delete o.spentTriggers;
  if (!(from === 'stack' && to === 'battlefield')) {
    o.cast = false;
    delete o.castFrom;
    delete o.castWay;
    delete o.exileIfToGraveyard;
    // Bestowed only as the spell and the Aura it becomes (CR 702.103b, 400.7).
    delete o.bestowed;
  }
  if (to === 'battlefield') o.enteredTurn = g.s.turn;
}

/**
 * Puts a new token onto the battlefield (CR 111.1). Its table card comes from a reserve of
 * face-down slots, since the table cannot add a card to an existing pile.
 * @example
 * ```ts
 * const soldier = createTokenObject(g, def, 0, 'Soldier');
 * ```
 */
export function createTokenObject(g: G, def: TokenDef, controller: Seat, card: string, zone: 'battlefield' | 'command' = 'battlefield'): GameObject {
  // Slot k lives in reserve pile ceil(k / RESERVE_BATCH); a new pile is laid out when one runs out.
  const slot = ++g.s.tokenSlots;
  const batch = Math.ceil(slot / RESERVE_BATCH);
  if ((slot - 1) % RESERVE_BATCH === 0) {
    const ids = Array.from({ length: RESERVE_BATCH }, (_, i) => `t${(batch - 1) * RESERVE_BATCH + i + 1}`);
    g.table.addPile({ id: `reserve-${batch}`, name: `token reserve ${batch}`, kind: 'spread', visibleTo: 'no-one', cards: ids });
  }
  const id = newId(g);
  const tick = nextTick(g);
  const o = blankObject({
    id,
    tid: `t${slot}`,
    card,
    token: def,
    owner: controller,
    controller,
    zone,
    controlSince: tick,
    timestamp: tick,
    known: [true, true],
    enteredTurn: g.s.turn,
  });
  g.s.objects[id] = o;
  g.table.move(o.tid, `reserve-${batch}`, zone, 'bottom');
  g.s.zones[zone]!.push(id);
  if (zone === 'battlefield') g.actions.push({ type: 'CreateToken', card: id, name: def.name, controller });
  touch(g);
  return o;
}

/**
 * Shuffles a player's library on the table (CR 701.20), with the table's seeded stream.
 *
 * @example
 * ```ts
 * shuffleLibrary(g, 1);
 * ```
 */
export function shuffleLibrary(g: G, seat: Seat): void {
  g.table.shuffle(pileId('library', seat));
  libraryShuffled(g, seat);
}

/**
 * What every library shuffle ends with, once the table has reordered the pile (a shuffle, a search
 * session's close): the faces are **rebound** to the objects. The objects keep their slots and
 * their order (an id names a slot, docs/mtg/network.md); the physical cards (table card, card
 * name, face, token) move with the table's permutation, and each object of the library becomes a
 * new object (CR 400.7: nothing that remembered a card in the library finds it after the shuffle).
 * No seat knows any face of a shuffled library. This is the one function for it: a copy that holds
 * no hidden randomness (a shadow) calls it on an unshuffled pile and only forgets faces.
 *
 * @example
 * ```ts
 * g.table.shuffle('library-0');
 * libraryShuffled(g, 0);
 * ```
 */
export function libraryShuffled(g: G, seat: Seat): void {
  const pile = pileId('library', seat);
  const ids = g.s.zones[pile]!;
  const byTid = new Map<string, GameObject>();
  for (const id of ids) byTid.set(g.s.objects[id]!.tid, g.s.objects[id]!);
  const cards = g.table.pile(pile).cards;
  if (cards.length !== ids.length) invariant(g, `pile ${pile} holds ${cards.length} cards on the table but ${ids.length} in the engine`);
  const faces = cards.map((t) => {
    const o = byTid.get(t);
    if (o === undefined) return invariant(g, `pile ${pile} holds card ${t} the engine did not put there`);
    return { tid: o.tid, card: o.card, face: o.face, token: o.token };
  });
  for (let i = 0; i < ids.length; i++) {
    const o = g.s.objects[ids[i]!]!;
    const f = faces[i]!;
    o.tid = f.tid;
    o.card = f.card;
    o.face = f.face;
    o.token = f.token;
    o.inc++;
    o.known = [false, false];
  }
  g.replica?.shuffled(g, ids);
  g.actions.push({ type: 'Shuffle', seat });
  touch(g);
}

/**
 * Checks that every pile on the table holds exactly what the engine's mirror says, and that
 * every live object is in the pile of its zone: a card in two zones, or none, is fatal.
 * @example
 * ```ts
 * checkZones(g); // throws mtg/invariant when a card is in two zones
 * ```
 */
export function checkZones(g: G): void {
  // The pile each object id was found in, by id (ids are small and dense).
  const seen: Array<string | undefined> = new Array<string | undefined>(g.s.objects.length);
  for (const pile in g.s.zones) {
    const ids = g.s.zones[pile]!;
    const cards = g.table.pile(pile).cards;
    if (cards.length !== ids.length) invariant(g, `pile ${pile} holds ${cards.length} cards on the table but ${ids.length} in the engine`);
    for (let i = 0; i < ids.length; i++) {
      const o = g.s.objects[ids[i]!];
      if (!o || o.tid !== cards[i]) invariant(g, `pile ${pile} position ${i} differs between the table and the engine`);
      const before = seen[o.id];
      if (before !== undefined) invariant(g, `card ${o.id} (${o.card}) is in two zones: ${before} and ${pile}`);
      seen[o.id] = pile;
      if (pile !== 'void' && pileId(o.zone, o.owner) !== pile) invariant(g, `card ${o.id} (${o.card}) is in ${pile} but the engine says ${o.zone}`);
    }
  }
  for (const o of g.s.objects) {
    if (o && seen[o.id] === undefined) invariant(g, `card ${o.id} (${o.card}) is in no zone`);
  }
}

/** The fields that differ between a card as a game starts and a token as it is created. */
export type ObjectBirth = Pick<
  GameObject,
  'id' | 'tid' | 'card' | 'token' | 'owner' | 'controller' | 'zone' | 'controlSince' | 'timestamp' | 'known' | 'enteredTurn'
>;

/**
 * A game object with every other field at its starting value. Keys keep one order, since the
 * state hash is taken over the state's JSON.
 *
 * @example
 * ```ts
 * const o = blankObject({ id, tid: `c${id}`, card: 'Forest', token: null, owner: 0, controller: 0, zone: 'library', controlSince: 0, timestamp: 0, known: [false, false], enteredTurn: 0 });
 * ```
 */
export function blankObject(b: ObjectBirth): GameObject {
  return {
    id: b.id,
    tid: b.tid,
    card: b.card,
    face: 0,
    token: b.token,
    owner: b.owner,
    controller: b.controller,
    zone: b.zone,
    tapped: false,
    controlSince: b.controlSince,
    lastController: b.controller,
    damage: 0,
    deathtouched: false,
    counters: {},
    attachedTo: null,
    timestamp: b.timestamp,
    inc: 1,
    copyOf: null,
    stored: {},
    shields: 0,
    remembered: [],
    imprinted: [],
    chosen: {},
    xPaid: 0,
    kicked: false,
    activations: {},
    known: b.known,
    enteredTurn: b.enteredTurn,
    cast: false,
    damagedBy: [],
    skipNextUntap: false,
    faceDown: false,
    effect: null,
    exiledWith: null,
  };
}
