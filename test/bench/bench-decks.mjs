// The decks the AI benchmarks play (mtg-heuristic.mjs, mtg-search.mjs): the 1994–1995 championship
// decks (DeepScry's corpus, extracted into .corpus/ from ../shared when needed, with Forge's card
// scripts fetched into .cards/), or the starter decks when either corpus is absent. Chaos Orb,
// which Forge's corpus lacks, comes from our supplement (src/mtg/supplement).
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const dist = (p) => import(`${REPO}dist/mtg/${p}`);
const { openCorpus } = await dist('cards/index.js');
const { corpusRegistry } = await dist('supplement/index.js');
const { readDeck } = await dist('decks/index.js');
const { starterRegistry, STARTER_DECKS } = await dist('starter/index.js');

function championship() {
  const cards = `${REPO}.cards`;
  const corpus = `${REPO}.corpus/deepscry/decks/championship`;
  const tarball = `${REPO}../shared/deepscry/decks.tar.gz`;
  if (!existsSync(corpus) && existsSync(tarball)) {
    mkdirSync(`${REPO}.corpus`, { recursive: true });
    execFileSync('tar', ['xzf', tarball, '-C', `${REPO}.corpus`]);
  }
  if (!existsSync(`${cards}/cardsfolder`) || !existsSync(corpus)) return null;
  const registry = corpusRegistry(openCorpus(cards).corpus);
  const decks = ['1994', '1995'].flatMap((year) =>
    readdirSync(`${corpus}/${year}`)
      .filter((f) => f.endsWith('.dck'))
      .sort()
      .map((f) => {
        const deck = readDeck(readFileSync(`${corpus}/${year}/${f}`, 'utf8'), f, registry);
        const dropped = deck.diagnostics.filter((d) => d.code === 'deck/unknown-card').map((d) => /"([^"]+)"/.exec(d.message)?.[1]);
        return { name: deck.name, main: deck.main, dropped };
      }),
  );
  return { registry, decks, source: 'the 1994–1995 championship decks' };
}

function starter() {
  const registry = starterRegistry();
  const decks = STARTER_DECKS.map((d) => {
    const deck = readDeck(d.text, d.file, registry);
    return { name: deck.name, main: deck.main, dropped: [] };
  });
  return { registry, decks, source: 'the starter decks (no championship corpus here)' };
}

/** `{ registry, decks: [{ name, main, dropped }], source }`: the championship decks, else the starter decks. */
export function benchDecks() {
  return championship() ?? starter();
}
