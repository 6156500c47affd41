/**
 * Card images for the pages (`mtg download`; docs/mtg/web.md, "Data and assets"): the images of a
 * deck's cards, from the card lookup table's URLs, into `<out>/<size>/<slug>.jpg`, and
 * `<out>/images.json` naming the ones that are there. At most `concurrency` requests at once and
 * request starts at least `delayMs` apart (Scryfall asks API clients for 50–100 ms; its image CDN
 * is not rate limited, but one deploy need not be the heaviest client it has). A failing image (an
 * HTTP error, a timeout, bytes that are not a JPEG) is reported with its card and URL and left out
 * of images.json; the others are still fetched. No retries: a failure is reported, the next run
 * fetches only what is missing.
 */
import { existsSync, mkdirSync, openSync, readSync, closeSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StoryletError } from '../../../core/errors.js';
import { normaliseCardName } from '../../cards/index.js';
import { assetHash } from '../hash.js';
import { imageUrl, lookupIndex, type CardLookup, type ImageSize } from './card-lookup.js';

/** `images.json`: card name → path of its image relative to the images folder. */
export type ImagesIndex = { format: 1; size: ImageSize; images: Record<string, string> };

/** The file name of the index, in the images folder. */
export const IMAGES_FILE = 'images.json';

/** The largest image accepted (a Scryfall `normal` is ~100 KB): anything bigger is not a card image. */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

/** How {@link downloadImages} fetches. */
export type DownloadOptions = {
  /** Card names (as the card registry names them: the keys of images.json). */
  names: readonly string[];
  lookup: CardLookup;
  /** The images folder (`web/data/images`). */
  out: string;
  size: ImageSize;
  /** Requests in flight at most (≥ 1). */
  concurrency: number;
  /** Least time between two request starts, in ms. */
  delayMs: number;
  /** Replaces the table's CDN origin (`http://127.0.0.1:PORT` in tests, a mirror in a deploy). */
  baseUrl?: string;
  /** A request that has not finished after this many ms fails. */
  timeoutMs: number;
  /** The fetch to use (default the global one); tests wrap it to time the requests. */
  fetch?: typeof fetch;
  /** Told each card as it is done (`downloaded`, `present`), for progress lines. */
  onCard?: (card: string, outcome: 'downloaded' | 'present') => void;
};

/** A card whose image could not be fetched. */
export type DownloadFailure = { card: string; url: string; reason: string };

/** What {@link downloadImages} did; every list in card-name order. */
export type DownloadReport = {
  downloaded: string[];
  /** Already on disk: not fetched again. */
  present: string[];
  failed: DownloadFailure[];
  /** Cards the lookup table has no image for. */
  unknown: string[];
  bytes: number;
  index: ImagesIndex;
};

/**
 * The file stem of a card's image: the normalised name's letters and digits, `_` between runs
 * (`Æther Vial` → `aether_vial`, `Fire // Ice` → `fire_ice`).
 *
 * @example
 * ```ts
 * imageSlug("Gaea's Liege"); // 'gaeas_liege'
 * ```
 */
