// The terminal controller: a numbered menu, commands in the fixed-input language, the why-not
// reasons, help, colour only when asked, and quitting at any prompt or at the end of the input.
import { describe, expect, it } from 'vitest';
import { arrayLines, paint, tuiSeat, wantsColour, type SeatController } from '../../../src/mtg/controllers/index.js';
import { createGame, type Game } from '../../../src/mtg/engine/index.js';
import { boardGame, starterCards } from './support.js';

function terminal(lines: string[], colour = false): { seat: SeatController; output: () => string } {
  let out = '';
  const seat = tuiSeat({ input: arrayLines(lines), output: { write: (s: string) => (out += s) }, paint: paint(colour) });
  return { seat, output: () => out };
}

function explained(): Game {
  return createGame({
    registry: starterCards(),
    seed: 'tui',
    explain: true,
    setup: {
      turn: 3,
      step: 'main1',
      players: [
        { hand: ['Mountain', 'Lightning Bolt', 'Counterspell'], battlefield: ['Forest'], library: ['Island'] },
        { battlefield: ['Grizzly Bears'], library: ['Island'] },
      ],
    },
  });
}

describe('the tui controller', () => {
  it('shows the state and a numbered menu written as commands, and takes a menu number', () => {
    const game = explained();
    const t = terminal(['1']);
    const index = t.seat.choose(game.view(0), game.pending()!);
    expect(index).toBe(1);
    const out = t.output();
    expect(out).toContain('p1 available actions:');
    expect(out).toContain('  [0] pass');
    expect(out).toContain('  [1] play Mountain');
    expect(out).toMatch(/your hand: .*Lightning Bolt/);
    expect(out).toContain('Grizzly Bears 2/2');
  });

  it('takes a command in the fixed-input language, and re-asks after one that matches nothing', () => {
    const game = explained();
    const t = terminal(['cast fireball', 'play mount']);
    expect(t.seat.choose(game.view(0), game.pending()!)).toBe(1);
    expect(t.output()).toContain('Command \'cast fireball\' did not match any available action. Available actions: ["play Mountain", "activate Forest"]');
  });

  it('says why a card was not offered, and prints help', () => {
    const game = explained();
    const t = terminal(['why', 'help', '0']);
    expect(t.seat.choose(game.view(0), game.pending()!)).toBe(0);
    expect(t.output()).toContain('cast Lightning Bolt: its cost cannot be paid');
    expect(t.output()).toContain('cast Counterspell: it has no legal target');
    expect(t.output()).toContain('why     what could not be used now');
  });

  it('stops the game with mtg/quit on "quit" and at the end of the input', () => {
    const game = explained();
    expect(() => terminal(['quit']).seat.choose(game.view(0), game.pending()!)).toThrow(expect.objectContaining({ code: 'mtg/quit' }));
    expect(() => terminal([]).seat.choose(game.view(0), game.pending()!)).toThrow(expect.objectContaining({ code: 'mtg/quit' }));
  });

  it('passes without asking when the only actions are mana abilities', () => {
    const game = boardGame({ hand: [], battlefield: ['Forest'] });
    const point = game.pending()!;
    expect(point.options.map((o) => o.action.verb)).toEqual(['pass', 'activate']);
    const t = terminal([]);
    expect(t.seat.choose(game.view(0), point)).toBe(0);
    expect(t.output()).toBe('');
  });

  it('colours only when asked to, and never with NO_COLOR or off a terminal', () => {
    const game = explained();
    const plain = terminal(['0']);
    plain.seat.choose(game.view(0), game.pending()!);
    expect(plain.output()).not.toContain('\x1b[');
    const coloured = terminal(['0'], true);
    coloured.seat.choose(game.view(0), game.pending()!);
    expect(coloured.output()).toContain('\x1b[');
    expect(wantsColour({ isTTY: true }, {})).toBe(true);
    expect(wantsColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(wantsColour({ isTTY: false }, {})).toBe(false);
    expect(wantsColour({ isTTY: true }, {}, true)).toBe(false);
  });
});
