/**
 * Reads content files (already parsed YAML) into one merged, positioned model. Shapes are checked
 * here (a map where a map belongs, known keys, numbers that are numbers); names, types and
 * expressions are checked later by `publish`, which needs the whole model to do it.
 *
 * The key lists below are the content format's contract; docs/content-format.md documents them.
 */
import { nearest } from '../core/errors.js';
import type { Place } from './diagnostics.js';
import { checkKeys, entries, isSeq, items, scalar, type Entry, type Located, type Reporter } from './source.js';

export const TOP_KEYS = ['settings', 'world', 'qualities', 'tagGroups', 'handTemplates', 'boxes'] as const;
export const SETTINGS_KEYS = ['playAdvances'] as const;
export const GROUP_KEYS = ['properties', 'tags'] as const;
export const TEMPLATE_KEYS = ['tags', 'choose', 'properties', 'condition', 'slots'] as const;
export const HAND_KEYS = ['template', 'tags', 'choose', 'properties', 'condition', 'slots'] as const;
export const BOX_KEYS = ['specificity', 'decks', 'hands'] as const;
export const DECK_KEYS = ['gate', 'shared', 'cards'] as const;
export const CARD_KEYS = ['tags', 'condition', 'priority', 'copies', 'shared', 'sharedCopies', 'redraw', 'effects', 'title', 'text', 'data'] as const;
export const QUALITY_VALUE_KEYS = ['quality', 'start'] as const;

/** A name declared in content, with where its key is. */
export interface Named {
  id: string;
  place: Place;
}

/** A property (or world name) as written: its key and its starting value's node. */
export interface RawProperty extends Named {
  value: Located;
}

export interface RawTag extends Named {
  /** Starting values for the group's properties, or properties of its own. */
  entries: RawProperty[];
}

export interface RawGroup extends Named {
  properties: RawProperty[];
  tags: RawTag[];
}

export interface RawQuality extends Named {
  stages: Named[];
  /** Written as an empty list or nothing: a value that is not a list is reported as such instead. */
  empty: boolean;
}

export interface RawTagBinding {
  group: string;
  groupPlace: Place;
  tag: string;
  tagPlace: Place;
}

/** What templates and hands share. */
export interface RawHandShape extends Named {
  tags: RawTagBinding[];
  choose: Named[];
  properties: RawProperty[];
  condition?: Located;
  slots?: { value: unknown; place: Place };
  /** Hands only: the template it is made from. */
  template?: Named;
  /** The keys the author wrote, and where, to tell an override from a default. */
  written: Map<string, Place>;
}

export interface RawHand extends RawHandShape {
  box: string;
}

export interface RawCard extends Named {
  box: string;
  deck: string;
  tags: { group: string; groupPlace: Place; tags: Named[] }[];
  condition?: Located;
  priority?: Located;
  copies?: Located;
  shared?: Located;
  sharedCopies?: Located;
  redraw?: Located;
  effects: Located[];
  title?: Located;
  text?: Located;
  data?: Located;
}

export interface RawDeck extends Named {
  box: string;
  gate?: Located;
  shared?: Located;
  cards: RawCard[];
}

export interface RawBox extends Named {
  specificity?: Located;
  decks: RawDeck[];
  hands: RawHand[];
}

export interface RawContent {
  playAdvances?: Located;
  world: RawProperty[];
  qualities: RawQuality[];
  groups: RawGroup[];
  templates: RawHandShape[];
  boxes: RawBox[];
  /** Every card in content order, across boxes and files. */
  cards: RawCard[];
}

export function emptyContent(): RawContent {
  return { world: [], qualities: [], groups: [], templates: [], boxes: [], cards: [] };
}

/**
 * Adds one file's root node to the merged content. Files are merged in the order given (sorted
 * by path); a box may be spread over several files, everything else is declared once.
 */
