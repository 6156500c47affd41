/**
 * The Board's Table view, engine side: table files (given as text) in, wire views out; the
 * author's edits as new text; a search tried on a fresh table built from the file. No files or
 * HTTP here: server.ts reads and writes the files and passes their text.
 */
import { StoryletError } from '../core/errors.js';
import { readTableFile, setTableSetting } from '../content/table-format.js';
import { createTable } from '../table/index.js';
import type { Audience, SearchPolicy } from '../table/index.js';
import type { TableRequest, WirePile, WireTable, WireTriedSearch } from './client/protocol.js';

/** A table file: its name relative to the content folder, and its text. */
export interface TableText {
  file: string;
  text: string;
}

/** The wire view of every table file, in the order given. */
export function wireTables(files: readonly TableText[]): WireTable[] {
  return files.map(wireTable);
}

function wireTable({ file, text }: TableText): WireTable {
  const r = readTableFile(file, text);
  if (!r.ok) return { file, ok: false, host: '', seats: [], zones: [], piles: [] };
  const table = createTable(r.options);
  const piles: WirePile[] = r.table.piles.map((p) => {
    const w: WirePile = {
      id: p.id,
      name: p.name ?? p.id,
      kind: p.kind,
      owner: p.owner ?? null,
      zone: p.zone ?? null,
      count: p.cards?.length ?? 0,
      search: p.search ?? 'not-set',
      afterSearch: p.afterSearch ?? 'not-set',
    };
    if (p.kind === 'deck' || p.kind === 'bag') w.effective = table.resolveSearchPolicy(p.id);
    return w;
  });
  const zones = r.table.zones.map((z) => {
    const w: WireTable['zones'][number] = { id: z.id, kind: z.kind, search: z.search ?? 'not-set' };
    if (z.within !== undefined) w.within = z.within;
    return w;
  });
  return { file, ok: true, host: r.table.host, seats: r.table.seats, zones, piles };
}

/** The new text of a table file after one setting changed (`board/table-edit` when it cannot be). */
export function editTable(t: TableText, req: Extract<TableRequest, { action: 'set' }>): string {
  if (
    (req.target !== 'pile' && req.target !== 'zone') ||
    (req.key !== 'search' && req.key !== 'afterSearch') ||
    (req.target === 'zone' && req.key !== 'search')
  ) {
    throw new StoryletError(
      'board/table-edit',
      `a table edit sets \`search\` or \`afterSearch\` on a pile, or \`search\` on an area zone; got ${req.key} on a ${req.target}`,
    );
  }
  const r = setTableSetting(t.text, t.file, { target: req.target, id: req.id, key: req.key, value: req.value } as Parameters<typeof setTableSetting>[2]);
  if (!r.ok) throw new StoryletError('board/table-edit', `${t.file}: ${r.message}`, { file: t.file });
  return r.text;
}

const AUDIENCE_WORDS: Record<Exclude<Audience, 'not-set'>, string> = {
  'no-one': 'No one',
  owner: 'Owner seat only',
  host: 'Host only',
  'owner-and-host': 'Owner seat and host',
  anyone: 'Anyone',
};
const FROM_WORDS = { pile: 'set on the pile', zone: 'inherited from its zone', default: 'the kind default' } as const;

/**
 * What `seat`'s search of `pile` would do on the table as the file describes it: the private
 * browse and the public log, or, when refused, nothing at the table and the reason for the author
 * (the table itself never gives one: a refusal is silent).
 */
export function trySearch(t: TableText, seat: string, pileId: string): WireTriedSearch {
  const r = readTableFile(t.file, t.text);
  if (!r.ok) throw new StoryletError('board/table-edit', `${t.file} has errors: fix them (they are shown above) to try a search`, { file: t.file });
  const table = createTable(r.options);
  const policy: SearchPolicy = table.resolveSearchPolicy(pileId);
  const pile = table.pile(pileId);
  const session = table.openSearch(seat, pileId);
  const rule = `Search is ${AUDIENCE_WORDS[policy.search.value]} (${FROM_WORDS[policy.search.from]})`;
  const who = policy.search.seats.length ? policy.search.seats.join(', ') : 'no one';
  if (!session) {
    const extra = policy.search.value === 'owner' && pile.owner === null ? '; the pile has no owner, so "owner seat" is nobody' : '';
    return {
      file: t.file,
      seat,
      pile: pileId,
      allowed: false,
      browse: [],
      publicLines: [],
      why: `${seat} may not search ${pile.name}: ${rule}, which lets in ${who}${extra}. The table sees nothing and is told nothing.`,
    };
  }
  const browse = [...session.cards];
  session.close();
  const after = policy.afterSearch.value === 'shuffle' ? 'Shuffle the rest' : 'Keep the order';
  return {
    file: t.file,
    seat,
    pile: pileId,
    allowed: true,
    browse,
    publicLines: [...table.log],
    why: `${seat} may search ${pile.name}: ${rule}, which lets in ${who}. After search: ${after} (${FROM_WORDS[policy.afterSearch.from]}).`,
  };
}
