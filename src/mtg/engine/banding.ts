/**
 * Banding (CR 702.22). As attackers are declared the active player may put attacking creatures
 * in bands (702.22c, 508.1e): one or more with banding and at most one without, all attacking
 * the same player or planeswalker (702.22d). A band is blocked as a group (702.22h), and
 * banding changes who divides combat damage (702.22j–k): combat.ts asks them through its
 * `damage-assignment` point, freely rather than lethal damage first.
 *
 * Bands live on the combat (`CombatState.bands`, absent when none was formed, so a combat
 * without banding keeps its state byte for byte) and last for the rest of combat, whatever
 * happens to banding later (702.22e); a creature removed from combat leaves its band (702.22f):
 * members are always read against the attackers still in combat.
 *
 * Not implemented: "bands with other" (702.22b–c, its quality-sharing bands and damage rule),
 * and an effect that makes one member of a band blocked making the whole band blocked (702.22i).
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import type { G } from './context.js';
import { chars, hasKeyword } from './layers.js';
import { registerPrimitive } from '../cards/index.js';
import type { CombatState, GameObject } from './types.js';

registerPrimitive('kw:Banding');

function banding(g: G, id: number): boolean {
  const o = g.s.objects[id];
  return o !== null && o !== undefined && o.zone === 'battlefield' && hasKeyword(g, o, 'Banding');
}

/**
 * The attacking player forms bands (CR 702.22c, 508.1e): for each attacker with banding not yet
 * in a band, in the order they were declared, the other attackers to band with it, one at a
 * time (a `choose` point: `choose NAME` in a script; option 0 is "done"). Asked only when there is a band to form.
 * @example
 * ```ts
 * yield* declareBands(g, g.s.active, combat);
 * ```
 */
export function* declareBands(g: G, seat: Seat, combat: CombatState): Gen<void> {
  if (combat.attackers.length < 2 || !combat.attackers.some((a) => banding(g, a.id))) return;
  const bandOfId = new Map<number, number[]>();
  const bands: number[][] = [];
  for (const lead of combat.attackers) {
    if (!banding(g, lead.id) || bandOfId.has(lead.id)) continue;
    const band = [lead.id];
    for (;;) {
      const hasOther = band.some((id) => !banding(g, id));
      const joinable = combat.attackers.filter(
        (a) =>
          !band.includes(a.id) &&
          !bandOfId.has(a.id) &&
          // 702.22d: the same player or planeswalker.
          a.defender === lead.defender &&
          a.planeswalker === lead.planeswalker &&
          // 702.22c: any number with banding, up to one without.
          (banding(g, a.id) || !hasOther),
      );
      if (joinable.length === 0) break;
      const leadName = chars(g, g.s.objects[lead.id]!).name;
      const opts: Opt[] = [{ label: `done banding with ${leadName}`, action: { verb: 'done' } }];
      for (const a of joinable) {
        const name = chars(g, g.s.objects[a.id]!).name;
        opts.push({ label: `band ${name} with ${leadName}`, action: { verb: 'choose', card: cardRef(a.id, name) } });
      }
      const k = yield* ask(g, seat, 'choose', `Turn ${g.s.turn}: which attacker joins ${leadName}'s band (CR 702.22c)?`, opts);
      if (k === 0) break;
      band.push(joinable[k - 1]!.id);
    }
    if (band.length < 2) continue;
    for (const id of band) bandOfId.set(id, band);
    bands.push(band);
  }
  if (bands.length > 0) combat.bands = bands;
}

/**
 * The other attackers still in combat banded with `id` (CR 702.22f).
 * @example
 * ```ts
 * bandMates(combat, benalishHero.id); // [grizzlyBears.id]
 * ```
 */
export function bandMates(combat: CombatState, id: number): number[] {
  const band = combat.bands?.find((b) => b.includes(id));
  if (!band) return [];
  return band.filter((x) => x !== id && combat.attackers.some((a) => a.id === x));
}

/**
 * CR 702.22h: a creature blocking one member of a band blocks every member of it (the band is
 * blocked as a group). Called once the defending player's declaration is legal.
 * @example
 * ```ts
 * blockBands(combat);
 * ```
 */
export function blockBands(combat: CombatState): void {
  if (!combat.bands) return;
  for (const x of [...combat.blocks]) {
    for (const mate of bandMates(combat, x.attacker)) {
      if (!combat.blocks.some((y) => y.blocker === x.blocker && y.attacker === mate)) combat.blocks.push({ blocker: x.blocker, attacker: mate });
    }
  }
}

/**
 * Who divides an attacking creature's combat damage (CR 702.22j): the defending player when a
 * creature with banding blocks it, freely among its blockers; otherwise null (its controller, 510.1c).
 * @example
 * ```ts
 * attackerDivider(g, combat, attacker, blockers); // 1 when a Benalish Hero of p2 blocks it
 * ```
 */
export function attackerDivider(g: G, attacker: GameObject, blockers: readonly GameObject[]): Seat | null {
  const blocker = blockers.find((b) => hasKeyword(g, b, 'Banding'));
  return blocker ? chars(g, blocker).controller : null;
}

/**
 * Who divides a blocking creature's combat damage (CR 702.22k): the active player when it blocks
 * a creature with banding, freely among the creatures it blocks; otherwise null (its controller, 510.1d).
 * @example
 * ```ts
 * blockerDivider(g, attackers); // 0 when it blocks p1's band
 * ```
 */
export function blockerDivider(g: G, attackers: readonly GameObject[]): Seat | null {
  const attacker = attackers.find((a) => hasKeyword(g, a, 'Banding'));
  return attacker ? chars(g, attacker).controller : null;
}
