/**
 * Replacements of a turn beginning (CR 614.10: skipping a turn is a replacement effect; CR
 * 614.1b "skip"). Today one card: Time Vault, "If you would begin your turn while Time Vault is
 * tapped, you may skip that turn instead. If you do, untap Time Vault." Forge writes that rule
 * as the card's `Text:` and implements it in its Java code by the card's name, so the compiler
 * marks the card `text:Time Vault`; the engine does the same, by name.
 */
import type { Seat } from './choice.js';
import { ask, type Gen } from './ask.js';
import { touch, type G } from './context.js';
import { chars } from './layers.js';
import { untapObject } from './actions.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('text:Time Vault');

const TIME_VAULT = 'Time Vault';

/**
 * Whether `seat` skips the turn it would begin now. Each tapped Time Vault it controls offers
 * the choice, in battlefield order; the first one taken untaps that Time Vault and replaces the
 * turn (a replacement applies once to an event, CR 616.1, so one skip per turn at most).
 *
 * @example
 * ```ts
 * if (yield* skipsTurn(g, next)) next = opponent(next); // the turn did not happen
 * ```
 */
export function* skipsTurn(g: G, seat: Seat): Gen<boolean> {
  // "Skip your next turn" (the `SkipTurn` effect, CR 614.10): used before any choice is offered.
  const p = g.s.players[seat];
  if ((p.turnsToSkip ?? 0) > 0) {
    if (--p.turnsToSkip! === 0) delete p.turnsToSkip;
    touch(g);
    return true;
  }
  for (const id of [...g.s.zones['battlefield']!]) {
    const o = g.s.objects[id]!;
    const c = chars(g, o);
    if (c.name !== TIME_VAULT || c.controller !== seat || !o.tapped) continue;
    const k = yield* ask(
      g,
      seat,
      'yes-no',
      `Skip your turn and untap ${c.name}?`,
      [
        { label: 'take the turn', action: { verb: 'no' } },
        { label: `skip the turn and untap ${c.name}`, action: { verb: 'yes' } },
      ],
      { about: { kind: 'skip-turn', source: { id: o.id, name: c.name }, controller: seat, effects: [] } },
    );
    if (k === 0) continue;
    untapObject(g, o);
    return true;
  }
  return false;
}
