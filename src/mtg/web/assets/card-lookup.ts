/**
 * The card → image table (`mtg build-card-lookup`; docs/mtg/web.md, "Data and assets"), built
 * from Scryfall's `unique_artwork.json` bulk file: one entry per artwork of a card, each with its
 * CDN image URLs. Per card identity (`oracle_id`, else the name) the oldest art is kept, and the
 * table stores only what varies between cards: the image's id and its cache stamp. Every URL is
 * checked against the format the table expands to; on any drift the build refuses (typed error
 * naming the first bad entry) and the old table stays as it was.
 *
 * The bulk file (~100 MB) is read as a stream: {@link jsonArrayItems} cuts the top-level array
 * into its items and parses one at a time, so memory holds one item and the table, never the
 * whole file.
 */
import { createReadStream, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { StoryletError } from '../../../core/errors.js';
import { normaliseCardName } from '../../cards/index.js';

/** The CDN origin the table's images live under. */
export const SCRYFALL_BASE = 'https://cards.scryfall.io';

/** The image sizes the table can expand to (the two `mtg download` fetches). */
export type ImageSize = 'small' | 'normal';
export const IMAGE_SIZES: readonly ImageSize[] = ['small', 'normal'];

/**
 * The lookup table as written. `cards` maps a card name (Scryfall's, and for a card of several
 * faces each face's name too) to `[back/]<uuid>?<stamp>`, which {@link imageUrl} expands to
 * `<base>/<size>/<front|back>/<uuid[0]>/<uuid[1]>/<uuid>.jpg?<stamp>`.
 */
export type CardLookup = { format: 1; base: string; cards: Record<string, string> };

/** The fields of a Scryfall card object the table reads (everything else is ignored). */
export type ScryfallCard = {
  id?: string;
  name?: string;
  oracle_id?: string;
  released_at?: string;
  set?: string;
  collector_number?: string;
  layout?: string;
  image_uris?: Record<string, string>;
  card_faces?: Array<{ name?: string; oracle_id?: string; image_uris?: Record<string, string> }>;
};

// `https://cards.scryfall.io/normal/front/6/d/6da045f8-6278-4c84-9d39-025adf0789c1.jpg?1562404626`
const URL_FORMAT =
  /^https:\/\/cards\.scryfall\.io\/(small|normal)\/(front|back)\/([0-9a-f])\/([0-9a-f])\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jpg\?(\d+)$/;
const EXPECTED = `${SCRYFALL_BASE}/<small|normal>/<front|back>/<h1>/<h2>/<uuid>.jpg?<digits>, h1 and h2 the uuid's first two characters`;

/** Layouts that are not cards a deck holds: Scryfall's art-series cards reuse card names (`Plains // Plains`). */
const NOT_CARDS = new Set(['art_series']);
/** Layouts that lose a name to a card of the same name (a token "Llanowar Elves" never hides the card). */
const TOKEN_LAYOUTS = new Set(['token', 'double_faced_token', 'emblem']);

/**
 * The encoded value of one image (`[back/]<uuid>?<stamp>`) from its `image_uris`, or `mtg/lookup-drift`.
 */
function encodeImage(uris: unknown, face: 'front' | 'back', where: string): string {
  if (typeof uris !== 'object' || uris === null) throw drift(where, 'image_uris is not an object', JSON.stringify(uris) ?? 'undefined');
  let value: string | undefined;
  for (const size of IMAGE_SIZES) {
    const url = (uris as Record<string, unknown>)[size];
    if (typeof url !== 'string') throw drift(where, `no image_uris.${size}`, JSON.stringify(url) ?? 'undefined');
    const m = URL_FORMAT.exec(url);
    if (!m) throw drift(where, `image_uris.${size} is not ${EXPECTED}`, url);
    const [, sizeIn, faceIn, h1, h2, uuid, stamp] = m as unknown as [string, string, string, string, string, string, string];
    if (sizeIn !== size) throw drift(where, `image_uris.${size} names the size ${sizeIn}`, url);
    if (faceIn !== face) throw drift(where, `image_uris.${size} is the ${faceIn} image where the ${face} one was expected`, url);
    if (h1 !== uuid[0] || h2 !== uuid[1]) throw drift(where, `image_uris.${size}'s folders ${h1}/${h2} are not the uuid's first characters`, url);
    const encoded = `${face === 'back' ? 'back/' : ''}${uuid}?${stamp}`;
    // small and normal must expand from one value: the table stores one per card.
    if (value !== undefined && value !== encoded) throw drift(where, `image_uris.small and image_uris.normal name different images`, url);
    value = encoded;
  }
  return value!;
}

function drift(where: string, what: string, url?: string): StoryletError {
  return new StoryletError(
    'mtg/lookup-drift',
    `${where}: ${what}${url !== undefined ? ` (${url})` : ''}; Scryfall's URL format changed, so nothing was written and the old table is kept. Update src/mtg/web/assets/card-lookup.ts to the new format.`,
    { where, url },
  );
}

/**
 * Expands a table value to the image URL of `size`, under `base` (the table's, or `--base-url`).
 *
 * @example
 * ```ts
 * imageUrl('6da045f8-6278-4c84-9d39-025adf0789c1?1562404626', 'small', SCRYFALL_BASE);
 * // 'https://cards.scryfall.io/small/front/6/d/6da045f8-6278-4c84-9d39-025adf0789c1.jpg?1562404626'
 * ```
 */
export function imageUrl(value: string, size: ImageSize, base: string): string {
  const back = value.startsWith('back/');
  const rest = back ? value.slice(5) : value;
  const q = rest.indexOf('?');
  const uuid = q < 0 ? rest : rest.slice(0, q);
  const stamp = q < 0 ? '' : rest.slice(q);
  return `${base.replace(/\/+$/, '')}/${size}/${back ? 'back' : 'front'}/${uuid[0]}/${uuid[1]}/${uuid}.jpg${stamp}`;
}

/** A candidate for a name: the entry's sort key decides between candidates (smaller wins). */
type Candidate = { value: string; rank: readonly [number, number, string, string, number, string, string] };

// Collector numbers are numbers with letters around them (`12`, `12a`, `★3`, `DDO-10`): compare the
// first run of digits as a number, then the whole text, so `9` < `10` < `10a`.
function collectorNumber(cn: string | undefined): number {
  const m = /\d+/.exec(cn ?? '');
  return m ? Number(m[0]) : Number.MAX_SAFE_INTEGER;
}

function less(a: Candidate['rank'], b: Candidate['rank']): boolean {
  for (let i = 0; i < a.length; i++) {
    if (a[i]! < b[i]!) return true;
    if (a[i]! > b[i]!) return false;
  }
  return false;
}

/**
 * Builds the table from the bulk file's entries, fed one at a time ({@link add}), so a stream of
 * 100 MB never has to be held. Per identity (`oracle_id`, else the name) the oldest art wins:
 * the earliest `released_at`, then `set`, then collector number (numerically), then `id`, so the
 * result depends on the entries and never on their order in the file.
 *
 * @example
 * ```ts
 * const b = new CardLookupBuilder();
 * for (const entry of entries) b.add(entry);
 * b.finish().cards['Lightning Bolt']; // '<uuid>?<stamp>'
 * ```
 */
export class CardLookupBuilder {
  private readonly identities = new Map<string, { rank: Candidate['rank']; names: Array<[string, string, number]> }>();
  private count = 0;
  /** Entries skipped as not cards (art series). */
  skipped = 0;

  /** Reads one entry of the bulk array (its index in the file names it in errors); throws `mtg/lookup-drift` on a URL that drifted. */
  add(raw: unknown): void {
    const index = this.count++;
    const entry = raw as ScryfallCard;
    const label = typeof entry?.name === 'string' ? `entry ${index} (${JSON.stringify(entry.name)})` : `entry ${index}`;
    if (typeof raw !== 'object' || raw === null || typeof entry.name !== 'string' || entry.name === '')
      throw new StoryletError('mtg/lookup-drift', `${label}: a card object with a "name" was expected; nothing was written and the old table is kept`, {
        where: label,
      });
    if (entry.layout !== undefined && NOT_CARDS.has(entry.layout)) {
      this.skipped++;
      return;
    }
    // The names this entry gives images to: the card's, and each face's (a transform card's faces
    // have their own images; a split or adventure card's faces share the card's).
    const names: Array<[string, string, number]> = [];
    const faces = Array.isArray(entry.card_faces) ? entry.card_faces : [];
    const own = entry.image_uris !== undefined ? encodeImage(entry.image_uris, 'front', label) : undefined;
    const faceImages = faces.map((f, i) =>
      own === undefined && f?.image_uris !== undefined ? encodeImage(f.image_uris, i === 0 ? 'front' : 'back', `${label} face ${i}`) : undefined,
    );
    const front = own ?? faceImages[0];
    if (front === undefined) throw drift(label, 'no image_uris on the card or its first face');
    names.push([entry.name, front, 0]);
    faces.forEach((f, i) => {
      const image = faceImages[i] ?? front;
      if (typeof f?.name === 'string' && f.name !== '' && f.name !== entry.name) names.push([f.name, image, 1]);
    });
    const identity = entry.oracle_id ?? faces[0]?.oracle_id ?? `name:${entry.name}`;
    const rank: Candidate['rank'] = [
      0,
      entry.layout !== undefined && TOKEN_LAYOUTS.has(entry.layout) ? 1 : 0,
      entry.released_at ?? '9999-99-99',
      entry.set ?? '',
      collectorNumber(entry.collector_number),
      entry.collector_number ?? '',
      entry.id ?? '',
    ];
    const best = this.identities.get(identity);
    if (!best || less(rank, best.rank)) this.identities.set(identity, { rank, names });
  }

  /** How many entries were read. */
  get entries(): number {
    return this.count;
  }

  /** The table: names in code-unit order; a name two identities share goes to a card's own name before a face's, a card before a token, then the older art. */
  finish(): CardLookup {
    const byName = new Map<string, Candidate>();
    for (const { rank, names } of this.identities.values()) {
      for (const [name, value, isFace] of names) {
        const candidate: Candidate = { value, rank: [isFace, rank[1], rank[2], rank[3], rank[4], rank[5], rank[6]] };
        const held = byName.get(name);
        if (!held || less(candidate.rank, held.rank)) byName.set(name, candidate);
      }
    }
    const cards: Record<string, string> = {};
    for (const name of [...byName.keys()].sort()) cards[name] = byName.get(name)!.value;
    return { format: 1, base: SCRYFALL_BASE, cards };
  }

  /** How many identities the table holds. */
  get size(): number {
    return this.identities.size;
  }
}

/**
 * The items of a JSON array read as text chunks, parsed one at a time: the top-level array is cut
 * at its item boundaries (strings and escapes followed) and each item goes to `JSON.parse`. Throws
 * `mtg/bad-bulk` when the text is not an array, an item is not valid JSON, or the text ends early.
 *
 * @example
 * ```ts
 * for await (const card of jsonArrayItems(createReadStream('unique_artwork.json', 'utf8'))) builder.add(card);
 * ```
 */
export async function* jsonArrayItems(chunks: AsyncIterable<string | Buffer>, file = 'the bulk file'): AsyncGenerator<unknown> {
  let state = 'before' as 'before' | 'between' | 'item' | 'after';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let pending = '';
  let index = 0;
  const bad = (why: string): StoryletError =>
    new StoryletError('mtg/bad-bulk', `${file}: ${why}; give Scryfall's unique_artwork.json (a JSON array of card objects)`, { file });
  for await (const raw of chunks) {
    const chunk = typeof raw === 'string' ? raw : raw.toString('utf8');
    let start = state === 'item' ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (state === 'item') {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c) escaped = true;
          else if (c === 0x22) inString = false;
        } else if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (--depth === 0) {
            const text = pending + chunk.slice(start, i + 1);
            pending = '';
            start = -1;
            state = 'between';
            let item: unknown;
            try {
              item = JSON.parse(text);
            } catch (error) {
              throw bad(`item ${index} is not valid JSON (${(error as Error).message})`);
            }
            index++;
            yield item;
          }
        }
        continue;
      }
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff) continue;
      if (state === 'before') {
        if (c !== 0x5b) throw bad('it does not begin with "["');
        state = 'between';
      } else if (state === 'between') {
        if (c === 0x2c) continue;
        if (c === 0x5d) state = 'after';
        else if (c === 0x7b) {
          state = 'item';
          depth = 1;
          start = i;
        } else throw bad(`item ${index} is not an object`);
      } else throw bad('there is text after the closing "]"');
    }
    if (state === 'item') pending += chunk.slice(start);
  }
  if (state !== 'after') throw bad(state === 'before' ? 'it is empty' : `it ends inside item ${index} (a truncated download?)`);
}

