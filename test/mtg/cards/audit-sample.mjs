// The sample of the plays-as-printed audit (docs/mtg/coverage-audit.md): prints the names of the
// cards it draws, one a line, in stratum order. Runs on the built package (dist/): build first.
//   node test/mtg/cards/audit-sample.mjs [--from <cardsfolder.tar.gz|dir>] [--size 150] [--salt audit-2026] [--strata | --by-hash]
// --strata prints each stratum's size and quota; --by-hash prints the sample in the order it is
// audited (by the same hash, smallest first), so a partial audit is a fixed subset of it.
//
// The rule, fixed in advance:
// 1. The population is the faithful cards of the engine as built: the ordinary (non-variant)
//    cards of the Forge corpus that are playable (`missingPrimitives` empty) and write no
//    parameter that no code declares it reads (`unreadParams` empty), as `mtg cards coverage`
//    counts them.
// 2. Each card falls in one stratum: its type, the first of Creature, Planeswalker, Instant,
//    Sorcery, Enchantment, Artifact, Land its front face has (else Other), times its colour: W, U,
//    B, R or G for one colour, M for two or more, C for none.
// 3. A stratum's quota is its share of the population times the sample size, rounded by largest
//    remainder (Hamilton): every stratum gets the whole part, and the seats left go one each to
//    the largest fractional parts (ties: the stratum order above, type first, then colour).
// 4. Within a stratum the cards are ordered by sha256(salt + ":" + name) in hex and the first
//    `quota` are taken. The salt is "audit-2026" for the first draw (engine 2b31139) and
//    "audit-2026-b" for the second (engine e10ded4): a new salt draws a sample no fix was made for.
import { existsSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { fetchCards, isVariantCard, missingPrimitives, openCorpus, paramReaders, supportedPrimitives, unreadParams } from '../../../dist/mtg/index.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const { values } = parseArgs({
  options: { from: { type: 'string' }, size: { type: 'string' }, salt: { type: 'string' }, strata: { type: 'boolean' }, 'by-hash': { type: 'boolean' } },
});
const from = values.from ?? `${repo}../shared/forge/cardsfolder.tar.gz`;
const size = Number(values.size ?? 150);
const salt = values.salt ?? 'audit-2026';
if (!existsSync(from)) {
  console.error(`audit-sample: no corpus at ${from} (pass --from <cardsfolder.tar.gz|dir>)`);
  process.exit(2);
}
const cardsDir = `${repo}.cards`;
fetchCards({ from, cardsDir });
const { corpus } = openCorpus(cardsDir);

const TYPES = ['Creature', 'Planeswalker', 'Instant', 'Sorcery', 'Enchantment', 'Artifact', 'Land', 'Other'];
const COLOURS = ['W', 'U', 'B', 'R', 'G', 'M', 'C'];
const typeOf = (card) => TYPES.find((t) => card.faces[0].types.cardTypes.includes(t)) ?? 'Other';
const colourOf = (card) => (card.colours.length === 0 ? 'C' : card.colours.length > 1 ? 'M' : card.colours[0]);
const hash = (name) => createHash('sha256').update(`${salt}:${name}`).digest('hex');

const supported = new Set(supportedPrimitives());
const readers = paramReaders();
const faithful = corpus.cards.filter((c) => !isVariantCard(c) && missingPrimitives(c, supported).length === 0 && unreadParams(c, readers).length === 0);

const strata = [];
for (const t of TYPES) for (const c of COLOURS) strata.push({ key: `${t}/${c}`, cards: [] });
const byKey = new Map(strata.map((s) => [s.key, s]));
for (const card of faithful) byKey.get(`${typeOf(card)}/${colourOf(card)}`).cards.push({ name: card.name, h: hash(card.name) });
for (const s of strata) {
  s.cards.sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0));
  s.exact = (s.cards.length * size) / faithful.length;
  s.quota = Math.floor(s.exact);
}
let left = size - strata.reduce((n, s) => n + s.quota, 0);
const byRemainder = strata.map((s, i) => ({ s, i })).sort((a, b) => b.s.exact - b.s.quota - (a.s.exact - a.s.quota) || a.i - b.i);
for (const { s } of byRemainder) {
  if (left === 0) break;
  s.quota++;
  left--;
}

if (values.strata) {
  console.log(`faithful ${faithful.length} of ${corpus.cards.filter((c) => !isVariantCard(c)).length} ordinary cards; sample ${size}`);
  for (const s of strata) if (s.cards.length) console.log(`${s.key}\t${s.cards.length}\t${s.exact.toFixed(2)}\t${s.quota}`);
} else {
  const sample = strata.flatMap((s) => s.cards.slice(0, s.quota).map((c) => ({ ...c, key: s.key })));
  if (values['by-hash']) sample.sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0));
  sample.forEach((c, i) => console.log(`${i + 1}\t${c.key}\t${c.name}`));
}
