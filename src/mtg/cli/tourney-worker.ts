/**
 * A `mtg tourney` worker thread: loads the cards once, then plays the games the main thread sends
 * and posts each result back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { CardSource } from './common.js';
import { loadRegistry } from './common.js';
import { playTourneyGame, type TourneyJob, type TourneySetup } from './tourney-game.js';

const data = workerData as { cards: CardSource; setup: TourneySetup };
const registry = loadRegistry(data.cards);
const port = parentPort!;
port.on('message', (job: TourneyJob | null) => {
  if (job === null) {
    port.close();
    return;
  }
  port.postMessage(playTourneyGame(registry, data.setup, job));
});
port.postMessage('ready');
