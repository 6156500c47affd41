// The agent protocol's inbound schema (every answer line is checked before it is read) and how a
// choice is resolved against a decision's menu, in process.
import { describe, expect, it } from 'vitest';
import { readAnswer, resolveChoice } from '../../../src/mtg/agentplay/protocol.js';
import { StoryletError } from '../../../src/core/errors.js';
import { createGame } from '../../../src/mtg/engine/index.js';
import { STARTER_DECKS, starterRegistry } from '../../../src/mtg/starter/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';

const code = (f: () => unknown): string => {
  try {
    f();
  } catch (error) {
    return error instanceof StoryletError ? error.code : `not a StoryletError: ${String(error)}`;
  }
  return 'no error';
};

describe('agent protocol: answers', () => {
  it('reads a choice (a number or a command) and a stop', () => {
    expect(readAnswer('{"type":"choice","id":3,"choice":2}', 3)).toEqual({ type: 'choice', id: 3, choice: '2' });
    expect(readAnswer('{"type":"choice","choice":" play mountain "}', 3)).toEqual({ type: 'choice', id: 3, choice: 'play mountain' });
    expect(readAnswer('{"type":"stop","id":3,"version":1,"bug":"wrong"}', 3)).toEqual({ type: 'stop', id: 3, bug: 'wrong' });
  });

  it('refuses every malformed answer as agent/bad-message, saying what is wrong', () => {
    for (const line of [
      'not json',
      '[1]',
      'null',
      '{"type":"choice"}',
      '{"type":"choice","choice":-1}',
      '{"type":"choice","choice":""}',
      '{"type":"stop"}',
      '{"type":"move","choice":1}',
      '{"type":"choice","id":4,"choice":1}',
      '{"type":"choice","version":2,"choice":1}',
    ]) {
      expect(
        code(() => readAnswer(line, 3)),
        line,
      ).toBe('agent/bad-message');
    }
    expect(() => readAnswer('{"type":"choice","id":4,"choice":1}', 3)).toThrow(/answers decision 4/);
    expect(() => readAnswer('{"type":"choice","version":2,"choice":1}', 3)).toThrow(/protocol version 2, and this is version 1/);
  });
});

describe('agent protocol: choices', () => {
  const registry = starterRegistry();
  const deck = readDeck(STARTER_DECKS[0]!.text, STARTER_DECKS[0]!.file, registry).main;
  const game = createGame({ registry, decks: [deck, deck], seed: '3' });
  game.choose(0); // p1 keeps
  game.choose(0); // p2 keeps
  const point = game.pending()!;

  it('resolves a menu number or one command, as a script would', () => {
    expect(point.kind).toBe('priority');
    const play = point.options.find((o) => o.action.verb === 'play')!;
    expect(resolveChoice(String(play.index), point)).toBe(play.index);
    expect(resolveChoice(`play ${play.label.replace(/^play /, '').slice(0, 4)}`, point)).toBe(play.index);
    expect(resolveChoice('pass', point)).toBe(0);
  });

  it('refuses what is not one command on the menu as agent/bad-choice, with the menu', () => {
    for (const c of ['99', 'cast no such card', 'play mountain; pass', '*', 'PASS_UNTIL turn=3', 'cats bolt'])
      expect(
        code(() => resolveChoice(c, point)),
        c,
      ).toBe('agent/bad-choice');
    expect(() => resolveChoice('99', point)).toThrow(/is not on the menu .*; the menu was: \[0\] pass, \[1\] play /);
  });
});
