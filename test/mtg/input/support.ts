/**
 * Helpers behind the fixed-input tests.
 *
 * Fixtures live in `test/mtg/input/fixtures/`:
 * - `parse/<case>/input.txt` → `expected.json` (the commands); `parse/_error_/<case>/input.txt`
 *   → `expected.json` (`{ code, span }` of the script's one problem);
 * - `resolve/*.json`: a choice point and commands with the option each resolves to, or its error;
 * - `controller/*.json`: a script and a sequence of choice points with the controller's answers.
 *
 * Re-record the parse goldens after a deliberate change, then review the diff:
 *
 *     UPDATE_GOLDENS=1 npx vitest run --config test/vitest.config.ts test/mtg/input
 *     git diff test/mtg/input/fixtures
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectJsonGolden } from '../../support/goldens.js';
import type { ChoiceAction, ChoiceKind, ChoiceOption, ChoicePoint, Seat } from '../../../src/mtg/engine/choice.js';

export const FIXTURES = fileURLToPath(new URL('./fixtures/', import.meta.url));

/** Folders of one parse-case kind, sorted: `valid` (top level) or `error` (under `_error_/`). */
export function parseCases(kind: 'valid' | 'error'): Array<{ name: string; dir: string; input: string }> {
  const root = kind === 'valid' ? join(FIXTURES, 'parse') : join(FIXTURES, 'parse', '_error_');
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_'))
    .map((e) => e.name)
    .sort()
    .map((name) => ({ name, dir: join(root, name), input: readFileSync(join(root, name, 'input.txt'), 'utf8') }));
}

/** Compares `actual` with the case's `expected.json`, or writes it when re-recording. */
export function expectGolden(dir: string, actual: unknown): void {
  expectJsonGolden(join(dir, 'expected.json'), actual);
}

/** Every `*.json` of a fixture folder, sorted, parsed. */
export function jsonCases<T>(folder: string): Array<{ name: string; data: T }> {
  const dir = join(FIXTURES, folder);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f.replace(/\.json$/, ''), data: JSON.parse(readFileSync(join(dir, f), 'utf8')) as T }));
}

/**
 * An option as fixtures write it. A card is `"Name"` or `"Name#k"` (the k-th card of that name,
 * in that role); the same card string is the same game object (same id) wherever it appears.
 */
export type OptionSpec =
  | { verb: 'pass' | 'done' | 'keep' | 'mulligan' | 'yes' | 'no' }
  | { verb: 'play' | 'cast' | 'attack'; card: string; defender?: number }
  | { verb: 'activate'; card: string; ability?: number }
  | { verb: 'block'; card: string; attacker: string }
  | { verb: 'target' | 'choose'; card?: string; player?: number; text?: string };

/** A choice point as fixtures write it. */
export type PointSpec = { kind: ChoiceKind; seat?: Seat; turn?: number; phase?: string; options: OptionSpec[] };

/** Builds a ChoicePoint from its fixture form: options indexed in order, cards given stable ids. */
export function point(spec: PointSpec): ChoicePoint {
  const ids = new Map<string, number>();
  const ref = (written: string): { id: number; name: string; ordinal: number } => {
    const m = /^(.*?)(?:#(\d+))?$/.exec(written)!;
    if (!ids.has(written)) ids.set(written, 100 + ids.size);
    return { id: ids.get(written)!, name: m[1]!, ordinal: m[2] ? Number(m[2]) : 1 };
  };
  const options: ChoiceOption[] = spec.options.map((o, index) => {
    let action: ChoiceAction;
    switch (o.verb) {
      case 'play':
      case 'cast':
        action = { verb: o.verb, card: ref(o.card) };
        break;
      case 'attack':
        action = { verb: 'attack', card: ref(o.card), ...(o.defender !== undefined ? { defender: { seat: o.defender as Seat } } : {}) };
        break;
      case 'activate':
        action = { verb: 'activate', card: ref(o.card), ability: o.ability ?? 0, text: `ability ${o.ability ?? 0}` };
        break;
      case 'block':
        action = { verb: 'block', card: ref(o.card), attacker: ref(o.attacker) };
        break;
      case 'target':
      case 'choose':
        action = {
          verb: o.verb,
          ...(o.card !== undefined ? { card: ref(o.card) } : {}),
          ...(o.player !== undefined ? { player: { seat: o.player as Seat } } : {}),
          ...(o.verb === 'choose' && o.text !== undefined ? { text: o.text } : {}),
        };
        break;
      default:
        action = { verb: o.verb };
    }
    return { index, label: `option ${index}`, action };
  });
  return { seat: spec.seat ?? 0, kind: spec.kind, prompt: `${spec.kind}`, options, turn: spec.turn ?? 1, phase: spec.phase ?? 'main1' };
}
