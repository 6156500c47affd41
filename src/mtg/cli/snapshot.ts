/**
 * The `mtg` snapshot file: the engine's game snapshot (config, choices, state hash) with what the
 * command line adds: the two seats' controller specs (their state included), where the cards came
 * from, and how the log is written. Taken before a choice is presented (the snapshot point), so
 * `mtg resume` loads the game's saved state (replaying silently only the choices after it) and
 * presents the next one fresh.
 *
 * Written gzipped by default and as plain JSON with `--json`; read either way. A file is written
 * to a temporary name and renamed into place, so a reader never sees half a snapshot.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { StoryletError } from '../../core/errors.js';
import type { ControllerSpec } from '../controllers/index.js';
import type { GameSnapshot } from '../engine/index.js';
import type { CardSource } from './common.js';
import type { Verbosity } from './log.js';

/** The format name and version of a session snapshot file. */
export const SESSION_FORMAT = 'storyletengine/mtg-session';
export const SESSION_VERSION = 1;

/** A saved `mtg` game: everything `mtg resume` needs to continue it byte for byte. */
export type SessionSnapshot = {
  format: typeof SESSION_FORMAT;
  version: typeof SESSION_VERSION;
  game: GameSnapshot;
  seats: [ControllerSpec, ControllerSpec];
  cards: CardSource;
  /** The decks' names, for messages. */
  decks: [string, string];
  /** How the log was being written; a resume writes it the same way unless told otherwise. */
  log: { verbosity: Verbosity; tag: boolean };
  maxTurns: number | null;
};

/**
 * Writes a snapshot atomically: gzipped JSON, or plain JSON when `json` is true.
 *
 * @example
 * ```ts
 * writeSnapshot('game.snapshot', session, { json: true });
 * ```
 */
export function writeSnapshot(path: string, snapshot: SessionSnapshot, options: { json: boolean }): void {
  const text = `${JSON.stringify(snapshot, null, options.json ? 2 : undefined)}\n`;
  const bytes = options.json ? Buffer.from(text, 'utf8') : gzipSync(text);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, bytes);
    renameSync(tmp, path);
  } catch (error) {
    try {
      unlinkSync(tmp);
    } catch {
      // Nothing was written.
    }
    throw new StoryletError('mtg/cannot-write', `cannot write the snapshot ${path}: ${(error as Error).message}`, { path });
  }
}

/**
 * Reads and checks a snapshot file. Anything that is not a session snapshot of this version is
 * `mtg/bad-snapshot`, with the reason.
 *
 * @example
 * ```ts
 * const session = readSnapshot('game.snapshot');
 * session.game.choices.length; // choices made before it was taken
 * ```
 */
export function readSnapshot(path: string): SessionSnapshot {
  const bad = (why: string): never => {
    throw new StoryletError('mtg/bad-snapshot', `${path} is not a snapshot this version can resume: ${why}`, { path, why });
  };
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return bad(code === 'ENOENT' ? 'no such file' : (error as Error).message);
  }
  let text: string;
  try {
    text = bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes).toString('utf8') : bytes.toString('utf8');
  } catch {
    return bad('it is compressed but corrupt');
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return bad('it is not JSON (truncated or corrupt)');
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return bad('it is not a JSON object');
  const s = data as Partial<SessionSnapshot>;
  if (s.format !== SESSION_FORMAT) return bad(`its format is ${JSON.stringify(s.format)}, not ${JSON.stringify(SESSION_FORMAT)}`);
  if (s.version !== SESSION_VERSION) return bad(`it is version ${JSON.stringify(s.version)}; this version of mtg reads version ${SESSION_VERSION}`);
  if (!s.game || typeof s.game !== 'object') return bad('it has no game');
  if (
    !Array.isArray(s.seats) ||
    s.seats.length !== 2 ||
    !s.seats.every((x) => x && typeof x === 'object' && typeof (x as { kind?: unknown }).kind === 'string')
  ) {
    return bad('it does not say who plays each seat');
  }
  const cards = s.cards;
  if (!cards || (cards.kind !== 'starter' && !(cards.kind === 'dir' && typeof cards.dir === 'string'))) return bad('it does not say where its cards come from');
  if (!Array.isArray(s.decks) || s.decks.length !== 2) return bad('it does not name its decks');
  const log = s.log;
  if (!log || ![0, 1, 2, 3].includes(log.verbosity) || typeof log.tag !== 'boolean') return bad('its log settings are missing');
  if (s.maxTurns !== null && !(typeof s.maxTurns === 'number' && Number.isInteger(s.maxTurns) && s.maxTurns >= 0)) return bad('its turn limit is not a number');
  return s as SessionSnapshot;
}
