/**
 * Phasing (CR 702.26). A phased-out permanent is treated as though it does not exist (702.26b),
 * yet it does not change zones (702.26d): it keeps its id, incarnation, counters, damage, tapped
 * state and attachments, and no zone-change trigger sees it go or come back.
 *
 * It is kept in a zone of its own, `phased` (a public pile of the table made the first time
 * anything phases out, so games without phasing keep their state and logs byte for byte), which
 * no script names: everything that looks at the battlefield (statics, selectors, counts, SBA,
 * combat, targets, which test the zone) simply does not see it, which is exactly 702.26b. What
 * it was when it phased out is on the object (`phased`): who controlled it (it phases in during
 * that player's untap step, 702.26a) and whether it went indirectly, with what it is attached to
 * (702.26g: it phases in only with that permanent).
 */
import type { Seat } from './choice.js';
import { touch, type G } from './context.js';
import { controllerOf, chars } from './layers.js';
import { lkiOf } from './actions.js';
import { raise } from './triggers.js';
import { SEAT_NAMES } from './zones.js';
import { registerPrimitive } from '../cards/index.js';
import type { GameObject } from './types.js';

registerPrimitive('kw:Phasing');

/** The pile (and zone) of phased-out permanents. */
const PILE = 'phased';

function pile(g: G): number[] {
  let ids = g.s.zones[PILE];
  if (!ids) {
    g.table.addPile({ id: PILE, name: 'phased out', kind: 'spread' });
    g.s.zones[PILE] = ids = [];
  }
  return ids;
}

/** The permanents attached to `id`, and those attached to them (an Aura on an Equipment), in battlefield order. */
function attachedTree(g: G, id: number, out: GameObject[]): void {
  for (const other of g.s.zones['battlefield']!) {
    const o = g.s.objects[other]!;
    if (o.attachedTo === id && !out.includes(o)) {
      out.push(o);
      attachedTree(g, o.id, out);
    }
  }
}

/** A face-down permanent's face stays its controller's alone wherever its card lies on the table (CR 708.5). */
function keepHidden(g: G, o: GameObject): void {
  if (o.faceDown) g.table.hide(o.tid, [SEAT_NAMES[o.controller === 0 ? 1 : 0]]);
}

/** CR 506.4: a permanent that phases out is removed from combat (702.26b); an attacker it blocked stays blocked (509.1h). */
function leaveCombat(g: G, id: number): void {
  const c = g.s.combat;
  if (!c) return;
  c.attackers = c.attackers.filter((a) => a.id !== id);
  delete c.order[String(id)];
  for (const key of Object.keys(c.order)) c.order[key] = c.order[key]!.filter((b) => b !== id);
  c.blocked = c.blocked.filter((b) => b !== id);
  c.blocks = c.blocks.filter((b) => b.blocker !== id && b.attacker !== id);
  c.dealtFirst = c.dealtFirst.filter((b) => b !== id);
}

/**
 * Phases permanents out (CR 702.26b), each with what is attached to it, indirectly (702.26g; an
 * object phasing out both ways phases out indirectly, 702.26h). Objects not on the battlefield
 * (already phased out, gone) are skipped.
 * @example
 * ```ts
 * phaseOut(g, [teferisImp]); // it and its Auras are treated as though they don't exist
 * ```
 */
export function phaseOut(g: G, objs: readonly GameObject[]): void {
  const direct = objs.filter((o) => o.zone === 'battlefield');
  if (direct.length === 0) return;
  const indirect: GameObject[] = [];
  for (const o of direct) attachedTree(g, o.id, indirect);
  const all = [...direct.filter((o) => !indirect.includes(o)), ...indirect];
  const seen = all.map((o) => ({ o, lki: lkiOf(g, o), controller: controllerOf(g, o) }));
  const ids = pile(g);
  for (const { o, controller } of seen) {
    leaveCombat(g, o.id);
    // 702.26f: an effect lasting "for as long as" it is on the battlefield (or tapped) can no
    // longer see it, and ends.
    g.s.effects = g.s.effects.filter(
      (e) => !((e.duration.until === 'host-leaves' || e.duration.until === 'host-untaps') && e.duration.host === o.id && e.duration.inc === o.inc),
    );
    g.table.move(o.tid, 'battlefield', PILE, 'bottom');
    keepHidden(g, o);
    const list = g.s.zones['battlefield']!;
    list.splice(list.indexOf(o.id), 1);
    ids.push(o.id);
    o.zone = 'phased';
    o.phased = { controller, indirect: indirect.includes(o) };
    g.actions.push({ type: 'Phase', card: o.id, out: true });
  }
  touch(g);
  for (const { o, lki } of seen) {
    g.events.push({ type: 'PhasedOut', card: o.id, name: lki.chars.name });
    // "Whenever CARDNAME phases out" (Teferi's Imp): it looks back at itself as it was (CR 603.10a style).
    raise(g, { mode: 'PhaseOut', card: lki }, [lki]);
  }
}

/**
 * Phases permanents in (CR 702.26c), each with what phased out indirectly with it (702.26g). An
 * indirectly phased Aura or Equipment named on its own is skipped. One that phased out directly
 * comes back attached to what it was attached to if that is on the battlefield, else unattached
 * (702.26i; the state-based actions then do the rest).
 * @example
 * ```ts
 * phaseIn(g, [teferisImp]);
 * ```
 */
export function phaseIn(g: G, objs: readonly GameObject[]): void {
  const direct = objs.filter((o) => o.zone === 'phased' && o.phased && !o.phased.indirect);
  if (direct.length === 0) return;
  const all: GameObject[] = [];
  const withAttached = (o: GameObject): void => {
    all.push(o);
    for (const id of g.s.zones[PILE] ?? []) {
      const a = g.s.objects[id]!;
      if (a.attachedTo === o.id && a.phased?.indirect && !all.includes(a)) withAttached(a);
    }
  };
  for (const o of direct) withAttached(o);
  const ids = pile(g);
  for (const o of all) {
    g.table.move(o.tid, PILE, 'battlefield', 'bottom');
    keepHidden(g, o);
    ids.splice(ids.indexOf(o.id), 1);
    g.s.zones['battlefield']!.push(o.id);
    o.zone = 'battlefield';
    delete o.phased;
    g.actions.push({ type: 'Phase', card: o.id, out: false });
  }
  for (const o of direct) {
    if (o.attachedTo === null) continue;
    const host = g.s.objects[o.attachedTo];
    if (!host || host.zone !== 'battlefield') o.attachedTo = null;
  }
  touch(g);
  for (const o of all) {
    g.events.push({ type: 'PhasedIn', card: o.id, name: chars(g, o).name });
    raise(g, { mode: 'PhaseIn', card: lkiOf(g, o) });
  }
}

/**
 * The phasing event of a player's untap step (CR 702.26a), before anything untaps: every
 * phased-in permanent with phasing they control phases out, and at the same time every
 * permanent that phased out directly under their control phases in. Those phasing in are
 * chosen before any phases out, so nothing does both.
 * @example
 * ```ts
 * phasingEvent(g, g.s.active);
 * ```
 */
export function phasingEvent(g: G, seat: Seat): void {
  const coming = (g.s.zones[PILE] ?? []).map((id) => g.s.objects[id]!).filter((o) => o.phased && !o.phased.indirect && o.phased.controller === seat);
  const going = g.s.zones['battlefield']!.map((id) => g.s.objects[id]!).filter((o) => controllerOf(g, o) === seat && chars(g, o).keywords.includes('Phasing'));
  if (coming.length === 0 && going.length === 0) return;
  phaseOut(g, going);
  phaseIn(g, coming);
}