export function readFile(root: Located, content: RawContent, rep: Reporter): void {
  const top = entries(root, rep, 'a content file');
  checkKeys(top, TOP_KEYS, rep, 'a content file', nearest);
  for (const e of top) {
    switch (e.key) {
      case 'settings': {
        const s = entries(e.value, rep, '`settings`');
        checkKeys(s, SETTINGS_KEYS, rep, '`settings`', nearest);
        for (const se of s) {
          if (se.key !== 'playAdvances') continue;
          if (content.playAdvances) duplicate(rep, 'setting', se.key, se.keyPlace);
          else content.playAdvances = se.value;
        }
        break;
      }
      case 'world':
        for (const p of properties(e.value, rep, '`world`')) {
          if (byId(content.world).has(p.id)) duplicate(rep, 'world name', p.id, p.place);
          else content.world.push(p);
        }
        break;
      case 'qualities':
        for (const q of entries(e.value, rep, '`qualities`')) {
          if (byId(content.qualities).has(q.key)) {
            duplicate(rep, 'quality', q.key, q.keyPlace);
            continue;
          }
          const stages = items(q.value, rep, `the quality ${q.key}`).flatMap((s) => {
            const v = scalar(s, rep, `a stage of ${q.key}`);
            if (typeof v !== 'string') {
              if (v !== undefined) rep.report('content/type', s.place, `a stage of ${q.key} should be a name`);
              return [];
            }
            return [{ id: v, place: s.place }];
          });
          const empty = q.value.node === null || (isSeq(q.value.node) && q.value.node.items.length === 0);
          content.qualities.push({ id: q.key, place: q.keyPlace, stages, empty });
        }
        break;
      case 'tagGroups':
        for (const g of entries(e.value, rep, '`tagGroups`')) {
          if (byId(content.groups).has(g.key)) {
            duplicate(rep, 'tag group', g.key, g.keyPlace);
            continue;
          }
          content.groups.push(group(g, rep));
        }
        break;
      case 'handTemplates':
        for (const t of entries(e.value, rep, '`handTemplates`')) {
          if (byId(content.templates).has(t.key)) {
            duplicate(rep, 'hand template', t.key, t.keyPlace);
            continue;
          }
          content.templates.push(handShape(t, rep, `the hand template ${t.key}`, TEMPLATE_KEYS));
        }
        break;
      case 'boxes':
        for (const b of entries(e.value, rep, '`boxes`')) box(b, content, rep);
        break;
    }
  }
}

function group(g: Entry, rep: Reporter): RawGroup {
  const what = `the tag group ${g.key}`;
  const list = entries(g.value, rep, what);
  checkKeys(list, GROUP_KEYS, rep, what, nearest);
  const out: RawGroup = { id: g.key, place: g.keyPlace, properties: [], tags: [] };
  for (const e of list) {
    if (e.key === 'properties') out.properties = properties(e.value, rep, `the properties of ${g.key}`);
    if (e.key === 'tags') {
      for (const t of entries(e.value, rep, `the tags of ${g.key}`)) {
        if (byId(out.tags).has(t.key)) duplicate(rep, `tag of ${g.key}`, t.key, t.keyPlace);
        else out.tags.push({ id: t.key, place: t.keyPlace, entries: properties(t.value, rep, `the tag ${g.key}.${t.key}`) });
      }
    }
  }
  return out;
}

function box(b: Entry, content: RawContent, rep: Reporter): void {
  const what = `the box ${b.key}`;
  let target = byId(content.boxes).get(b.key);
  if (!target) {
    target = { id: b.key, place: b.keyPlace, decks: [], hands: [] };
    content.boxes.push(target);
  }
  const list = entries(b.value, rep, what);
  checkKeys(list, BOX_KEYS, rep, what, nearest);
  for (const e of list) {
    if (e.key === 'specificity') {
      if (target.specificity) duplicate(rep, `setting of ${b.key}`, 'specificity', e.keyPlace);
      else target.specificity = e.value;
    }
    if (e.key === 'decks') {
      for (const d of entries(e.value, rep, `the decks of ${b.key}`)) {
        if (byId(target.decks).has(d.key)) {
          duplicate(rep, `deck of ${b.key}`, d.key, d.keyPlace);
          continue;
        }
        target.decks.push(deck(d, b.key, content, rep));
      }
    }
    if (e.key === 'hands') {
      for (const h of entries(e.value, rep, `the hands of ${b.key}`)) {
        target.hands.push({ ...handShape(h, rep, `the hand ${h.key}`, HAND_KEYS), box: b.key });
      }
    }
  }
}

function deck(d: Entry, boxId: string, content: RawContent, rep: Reporter): RawDeck {
  const what = `the deck ${d.key}`;
  const list = entries(d.value, rep, what);
  checkKeys(list, DECK_KEYS, rep, what, nearest);
  const out: RawDeck = { id: d.key, place: d.keyPlace, box: boxId, cards: [] };
  for (const e of list) {
    if (e.key === 'gate') out.gate = e.value;
    if (e.key === 'shared') out.shared = e.value;
    if (e.key === 'cards') {
      for (const c of entries(e.value, rep, `the cards of ${d.key}`)) {
        const raw = card(c, boxId, d.key, rep);
        out.cards.push(raw);
        content.cards.push(raw);
      }
    }
  }
  return out;
}

