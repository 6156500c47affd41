/**
 * [state]: the turn, the active player and phase, and each player's life, counters, mana and
 * zones. Keys are case-insensitive. Per-player keys start with `p0` / `p1` (DeepScry, newer
 * Forge) or `human` / `ai` (Forge); both name the same seats, and one file may mix them. The
 * fields are Forge's `GameState.parseLine`: `play` is another name for `battlefield`.
 */
import type { Seat } from '../engine/choice.js';
import { nearest } from '../../core/errors.js';
import { clip } from './diagnostics.js';
import type { IniPair } from './ini.js';
import type { PuzzlePlayer, PuzzleState, PuzzleZone } from './model.js';
import { parseCardList, parseCounters, parsePrecastList, puzzleSeat, type NotationContext } from './notation.js';
import { PHASE_SPELLINGS, puzzlePhase } from './phases.js';

const PLAYER_FIELDS = ['life', 'landsplayed', 'landsplayedlastturn', 'counters', 'manapool', 'persistentmana', 'precast', 'putonstack'] as const;
const ZONE_FIELDS: Record<string, PuzzleZone> = {
  hand: 'hand',
  battlefield: 'battlefield',
  play: 'battlefield',
  graveyard: 'graveyard',
  library: 'library',
  exile: 'exile',
  command: 'command',
};
const MANA = new Set(['W', 'U', 'B', 'R', 'G', 'C']);
const ALL_KEYS = ['turn', 'activeplayer', 'activephase', 'activephaseadvance', 'removesummoningsickness'].concat(
  ...['p0', 'p1'].map((p) => [...PLAYER_FIELDS, ...Object.keys(ZONE_FIELDS)].map((f) => p + f)),
);

/** A player with nothing set: 20 life (CR 103.4), empty zones. */
export function emptyPlayer(): PuzzlePlayer {
  return {
    life: 20,
    landsPlayed: 0,
    landsPlayedLastTurn: 0,
    counters: {},
    manaPool: [],
    persistentMana: [],
    zones: { hand: [], battlefield: [], graveyard: [], library: [], exile: [], command: [] },
    precast: [],
    putOnStack: [],
  };
}

/** The state of a puzzle with no [state] lines: turn 1, seat 0 in its first main phase. */
export function emptyState(): PuzzleState {
  return {
    turn: 1,
    activePlayer: 0,
    activePhase: 'main1',
    removeSummoningSickness: false,
    players: [emptyPlayer(), emptyPlayer()],
    abilities: {},
    unknown: {},
  };
}

/** Splits a per-player key into its seat and field: `humanlife` → seat 0, `life`; `p2life` → no seat. */
function playerKey(lower: string): { seat?: Seat; field: string } | undefined {
  const m = /^(p[0-9]+|human|ai)(.+)$/.exec(lower);
  if (!m) return undefined;
  const seat = puzzleSeat(m[1]!);
  return seat === undefined ? { field: m[2]! } : { seat, field: m[2]! };
}

/**
 * Reads [state] pairs. Every problem is reported; a bad value leaves the default in place.
 */