export function imageSlug(name: string): string {
  const slug = normaliseCardName(name)
    .replace(/'/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return slug === '' ? `card_${assetHash(new TextEncoder().encode(name))}` : slug;
}

/** Whether `bytes` begin like a JPEG file (SOI marker then a segment marker). */
function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function fileIsJpeg(path: string): boolean {
  try {
    const fd = openSync(path, 'r');
    try {
      const head = Buffer.alloc(4);
      return readSync(fd, head, 0, 4, 0) === 4 && isJpeg(head);
    } finally {
      closeSync(fd);
    }
  } catch {
    return false;
  }
}

/**
 * Reads an existing images.json of the same size (its entries whose files are there are kept, so
 * downloading a second deck adds to the first); another size, or none, starts empty.
 */
function existingIndex(out: string, size: ImageSize): Record<string, string> {
  const path = join(out, IMAGES_FILE);
  if (!existsSync(path)) return {};
  let index: Partial<ImagesIndex>;
  try {
    index = JSON.parse(readFileSync(path, 'utf8')) as Partial<ImagesIndex>;
  } catch (error) {
    throw new StoryletError('mtg/bad-images-index', `${path} is not JSON (${(error as Error).message}); delete it and download again`, { file: path });
  }
  if (index.format !== 1 || typeof index.images !== 'object' || index.images === null)
    throw new StoryletError('mtg/bad-images-index', `${path} is not an images index of format 1; delete it and download again`, { file: path });
  if (index.size !== size) return {};
  const kept: Record<string, string> = {};
  for (const [name, rel] of Object.entries(index.images)) if (typeof rel === 'string' && fileIsJpeg(join(out, rel))) kept[name] = rel;
  return kept;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Fetches the images of `names` (see the module comment) and writes images.json (through a
 * temporary file and a rename). Resolves with what happened; never rejects for one image.
 *
 * @example
 * ```ts
 * const report = await downloadImages({ names: ['Lightning Bolt'], lookup, out: 'web/data/images', size: 'small', concurrency: 4, delayMs: 50, timeoutMs: 30_000 });
 * report.failed; // []
 * ```
 */
export async function downloadImages(options: DownloadOptions): Promise<DownloadReport> {
  const { out, size } = options;
  const base = options.baseUrl ?? options.lookup.base;
  const find = lookupIndex(options.lookup);
  const names = [...new Set(options.names)].sort();
  const images = existingIndex(out, size);
  const slugs = new Map<string, string>(Object.entries(images).map(([name, rel]) => [rel, name]));
  mkdirSync(join(out, size), { recursive: true });

  const report: DownloadReport = { downloaded: [], present: [], failed: [], unknown: [], bytes: 0, index: { format: 1, size, images } };
  // The jobs, in name order; each gets its file path now, so two names whose slugs meet are told
  // apart the same way on every run (the later name gets the hash of its name appended).
  const jobs: Array<{ card: string; url: string; rel: string }> = [];
  for (const card of names) {
    const value = find(card);
    if (value === undefined) {
      report.unknown.push(card);
      continue;
    }
    let rel = images[card] ?? `${size}/${imageSlug(card)}.jpg`;
    if (slugs.has(rel) && slugs.get(rel) !== card) rel = `${size}/${imageSlug(card)}_${assetHash(new TextEncoder().encode(card)).slice(0, 8)}.jpg`;
    slugs.set(rel, card);
    const path = join(out, rel);
    if (fileIsJpeg(path)) {
      images[card] = rel;
      report.present.push(card);
      options.onCard?.(card, 'present');
      continue;
    }
    jobs.push({ card, url: imageUrl(value, size, base), rel });
  }

  // Politeness: request starts pass one gate in turn, each at least `delayMs` after the one before.
  // The gate sends the request itself and takes the time only once it is sent, so the clock the
  // next gap is measured from is never earlier than the send (a gap read at the sender, or by the
  // server, is never short by the millisecond a send can straddle).
  let gate: Promise<unknown> = Promise.resolve();
  let lastStart = -Infinity;
  const start = <T>(send: () => Promise<T>): Promise<T> => {
    const sent = gate.then(async () => {
      for (let wait = lastStart + options.delayMs - Date.now(); wait > 0; wait = lastStart + options.delayMs - Date.now()) await sleep(wait);
      const request = send();
      lastStart = Date.now();
      // Wrapped so the gate waits for the send, never for the answer.
      return { request };
    });
    gate = sent;
    return sent.then((s) => s.request);
  };
  const get = options.fetch ?? fetch;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const job = jobs[next++]!;
      const outcome = await start(() => fetchImage(get, job.url, options.timeoutMs));
      if (typeof outcome === 'string') {
        report.failed.push({ card: job.card, url: job.url, reason: outcome });
        continue;
      }
      const path = join(out, job.rel);
      writeFileSync(`${path}.tmp-${process.pid}`, outcome);
      renameSync(`${path}.tmp-${process.pid}`, path);
      images[job.card] = job.rel;
      report.downloaded.push(job.card);
      report.bytes += outcome.length;
      options.onCard?.(job.card, 'downloaded');
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(options.concurrency, jobs.length)) }, () => worker()));

  report.downloaded.sort();
  report.failed.sort((a, b) => (a.card < b.card ? -1 : a.card > b.card ? 1 : 0));
  const sorted: Record<string, string> = {};
  for (const name of Object.keys(images).sort()) sorted[name] = images[name]!;
  report.index = { format: 1, size, images: sorted };
  const path = join(out, IMAGES_FILE);
  writeFileSync(`${path}.tmp-${process.pid}`, `${JSON.stringify(report.index, null, 2)}\n`);
  renameSync(`${path}.tmp-${process.pid}`, path);
  return report;
}

/** The bytes of a JPEG at `url`, or why not (one line). */
async function fetchImage(get: typeof fetch, url: string, timeoutMs: number): Promise<Uint8Array | string> {
  try {
    const response = await get(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
    if (!response.ok) {
      await response.body?.cancel();
      return `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    }
    const length = Number(response.headers.get('content-length') ?? '0');
    if (length > MAX_IMAGE_BYTES) {
      await response.body?.cancel();
      return `${length} bytes, more than an image may have (${MAX_IMAGE_BYTES})`;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (bytes.length > MAX_IMAGE_BYTES) return `${bytes.length} bytes, more than an image may have (${MAX_IMAGE_BYTES})`;
    if (!isJpeg(bytes)) return `the response (${bytes.length} bytes, ${response.headers.get('content-type') ?? 'no content type'}) is not a JPEG image`;
    return bytes;
  } catch (error) {
    const e = error as Error;
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    return `${e.message}${cause?.code ? ` (${cause.code})` : cause?.message ? ` (${cause.message})` : ''}`;
  }
}
