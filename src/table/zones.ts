import { StoryletError } from '../core/errors.js';
import { AUDIENCES, requireId, requireOneOf, requireZone } from './state.js';
import type { Audience, TableState, ZoneState } from './state.js';

/**
 * An area zone as authored. Area zones nest (`within`); a pile placed in a zone resolves its
 * zone rule through that zone only, the smallest containing area zone, never its ancestors.
 * Zones take `search` only: what happens after a search is the pile's business.
 *
 * @example
 * ```ts
 * table.addZone({ id: 'room', kind: 'area' });
 * table.addZone({ id: 'areaA', kind: 'area', within: 'room', search: 'host' });
 * ```
 */
export interface ZoneOptions {
  id: string;
  kind: 'area';
  /** The area zone this one sits inside; it must already exist, so zones cannot form a cycle. */
  within?: string;
  /** Who may search the decks and bags in this zone that do not say so themselves. */
  search?: Audience;
}

export function addZone(state: TableState, options: ZoneOptions): void {
  if (options === null || typeof options !== 'object') {
    throw new StoryletError('table/invalid-option', 'addZone takes an options object', { value: options });
  }
  const id = requireId('zone id', options.id);
  requireOneOf('zone kind', options.kind, ['area'] as const);
  if ('afterSearch' in options) {
    throw new StoryletError('table/invalid-option', `zone ${JSON.stringify(id)}: zones take \`search\` only; set \`afterSearch\` on the pile`, {
      option: 'afterSearch',
      zone: id,
    });
  }
  const search = options.search === undefined ? 'not-set' : requireOneOf('search', options.search, AUDIENCES);
  const within = options.within === undefined ? null : requireZone(state, options.within).id;
  if (state.zones.some((z) => z.id === id)) {
    throw new StoryletError('table/duplicate-id', `there is already a zone ${JSON.stringify(id)}`, { id });
  }
  const zone: ZoneState = { id, kind: 'area', within, search };
  state.zones.push(zone);
}