export function readState(pairs: IniPair[], ctx: NotationContext): PuzzleState {
  const state = emptyState();
  const { sink } = ctx;
  const seen = new Map<string, number>();
  for (const p of pairs) {
    const at = { line: p.line, column: p.valueColumn };
    const int = (what: string, min: number): number | undefined => {
      const n = /^-?[0-9]+$/.test(p.value) ? Number(p.value) : NaN;
      if (!Number.isSafeInteger(n) || n < min || n > 1_000_000) {
        sink.error('puzzle/bad-value', at, `${p.key} is ${what}: ${JSON.stringify(clip(p.value))}`);
        return undefined;
      }
      return n;
    };
    const phase = (): ReturnType<typeof puzzlePhase> => {
      const step = puzzlePhase(p.value);
      if (!step) {
        const near = nearest(p.value, PHASE_SPELLINGS);
        sink.error(
          'puzzle/unknown-phase',
          at,
          `unknown phase ${JSON.stringify(clip(p.value))}${near ? ` (did you mean ${near}?)` : ''}; phases are ${PHASE_SPELLINGS.join(', ')}`,
        );
      }
      return step;
    };

    const pk = playerKey(p.lower);
    // One name per field whichever prefix and synonym wrote it (`humanplay` is `p0battlefield`).
    const canonical = pk?.seat !== undefined ? `p${pk.seat}${ZONE_FIELDS[pk.field] ?? pk.field}` : p.lower;
    const earlier = seen.get(canonical);
    if (earlier !== undefined) sink.warn('puzzle/duplicate-key', p, `${p.key} sets what line ${earlier} already set; this later value is used`);
    seen.set(canonical, p.line);

    switch (p.lower) {
      case 'turn': {
        const n = int('the turn number, a whole number from 1', 1);
        if (n !== undefined) state.turn = n;
        continue;
      }
      case 'activeplayer': {
        const seat = puzzleSeat(p.value);
        if (seat === undefined) sink.error('puzzle/unknown-player', at, `the active player is p0 or p1 (human or ai), not ${JSON.stringify(clip(p.value))}`);
        else state.activePlayer = seat;
        continue;
      }
      case 'activephase': {
        const step = phase();
        if (step) {
          state.activePhase = step;
          state.activePhaseWritten = p.value;
        }
        continue;
      }
      case 'activephaseadvance': {
        const step = phase();
        if (step) state.advanceTo = step;
        continue;
      }
      case 'removesummoningsickness': {
        const v = p.value.toLowerCase();
        if (v === 'true' || v === 'false') state.removeSummoningSickness = v === 'true';
        else sink.error('puzzle/bad-value', at, `removesummoningsickness is true or false, not ${JSON.stringify(clip(p.value))}`);
        continue;
      }
    }
    if (p.lower.startsWith('ability') && p.lower.length > 'ability'.length) {
      state.abilities[p.lower.slice('ability'.length)] = p.value;
      continue;
    }
    const known = pk && ((PLAYER_FIELDS as readonly string[]).includes(pk.field) || pk.field in ZONE_FIELDS);
    if (!pk || !known) {
      state.unknown[p.key] = p.value;
      const near = nearest(p.lower, ALL_KEYS);
      sink.warn('puzzle/unknown-key', p, `unknown [state] key ${JSON.stringify(p.key)}: kept, not acted on${near ? ` (did you mean ${near}?)` : ''}`);
      continue;
    }
    if (pk.seat === undefined) {
      sink.error('puzzle/unknown-player', p, `${p.key}: a puzzle has two players, p0 and p1 (human and ai)`);
      continue;
    }
    const player = state.players[pk.seat];
    const zone = ZONE_FIELDS[pk.field];
    if (zone) {
      player.zones[zone] = parseCardList(ctx, p.value, p.line, p.valueColumn);
      continue;
    }
    switch (pk.field) {
      case 'life': {
        // Life may start at zero or below (Forge sets it after state-based actions for such puzzles).
        const n = int('a life total, a whole number', -1_000_000);
        if (n !== undefined) player.life = n;
        break;
      }
      case 'landsplayed':
      case 'landsplayedlastturn': {
        const n = int('a number of lands, a whole number from 0', 0);
        if (n !== undefined) player[pk.field === 'landsplayed' ? 'landsPlayed' : 'landsPlayedLastTurn'] = n;
        break;
      }
      case 'counters': {
        if (p.value === '') break;
        const counters = parseCounters(p.value);
        if (counters) player.counters = counters;
        else sink.error('puzzle/bad-value', at, `player counters are written ENERGY=3,POISON=2, not ${JSON.stringify(clip(p.value))}`);
        break;
      }
      case 'manapool':
      case 'persistentmana': {
        const symbols = p.value
          .split(/\s+/)
          .filter((s) => s !== '')
          .map((s) => s.toUpperCase());
        const bad = symbols.find((s) => !MANA.has(s));
        if (bad !== undefined)
          sink.error('puzzle/bad-value', at, `mana is written as symbols W U B R G C separated by spaces; ${JSON.stringify(bad)} is not one`);
        else player[pk.field === 'manapool' ? 'manaPool' : 'persistentMana'] = symbols;
        break;
      }
      case 'precast':
      case 'putonstack':
        player[pk.field === 'precast' ? 'precast' : 'putOnStack'] = parsePrecastList(ctx, p.value, p.line, p.valueColumn);
        break;
    }
  }
  return state;
}
