/**
 * `ChooseNumber`: each defined or targeted player (you by default) chooses a number from `Min$`
 * (0) to `Max$` (99; `ChooseAnyNumber$` is the same range), kept as the host's chosen number
 * (`Count$ChosenNumber`, `ChosenX`). With `SecretlyChoose$` (Menacing Ogre, Goblin Game) every
 * player chooses before any number is known — each seat's choice is its own decision, never in the
 * other's view — then `ChooseNumberSubAbility$` runs once per player with that player remembered
 * and their number chosen, `Lowest$` and `Highest$` once per player tied for the lowest or the
 * highest, and `RememberHighest$` leaves those players remembered.
 */
import type { Seat } from '../choice.js';
import { ask, type Gen } from '../ask.js';
import { param } from '../cards.js';
import { touch } from '../context.js';
import { registerEffect, runSub, type ResolveRun } from '../resolve.js';
import { affectedPlayers, amount, hostObject, remember } from './util.js';

registerEffect(
  'ChooseNumber',
  function* (run) {
    const min = Math.max(0, amount(run, 'Min', 0));
    const max = Math.max(min, param(run.ref, 'ChooseAnyNumber') === 'True' ? 99 : amount(run, 'Max', 99));
    const title = param(run.ref, 'ListTitle') ?? 'Choose a number';
    const h = hostObject(run);
    const chosen: Array<[Seat, number]> = [];
    for (const seat of affectedPlayers(run)) chosen.push([seat, yield* chooseNumber(run, seat, title, min, max)]);
    if (param(run.ref, 'SecretlyChoose') !== 'True') {
      const last = chosen[chosen.length - 1];
      if (h && last) h.chosen.number = last[1];
      touch(run.g);
      return;
    }
    const each = function* (key: string, seats: Seat[], n: (s: Seat) => number): Gen<void> {
      if (param(run.ref, key) === undefined) return;
      for (const seat of seats) {
        if (h) {
          h.remembered.push({ player: seat });
          h.chosen.number = n(seat);
        }
        touch(run.g);
        yield* runSub(run.g, run, key);
        if (h) h.remembered = [];
        touch(run.g);
      }
    };
    const of = new Map(chosen);
    yield* each('ChooseNumberSubAbility', [...of.keys()], (s) => of.get(s)!);
    const numbers = chosen.map(([, n]) => n);
    const lowest = Math.min(...numbers);
    const highest = Math.max(...numbers);
    yield* each(
      'Lowest',
      chosen.filter(([, n]) => n === lowest).map(([s]) => s),
      () => lowest,
    );
    const top = chosen.filter(([, n]) => n === highest).map(([s]) => s);
    yield* each('Highest', top, () => highest);
    if (param(run.ref, 'RememberHighest') === 'True')
      remember(
        run,
        top.map((player) => ({ player })),
      );
  },
  {
    reads: [
      'Min',
      'Max',
      'ChooseAnyNumber',
      'ListTitle',
      'Defined',
      'ValidTgts',
      'SecretlyChoose',
      'ChooseNumberSubAbility',
      'Lowest',
      'Highest',
      'RememberHighest',
    ],
  },
);

function* chooseNumber(run: ResolveRun, seat: Seat, title: string, min: number, max: number): Gen<number> {
  const options = [];
  for (let n = min; n <= max; n++) options.push({ label: String(n), action: { verb: 'choose' as const, text: String(n) } });
  return min + (yield* ask(run.g, seat, 'choose', title, options));
}
