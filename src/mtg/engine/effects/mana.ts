/**
 * `Mana` as a resolving effect (a spell such as Dark Ritual, or a sub-ability): adds mana to the
 * pool of its controller. Mana abilities themselves are activated without the stack (manaflow.ts).
 */
import { ask } from '../ask.js';
import { touch } from '../context.js';
import { manaOutput } from '../mana.js';
import { manaGrant } from '../mana-grants.js';
import { registerEffect } from '../resolve.js';
import { definedPlayers } from '../defined.js';
import { param } from '../cards.js';
import type { ManaColour, ManaUnit } from '../types.js';

const NAMES: Record<string, string> = { W: 'white', U: 'blue', B: 'black', R: 'red', G: 'green', C: 'colourless' };

registerEffect(
  'Mana',
  function* (run) {
    const out = manaOutput(run, run.ref);
    const seat = param(run.ref, 'Defined') !== undefined ? (definedPlayers(run, param(run.ref, 'Defined'))[0] ?? run.you) : run.you;
    const made: ManaColour[] = [];
    if (out.each) made.push(...out.each);
    else {
      let c = out.colours[0];
      if (out.colours.length > 1) {
        const k = yield* ask(
          run.g,
          seat,
          'choose',
          'Choose a colour of mana',
          out.colours.map((x) => ({ label: NAMES[x]!, action: { verb: 'choose', text: NAMES[x]! } })),
        );
        c = out.colours[k]!;
      }
      if (c !== undefined) for (let i = 0; i < out.amount; i++) made.push(c);
    }
    const only = param(run.ref, 'RestrictValid');
    // `PersistentMana$ True`: "until end of turn, you don't lose this mana as steps and phases
    // end" (an exception to CR 500.4 that lasts until the cleanup step, turn.ts `emptyPools`).
    const keep = param(run.ref, 'PersistentMana') === 'True';
    const { grant } = manaGrant(run.ref);
    for (const c of made) {
      const unit: ManaUnit = only === undefined ? { c, src: run.host } : { c, src: run.host, only };
      if (keep) unit.keep = true;
      if (grant !== undefined) unit.grant = grant;
      run.g.s.players[seat].pool.push(unit);
    }
    if (made.length > 0) run.g.actions.push({ type: 'AddMana', seat, mana: made.join(''), source: run.host });
    touch(run.g);
  },
  { reads: ['Produced', 'Amount', 'Defined', 'RestrictValid', 'PersistentMana', 'Bonus', 'BonusProduced'] },
);
