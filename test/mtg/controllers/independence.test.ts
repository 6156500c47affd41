// Information independence: a controller decides from its seat's view and the choice point only.
// It is never handed the game; what it is handed holds no hidden card; and it answers the same
// from a frozen copy of the view as from the live one, so nothing else reaches its decision.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createController, type ControllerSpec } from '../../../src/mtg/controllers/index.js';
import { createGame, type Game, type Seat } from '../../../src/mtg/engine/index.js';
import { REPO, starterCards, starterDecks } from './support.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value as object)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Ids of the cards a seat may not see: the other hand, both libraries, except those revealed to it. */
function hiddenFrom(game: Game, seat: Seat): Set<number> {
  const revealed = new Set(game.view(seat).revealed.map((c) => c.id));
  const ids = [...game.state.zones[`hand-${seat === 0 ? 1 : 0}`]!, ...game.state.zones['library-0']!, ...game.state.zones['library-1']!];
  return new Set(ids.filter((id) => !revealed.has(id)));
}

/** Every number under an `id` key in a JSON value. */
function idsIn(value: unknown, out = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) idsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'id' && typeof v === 'number') out.add(v);
      else idsIn(v, out);
    }
  }
  return out;
}

describe('information independence', () => {
  it('no controller imports the game: from the engine they take types and the two engine controllers only', () => {
    const allowed = new Set(['randomController', 'zeroController']);
    for (const file of sources(join(REPO, 'src/mtg/controllers'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)) {
        if (!m[3]!.includes('/engine/')) continue;
        expect(m[3], file).toMatch(/\/engine\/index\.js$/);
        if (m[1]) continue;
        const names = m[2]!
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '' && !s.startsWith('type '));
        for (const n of names) expect(allowed.has(n), `${file} imports ${n} from the engine`).toBe(true);
      }
    }
  });

  const kinds: ControllerSpec[] = [{ kind: 'heuristic', seed: 'h' }, { kind: 'random', seed: 'r' }, { kind: 'zero' }];

  for (const spec of kinds) {
    it(`${spec.kind}: answers the same from a frozen copy of the view, which holds no hidden card`, () => {
      const registry = starterCards();
      const game = createGame({ registry, decks: starterDecks(), seed: `independence-${spec.kind}` });
      // Two controllers in the same state: one sees the live view, the other a frozen JSON copy.
      let live = [createController(spec, { registry }), createController(spec, { registry })];
      let copy = [createController(spec, { registry }), createController(spec, { registry })];
      for (let n = 0; n < 400 && game.pending(); n++) {
        const point = game.pending()!;
        const view = game.view(point.seat);
        const frozen = deepFreeze(JSON.parse(JSON.stringify(view)));
        const frozenPoint = deepFreeze(JSON.parse(JSON.stringify(point)));
        const hidden = hiddenFrom(game, point.seat);
        for (const id of idsIn(frozen)) expect(hidden.has(id), `card ${id} is hidden from p${point.seat + 1}`).toBe(false);
        const a = live[point.seat]!.choose(view, point);
        const b = copy[point.seat]!.choose(frozen, frozenPoint);
        expect(b).toBe(a);
        game.choose(a);
        if (n % 50 === 0) {
          live = live.map((c) => createController(c.spec(), { registry }));
          copy = copy.map((c) => createController(c.spec(), { registry }));
        }
      }
    });
  }

  it('the heuristic decides alike in two games that differ only in what its seat cannot see', () => {
    const registry = starterCards();
    const board = (theirHand: string[], theirLibrary: string[]): Game =>
      createGame({
        registry,
        seed: 'same',
        setup: {
          turn: 3,
          step: 'main1',
          players: [
            { hand: ['Lightning Bolt', 'Grizzly Bears', 'Forest'], battlefield: ['Mountain', 'Forest'], library: ['Forest', 'Forest', 'Forest'] },
            { hand: theirHand, battlefield: ['Hill Giant', 'Island'], library: theirLibrary },
          ],
        },
      });
    const a = board(['Counterspell', 'Island'], ['Island', 'Serra Angel', 'Island']);
    const b = board(['Shock', 'Wall of Air'], ['Air Elemental', 'Island', 'Plains']);
    expect(JSON.stringify(a.view(0))).toBe(JSON.stringify(b.view(0)));
    const h = (): ReturnType<typeof createController> => createController({ kind: 'heuristic', seed: 's' }, { registry });
    expect(h().choose(a.view(0), a.pending()!)).toBe(h().choose(b.view(0), b.pending()!));
  });
});
