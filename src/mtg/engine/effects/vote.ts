/**
 * `Vote` (Will of the council, Council's dilemma): each `Defined$` player, starting with you,
 * votes for one of the `VoteType$` words or, with `VoteCard$`, one of the cards matching it in
 * `Zone$` (the battlefield by default). Votes are cast in the open, one after another. Then:
 * `StoreVoteNum$` keeps each word's count as the host's `VoteNum<Word>`; `Vote<Word>$` runs for
 * the word with the most votes, and on a tie for most `Tied$` runs (without `Tied$`, each word
 * tied for most runs its own); with `VoteCard$`, the cards with the most votes or tied for it are
 * remembered and `VoteSubAbility$` runs.
 */
import { ask, cardRef } from '../ask.js';
import { param } from '../cards.js';
import { opponent, touch } from '../context.js';
import { chars } from '../layers.js';
import { registerEffect, runSub } from '../resolve.js';
import { objectMatches } from '../select.js';
import { pileId } from '../zones.js';
import { affectedPlayers, cardsIn, hostObject } from './util.js';
import type { GameObject, Zone } from '../types.js';

const ZONES: Record<string, Zone> = { Hand: 'hand', Library: 'library', Graveyard: 'graveyard', Exile: 'exile', Battlefield: 'battlefield' };

registerEffect(
  'Vote',
  function* (run) {
    const g = run.g;
    const h = hostObject(run);
    // "Starting with you" (in a two-player game, you then your opponent).
    const voters = affectedPlayers(run, 'Player').sort((a, b) => (a === run.you ? -1 : b === run.you ? 1 : a - b));
    const validCard = param(run.ref, 'VoteCard');
    if (validCard !== undefined) {
      const zone = ZONES[param(run.ref, 'Zone') ?? 'Battlefield'] ?? 'battlefield';
      const pool: GameObject[] = (
        zone === 'battlefield' || zone === 'exile' ? cardsIn(g, zone) : [run.you, opponent(run.you)].flatMap((s) => cardsIn(g, pileId(zone, s)))
      ).filter((o) => validCard.split(',').some((v) => objectMatches(run, v.trim(), o)));
      if (pool.length === 0) return;
      const votes = new Map<GameObject, number>();
      for (const seat of voters) {
        const k = yield* ask(
          g,
          seat,
          'choose',
          `Vote ${param(run.ref, 'VoteMessage') ?? 'for a card'}`,
          pool.map((o) => ({ label: `vote for ${chars(g, o).name}`, action: { verb: 'choose', card: cardRef(o.id, chars(g, o).name) } })),
        );
        votes.set(pool[k]!, (votes.get(pool[k]!) ?? 0) + 1);
      }
      const most = Math.max(...votes.values());
      if (h) {
        h.remembered = pool.filter((o) => votes.get(o) === most).map((o) => ({ card: o.id, inc: o.inc }));
        touch(g);
      }
      yield* runSub(g, run, 'VoteSubAbility');
      return;
    }
    const words = (param(run.ref, 'VoteType') ?? '')
      .split(',')
      .map((w) => w.trim())
      .filter((w) => w !== '');
    if (words.length === 0) return;
    const counts = new Map(words.map((w) => [w, 0]));
    for (const seat of voters) {
      const k = yield* ask(
        g,
        seat,
        'choose',
        `Vote for ${words.join(' or ')}`,
        words.map((w) => ({ label: w, action: { verb: 'choose', text: w } })),
      );
      counts.set(words[k]!, counts.get(words[k]!)! + 1);
    }
    if (param(run.ref, 'StoreVoteNum') === 'True' && h) {
      for (const w of words) h.stored[`VoteNum${w}`] = counts.get(w)!;
      touch(g);
    }
    const most = Math.max(...counts.values());
    const top = words.filter((w) => counts.get(w) === most);
    if (top.length > 1 && param(run.ref, 'Tied') !== undefined) yield* runSub(g, run, 'Tied');
    else for (const w of top) yield* runSub(g, run, `Vote${w}`);
  },
  { reads: ['Defined', 'VoteType', 'VoteCard', 'Zone', 'VoteMessage', 'VoteSubAbility', 'StoreVoteNum', 'Tied'] },
);
