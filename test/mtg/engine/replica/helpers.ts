// Shared by the replicated-game tests.
import { GameLog } from '../../../../src/mtg/cli/log.js';
import { paint } from '../../../../src/mtg/controllers/index.js';
import type { Game, Seat } from '../../../../src/mtg/engine/index.js';

/** The `--tag-gamelogs` lines of a game (the events, verbosity 2), written for `viewer`'s eyes (null: all-seeing). */
export function gameLogLines(game: Game, viewer: Seat | null): string[] {
  const lines: string[] = [];
  const log = new GameLog({ verbosity: 2, tag: true, paint: paint(false), viewer, write: (l) => lines.push(l) });
  log.flush(game);
  return lines;
}
