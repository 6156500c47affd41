/**
 * Activating a mana ability (CR 605): it does not use the stack (CR 605.3b). Its cost is paid,
 * the mana is added to its controller's pool, and its sub-abilities (a painland's damage) happen
 * at once. A colour choice (`Produced$ Any`) is asked unless the caller (the automatic payer)
 * already knows which colour it needs.
 */
import type { Seat } from './choice.js';
import { ask, type Gen } from './ask.js';
import { param, resolveNode, svarNode } from './cards.js';
import { touchQuiet, type G, type Run } from './context.js';
import { manaOutput } from './mana.js';
import { payMana, payNonMana, nodeCost, manaOf } from './costs.js';
import { listening, raise } from './triggers.js';
import { lkiOf } from './actions.js';
import { emptyItem } from './stackitem.js';
import { runAbility } from './resolve.js';
import type { GameObject, ManaColour } from './types.js';
import { chars } from './layers.js';
import { manaGrant } from './mana-grants.js';

/**
 * Resolves the waiting `Static$ True` triggers (cast.ts's resolveStaticTriggers, which registers
 * itself here: cast.ts imports this module, so this one cannot import it back).
 */
let staticTriggers: (g: G) => Gen<boolean> = function* () {
  return false;
};

/**
 * Called once by cast.ts with its resolveStaticTriggers.
 *
 * @example
 * ```ts
 * setStaticTriggerRunner(resolveStaticTriggers);
 * ```
 */
export function setStaticTriggerRunner(run: (g: G) => Gen<boolean>): void {
  staticTriggers = run;
}

const COLOUR_NAMES: Record<string, string> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green', C: 'colourless' };

/**
 * Activates the mana ability `key` of `o` for `seat`, producing `colour` when it offers a choice
 * (or asking, when `colour` is null).
 * @example
 * ```ts
 * yield* activateManaAbility(g, 0, forest, 'Forest|0|a|0', 'G');
 * ```
 */
export function* activateManaAbility(g: G, seat: Seat, o: GameObject, key: string, colour: ManaColour | null): Gen<void> {
  const ref = resolveNode(g.registry, key);
  const run: Run = { g, you: seat, host: o.id, ref };
  const cost = nodeCost(ref);
  const item = emptyItem(g, o, seat, key, 'ability');
  const mana = manaOf(cost, 0);
  if (mana.generic > 0 || mana.shards.length > 0) {
    if (!(yield* payMana(g, seat, mana, o.id, undefined, { ability: o }))) return;
  }
  const wasTapped = o.tapped;
  yield* payNonMana(g, run, cost, o, item);
  const out = manaOutput({ ...run, item }, ref);
  const made: ManaColour[] = [];
  if (out.each) made.push(...out.each);
  else if (out.combo && colour === null && out.colours.length > 1 && out.amount > 1) {
    // "Add X mana in any combination of {R} and/or {G}" (Fungal Reaches): each mana is chosen
    // on its own, as the text says (Forge's `Combo`). A colour the automatic payer asks for still makes
    // all of it, as before.
    for (let i = 0; i < out.amount; i++) {
      const k = yield* ask(
        g,
        seat,
        'choose',
        `Choose a colour for mana ${i + 1} of ${out.amount} from ${chars(g, o).name}`,
        out.colours.map((x) => ({ label: COLOUR_NAMES[x]!, action: { verb: 'choose', text: COLOUR_NAMES[x]! } })),
      );
      made.push(out.colours[k]!);
    }
  } else {
    let c = colour;
    if (out.colours.length === 0) c = null;
    else if (c === null || !out.colours.includes(c)) {
      if (out.colours.length === 1) c = out.colours[0]!;
      else {
        const k = yield* ask(
          g,
          seat,
          'choose',
          `Choose a colour of mana for ${chars(g, o).name}`,
          out.colours.map((x) => ({ label: COLOUR_NAMES[x]!, action: { verb: 'choose', text: COLOUR_NAMES[x]! } })),
        );
        c = out.colours[k]!;
      }
    }
    if (c !== null) for (let i = 0; i < out.amount; i++) made.push(c);
  }
  const pool = g.s.players[seat].pool;
  const only = param(ref, 'RestrictValid');
  const grant = manaGrant(ref);
  for (const c of made) pool.push(only === undefined ? { c, src: o.id, ...grant } : { c, src: o.id, only, ...grant });
  if (made.length > 0) g.actions.push({ type: 'AddMana', seat, mana: made.join(''), source: o.id });
  touchQuiet(g);
  if (!wasTapped && o.tapped) {
    if (listening(g, 'TapsForMana')) raise(g, { mode: 'TapsForMana', card: lkiOf(g, o), player: seat, produced: made });
    // A triggered mana ability (Overgrowth, `Static$ True`) adds its mana now (CR 605.4a).
    yield* staticTriggers(g);
  }
  const sub = param(ref, 'SubAbility');
  const subRef = sub ? svarNode(g.registry, ref, sub) : undefined;
  if (subRef) yield* runAbility(g, { ...run, ref: subRef, item }, null);
}
