/**
 * Actions taken from the opening hand (CR 103.6), `K:MayEffectFromOpeningHand:<SVar>[:<condition>]`:
 * once the mulligans are done, the starting player and then the other may, card by card, begin
 * the game with such a card on the battlefield (a Leyline, CR 103.6a; Gemstone Caverns only when
 * not playing first: `!PlayFirst`) or reveal it (a Chancellor, 103.6b: its SVar reveals it and
 * makes the effect that acts at the first upkeep). The SVar runs as an ability of the card,
 * controlled by its owner; each card may be used once.
 *
 * Hidden information (docs/mtg/network.md): whether a player is asked depends only on their
 * decklist, which both seats know, never on the hand. A player whose deck has such a card gets an
 * `opening-hand` decision (option 0 "done") until they are done, even with none in hand (then it
 * has the one option and is not asked); a shadow lists every card of the other seat's hand it
 * cannot see as a possible choice, and the card chosen is shown to it before the decision
 * (replica/harness.ts), as a card cast from a hand is.
 */
import type { Seat } from './choice.js';
import { ask, cardRef, type Gen, type Opt } from './ask.js';
import { keywordOf, nodeKey, svarBase, tryResolveNode, type NodeRef } from './cards.js';
import { opponent, type G } from './context.js';
import { chars } from './layers.js';
import { runAbility } from './resolve.js';
import { pileId } from './zones.js';
import { isHidden } from './replica/identity.js';
import type { GameObject } from './types.js';
import { registerPrimitive } from '../cards/index.js';

registerPrimitive('kw:MayEffectFromOpeningHand');

const KEYWORD = 'MayEffectFromOpeningHand';

/** Whether a decklist holds a card with an opening-hand action. */
function deckHasAction(g: G, deck: readonly string[]): boolean {
  return deck.some((name) => g.registry.get(name).faces.some((f) => f.keywords.some((k) => k.name === KEYWORD)));
}

/** The ability a card in `seat`'s opening hand may be used for now, or null. */
function openingAction(g: G, o: GameObject, seat: Seat): NodeRef | null {
  for (const k of chars(g, o).keywords) {
    const kw = keywordOf(k);
    if (kw.name !== KEYWORD || !kw.args[0]) continue;
    const condition = kw.args[1];
    if (condition === '!PlayFirst' && seat === g.s.first) continue;
    if (condition === 'PlayFirst' && seat !== g.s.first) continue;
    const base = svarBase(o);
    const ref = tryResolveNode(g.registry, nodeKey(base.card, base.face, 'v', kw.args[0]));
    if (ref) return ref;
  }
  return null;
}

/**
 * Offers every opening-hand action, the starting player first (CR 103.6).
 *
 * @example
 * ```ts
 * yield* openingHandActions(g); // Leyline of the Void may begin the game on the battlefield
 * ```
 */
export function* openingHandActions(g: G): Gen<void> {
  const decks = g.config.decks;
  if (!decks) return;
  for (const seat of [g.s.first, opponent(g.s.first)] as Seat[]) {
    if (!deckHasAction(g, decks[seat])) continue;
    const used = new Set<number>();
    for (;;) {
      const opts: Opt[] = [{ label: 'done', action: { verb: 'done' } }];
      const picks: Array<{ o: GameObject; ref: NodeRef | null }> = [];
      for (const id of g.s.zones[pileId('hand', seat)]!) {
        const o = g.s.objects[id]!;
        if (used.has(id)) continue;
        const ref = openingAction(g, o, seat);
        // A shadow cannot tell which of the other seat's cards it cannot see could be chosen.
        if (!ref && !(g.replica?.role === 'shadow' && isHidden(o))) continue;
        const name = chars(g, o).name;
        const label = !ref
          ? 'use a card from the opening hand'
          : ref.node.head === 'ChangeZone'
            ? `begin the game with ${name} on the battlefield`
            : `reveal ${name}`;
        opts.push({ label, action: { verb: 'choose', card: cardRef(o.id, name) } });
        picks.push({ o, ref });
      }
      const k = yield* ask(g, seat, 'opening-hand', 'Opening hand: begin the game with a card on the battlefield, or reveal one (CR 103.6)', opts);
      if (k === 0) break;
      const { o } = picks[k - 1]!;
      used.add(o.id);
      // In a shadow, the card's face was bound before this decision was answered.
      const ref = openingAction(g, o, seat);
      if (ref) yield* runAbility(g, { g, you: seat, host: o.id, ref }, null);
    }
  }
}
