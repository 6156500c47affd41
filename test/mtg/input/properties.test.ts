// Invariants of the language, over generated inputs (fast-check):
// - parsing never throws, and every problem's span lies inside the script;
// - no token sequence has more than one parse, and a script without problems has exactly one;
// - every option, written as a command (optionText), resolves back to that very option;
// - a card's own name, in any case or with underscores for spaces, matches it best.
import fc from 'fast-check';
import nearley from 'nearley';
import { describe, expect, it } from 'vitest';
import type { ChoiceAction, ChoiceKind, ChoiceOption, ChoicePoint, Seat } from '../../../src/mtg/engine/choice.js';
import grammar from '../../../src/mtg/input/generated/fixed-input.js';
import { matchTier, optionText, parseFixedInputs, resolveCommand, tokenizeFixedInputs as tokenize } from '../../../src/mtg/input/index.js';

const compiled = nearley.Grammar.fromCompiled(grammar);

function parseCount(source: string): number {
  const { tokens } = tokenize(source);
  const parser = new nearley.Parser(compiled);
  let i = 0;
  parser.lexer = { reset: () => undefined, next: () => tokens[i++], save: () => ({}), formatError: () => '', has: () => true } as unknown as nearley.Lexer;
  try {
    parser.feed('');
  } catch {
    return 0;
  }
  return parser.results.length;
}

// Pieces that make scripts of the language's own shape, so generated text reaches deep into it.
const PIECES = [
  'play',
  'cast',
  'activate',
  'attack',
  'blocks',
  'target',
  'targeting',
  'choose',
  'pass',
  'done',
  'keep',
  'mulligan',
  'yes',
  'no',
  'PASS_UNTIL',
  'turn',
  'phase',
  'step',
  '=',
  ',',
  ';',
  '\n',
  '*',
  '[',
  ']',
  '2',
  '0',
  'forest',
  'serra',
  'bolt',
  'p2',
  'me',
  '"Black Knight"',
  'main2',
  '#c\n',
  ' ',
  '  ',
];
const scriptLike = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((parts) => parts.join(' '));

describe('parsing', () => {
  it('never throws, and spans lie inside the script (any text)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 40 }), scriptLike), (text) => {
        const r = parseFixedInputs(text);
        for (const p of r.problems) {
          expect(p.span.start).toBeGreaterThanOrEqual(0);
          expect(p.span.end).toBeLessThanOrEqual(text.length);
          expect(p.span.line).toBeGreaterThanOrEqual(1);
        }
        for (const c of r.commands) expect(text.slice(c.span.start, c.span.end)).toBe(c.text);
      }),
      { numRuns: 2000 },
    );
  });

  it('finds at most one parse for any token sequence, and exactly one when there is no problem', () => {
    fc.assert(
      fc.property(scriptLike, (text) => {
        const n = parseCount(text);
        expect(n).toBeLessThanOrEqual(1);
        const r = parseFixedInputs(text);
        if (r.problems.length === 0) expect(n).toBe(1);
      }),
      { numRuns: 3000 },
    );
  });
});

// Names chosen to collide: prefixes of each other, keywords inside, punctuation, digits, accents.
const NAMES = [
  'Island',
  'Island Sanctuary',
  'Lightning Bolt',
  'Lightning Helix',
  'Bolt',
  'Grizzly Bears',
  'Serra Angel',
  "Man-o'-War",
  'Cast Down',
  'Turn to Frog',
  'Stone Blocks',
  'Targeting Array',
  'Kapow!',
  'Ezekiel Sims, Spider-Totem',
  '1996 World Champion',
  'Jötun Grunt',
  'Æther Vial',
  'Forest',
  'Black Knight',
  'White Knight',
  'Pass the Torch',
  'Me and You',
];

type Spec = { verb: ChoiceAction['verb']; name: string; other: string; seat: Seat; text: string };

const specArb: fc.Arbitrary<Spec> = fc.record({
  verb: fc.constantFrom<ChoiceAction['verb']>('play', 'cast', 'activate', 'attack', 'block', 'target', 'choose', 'keep', 'mulligan', 'yes', 'no', 'done'),
  name: fc.constantFrom(...NAMES),
  other: fc.constantFrom(...NAMES),
  seat: fc.constantFrom<Seat>(0, 1),
  text: fc.constantFrom('Gain 3 life', 'Prevent 3 damage', 'Deal 2; then draw', 'X = 3', 'p2', 'blocks', '7'),
});