/** What {@link buildCardLookupFile} read and wrote. */
export type LookupReport = { entries: number; skipped: number; identities: number; names: number; bytes: number; out: string };

/**
 * Serialises a table: one name per line inside `cards`, names in code-unit order, so two builds
 * from one bulk file are byte for byte equal and a rebuild reads as a diff.
 */
export function lookupText(lookup: CardLookup): string {
  const lines = Object.entries(lookup.cards).map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value)}`);
  return `{"format":${lookup.format},"base":${JSON.stringify(lookup.base)},"cards":{\n${lines.join(',\n')}\n}}\n`;
}

/**
 * Reads the bulk file at `bulk` (streamed) and writes the table to `out` through a temporary file
 * renamed only when the whole file was read and every URL checked: on any error `out` is left
 * byte for byte as it was.
 *
 * @example
 * ```ts
 * await buildCardLookupFile('unique_artwork.json', 'web/data/card-lookup.json'); // { identities: 31000, … }
 * ```
 */
export async function buildCardLookupFile(bulk: string, out: string): Promise<LookupReport> {
  const builder = new CardLookupBuilder();
  const stream = createReadStream(bulk, { encoding: 'utf8', highWaterMark: 1 << 20 });
  try {
    for await (const item of jsonArrayItems(stream, bulk)) builder.add(item);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR')
      throw new StoryletError(
        'mtg/bad-bulk',
        `cannot read ${bulk}: ${(error as Error).message}; download unique_artwork.json from https://scryfall.com/docs/api/bulk-data first`,
        {
          file: bulk,
        },
      );
    throw error;
  } finally {
    stream.destroy();
  }
  const lookup = builder.finish();
  const text = lookupText(lookup);
  mkdirSync(dirname(out), { recursive: true });
  const temp = `${out}.tmp-${process.pid}`;
  try {
    writeFileSync(temp, text);
    renameSync(temp, out);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return {
    entries: builder.entries,
    skipped: builder.skipped,
    identities: builder.size,
    names: Object.keys(lookup.cards).length,
    bytes: Buffer.byteLength(text),
    out,
  };
}