function card(c: Entry, boxId: string, deckId: string, rep: Reporter): RawCard {
  const what = `the card ${c.key}`;
  const list = entries(c.value, rep, what);
  checkKeys(list, CARD_KEYS, rep, what, nearest);
  const out: RawCard = { id: c.key, place: c.keyPlace, box: boxId, deck: deckId, tags: [], effects: [] };
  for (const e of list) {
    switch (e.key) {
      case 'tags':
        for (const t of entries(e.value, rep, `the tags of ${c.key}`)) {
          const tags = items(t.value, rep, `the ${t.key} tags of ${c.key}`, true).flatMap((x) => {
            const v = scalar(x, rep, 'a tag');
            if (typeof v === 'string') return [{ id: v, place: x.place }];
            if (v !== undefined) rep.report('content/type', x.place, `a tag is a name, not ${String(v)}`);
            return [];
          });
          out.tags.push({ group: t.key, groupPlace: t.keyPlace, tags });
        }
        break;
      case 'effects':
        out.effects = items(e.value, rep, `the effects of ${c.key}`, true);
        break;
      case 'condition':
      case 'priority':
      case 'copies':
      case 'shared':
      case 'sharedCopies':
      case 'redraw':
      case 'title':
      case 'text':
      case 'data':
        out[e.key] = e.value;
        break;
    }
  }
  return out;
}

function handShape(h: Entry, rep: Reporter, what: string, allowed: readonly string[]): RawHandShape {
  const list = entries(h.value, rep, what);
  checkKeys(list, allowed, rep, what, nearest);
  const out: RawHandShape = { id: h.key, place: h.keyPlace, tags: [], choose: [], properties: [], written: new Map(list.map((e) => [e.key, e.keyPlace])) };
  for (const e of list) {
    switch (e.key) {
      case 'tags':
        for (const t of entries(e.value, rep, `the tags of ${what}`)) {
          const v = scalar(t.value, rep, 'a tag');
          if (typeof v === 'string') out.tags.push({ group: t.key, groupPlace: t.keyPlace, tag: v, tagPlace: t.value.place });
          else if (v !== undefined) rep.report('content/type', t.value.place, `a hand binds one tag of ${t.key}, written as its name`);
        }
        break;
      case 'choose':
        for (const x of items(e.value, rep, `\`choose\` of ${what}`, true)) {
          const v = scalar(x, rep, 'a tag group');
          if (typeof v === 'string') out.choose.push({ id: v, place: x.place });
          else if (v !== undefined) rep.report('content/type', x.place, '`choose` lists tag group names');
        }
        break;
      case 'properties':
        out.properties = properties(e.value, rep, `the properties of ${what}`);
        break;
      case 'condition':
        out.condition = e.value;
        break;
      case 'slots':
        out.slots = { value: scalar(e.value, rep, 'slots'), place: e.value.place };
        break;
      case 'template': {
        const v = scalar(e.value, rep, 'a template name');
        if (typeof v === 'string') out.template = { id: v, place: e.value.place };
        else if (v !== undefined) rep.report('content/type', e.value.place, 'a template is named by its id');
        break;
      }
    }
  }
  return out;
}

function properties(loc: Located, rep: Reporter, what: string): RawProperty[] {
  const out: RawProperty[] = [];
  for (const e of entries(loc, rep, what)) {
    if (byId(out).has(e.key)) duplicate(rep, 'name', e.key, e.keyPlace);
    else out.push({ id: e.key, place: e.keyPlace, value: e.value });
  }
  return out;
}

const indexes = new WeakMap<object, Map<string, unknown>>();

/**
 * The items of an append-only list of unique ids, by id, brought up to date on each call: the
 * duplicate checks stay linear (scanning the list made 100,000 world names take half a minute).
 */
function byId<T extends { id: string }>(list: readonly T[]): Map<string, T> {
  let index = indexes.get(list) as Map<string, T> | undefined;
  if (!index) indexes.set(list, (index = new Map()));
  for (let i = index.size; i < list.length; i++) index.set(list[i]!.id, list[i]!);
  return index;
}

function duplicate(rep: Reporter, what: string, id: string, place: Place): void {
  rep.report('content/duplicate-id', place, `the ${what} \`${id}\` is declared twice`, 'every id is declared once; rename or merge the two');
}