/** A point with option 0 = pass and the given options, cards numbered as the engine would. */
function build(kind: ChoiceKind, specs: Spec[], playerTargets: boolean[]): ChoicePoint {
  const seen = new Map<string, number>();
  const ids = new Map<string, number>();
  const ref = (role: string, name: string, fresh: boolean) => {
    const k = `${role}|${name}`;
    const ordinal = (seen.get(k) ?? 0) + (fresh ? 1 : 0);
    seen.set(k, Math.max(ordinal, 1));
    const idKey = `${k}#${Math.max(ordinal, 1)}`;
    if (!ids.has(idKey)) ids.set(idKey, ids.size + 1);
    return { id: ids.get(idKey)!, name, ordinal: Math.max(ordinal, 1) };
  };
  const options: ChoiceOption[] = [{ index: 0, label: 'pass', action: { verb: 'pass' } }];
  const usedWords = new Set<string>();
  specs.forEach((s, i) => {
    let action: ChoiceAction;
    switch (s.verb) {
      case 'play':
      case 'cast':
      case 'attack':
        action = { verb: s.verb, card: ref(s.verb, s.name, true) };
        break;
      case 'activate':
        action = { verb: 'activate', card: ref('activate', s.name, true), ability: 0, text: '' };
        break;
      case 'block':
        action = { verb: 'block', card: ref('blocker', s.name, true), attacker: ref('attacker', s.other, true) };
        break;
      case 'target':
      case 'choose':
        if (playerTargets[i]) {
          if (usedWords.has(`${s.verb}-p${s.seat}`)) return;
          usedWords.add(`${s.verb}-p${s.seat}`);
          action = { verb: s.verb, player: { seat: s.seat } };
        } else if (s.verb === 'choose' && i % 2 === 0) {
          if (usedWords.has(`text-${s.text}`)) return;
          usedWords.add(`text-${s.text}`);
          action = { verb: 'choose', text: s.text };
        } else {
          action = { verb: s.verb, card: ref(s.verb, s.name, true) };
        }
        break;
      default:
        // One option per one-word verb: two identical options are one choice.
        if (usedWords.has(s.verb)) return;
        usedWords.add(s.verb);
        action = { verb: s.verb };
    }
    options.push({ index: options.length, label: `option ${options.length}`, action });
  });
  return { seat: 0, kind, prompt: kind, options, turn: 1, phase: 'main1' };
}

describe('menus written as commands', () => {
  it('every option, written with optionText, resolves to itself', () => {
    fc.assert(
      fc.property(fc.array(specArb, { minLength: 1, maxLength: 10 }), fc.array(fc.boolean(), { minLength: 10, maxLength: 10 }), (specs, players) => {
        const p = build('choose', specs, players);
        for (const option of p.options) {
          const text = optionText(p, option);
          const parsed = parseFixedInputs(text);
          expect(parsed.problems, text).toEqual([]);
          expect(parsed.commands).toHaveLength(1);
          const r = resolveCommand(parsed.commands[0]!, p);
          // Text options that are prefixes of each other resolve by the best kind of match, so
          // they too must come back to themselves; only the first `pass`/`done` is special.
          if (option.action.verb === 'done' && !p.options.some((o) => o.action.verb === 'pass')) continue;
          expect(r, `${text} in ${p.options.map((o) => optionText(p, o)).join(' | ')}`).toEqual({ index: option.index });
        }
      }),
      { numRuns: 1500 },
    );
  });
});

describe('name matching', () => {
  it('a name matches itself as a whole, whatever the case, spaces or underscores', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.boolean(), fc.boolean(), (name, upper, underscores) => {
        let written = upper ? name.toUpperCase() : name.toLowerCase();
        if (underscores) written = written.replace(/ /g, '_');
        expect(matchTier(written, name)).toBe(1);
        expect(matchTier(`${written}.`, name)).toBe(1);
      }),
    );
  });

  it('every prefix of a name matches it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.nat(), (name, cut) => {
        const letters = name.replace(/[^\p{L}\p{N}]/gu, '');
        const prefix = letters.slice(0, 1 + (cut % letters.length));
        expect(matchTier(prefix, name)).toBeGreaterThan(0);
      }),
    );
  });
});