/**
 * The table's value for a card name: the name as written, else the name normalised as the card
 * registry normalises (`Æther Vial`, curly apostrophes, `Fire//Ice`).
 *
 * @example
 * ```ts
 * const find = lookupIndex(table);
 * find('aether vial'); // '<uuid>?<stamp>' of Æther Vial
 * ```
 */
export function lookupIndex(lookup: CardLookup): (name: string) => string | undefined {
  const normalised = new Map<string, string>();
  for (const [name, value] of Object.entries(lookup.cards)) {
    const key = normaliseCardName(name);
    if (!normalised.has(key)) normalised.set(key, value);
  }
  return (name) => (Object.prototype.hasOwnProperty.call(lookup.cards, name) ? lookup.cards[name] : normalised.get(normaliseCardName(name)));
}

/**
 * Reads and checks a table written by {@link buildCardLookupFile}: `mtg/bad-lookup` when it is not one.
 */
export function parseLookup(text: string, file: string): CardLookup {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new StoryletError(
      'mtg/bad-lookup',
      `${file} is not JSON (${(error as Error).message}); rebuild it with mtg build-card-lookup --bulk unique_artwork.json`,
      { file },
    );
  }
  const v = value as Partial<CardLookup>;
  if (typeof v !== 'object' || v === null || v.format !== 1 || typeof v.base !== 'string' || typeof v.cards !== 'object' || v.cards === null)
    throw new StoryletError(
      'mtg/bad-lookup',
      `${file} is not a card lookup table of format 1; rebuild it with mtg build-card-lookup --bulk unique_artwork.json`,
      { file },
    );
  for (const [name, image] of Object.entries(v.cards)) {
    if (typeof image !== 'string' || !/^(back\/)?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\?\d+$/.test(image))
      throw new StoryletError(
        'mtg/bad-lookup',
        `${file}: the entry of ${JSON.stringify(name)} is ${JSON.stringify(image)}, not [back/]<uuid>?<digits>; rebuild the table`,
        { file, name },
      );
  }
  return v as CardLookup;
}
