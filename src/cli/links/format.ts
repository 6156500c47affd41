/**
 * The four ways `links` prints its graph: text for people, json for tools, dot (Graphviz) and
 * mermaid for pictures. Every format carries the note that `@hand` relationships are left out.
 */
import type { Actor, LinkGraph, Uses } from './graph.js';

export type LinksFormat = 'text' | 'json' | 'dot' | 'mermaid';
export const LINKS_FORMATS: readonly LinksFormat[] = ['text', 'json', 'dot', 'mermaid'];

/**
 * Prints a link graph in one format; `title` names the content (its folder).
 *
 * @example
 * ```ts
 * process.stdout.write(formatLinks(linkGraph(bundle), 'mermaid', 'examples/village'));
 * ```
 */
export function formatLinks(g: LinkGraph, format: LinksFormat, title: string): string {
  switch (format) {
    case 'json':
      return `${JSON.stringify({ content: title, ...g }, null, 2)}\n`;
    case 'dot':
      return dot(g, title);
    case 'mermaid':
      return mermaid(g);
    default:
      return text(g, title);
  }
}

const list = (xs: readonly string[]): string => (xs.length ? xs.join(', ') : '-');
const actor = (a: Actor): string => `${a.kind} ${a.id}`;

function handUses(u: Uses): string {
  const parts: string[] = [];
  if (u.hand.reads.length) parts.push(`reads ${u.hand.reads.join(', ')}`);
  if (u.hand.writes.length) parts.push(`writes ${u.hand.writes.join(', ')}`);
  return parts.join('; ');
}

function text(g: LinkGraph, title: string): string {
  const out: string[] = [];
  out.push(`links of ${title}: ${g.cards.length} cards, ${g.decks.length} decks, ${g.hands.length} hands, ${g.world.length} world names`);
  out.push('', `Note: ${g.note}`);
  out.push('', 'World names');
  for (const w of g.world) {
    out.push(`  @world.${w.name} (${w.type})`);
    out.push(`    read by     ${list(w.readBy.map(actor))}`);
    out.push(`    written by  ${list(w.writtenBy.map(actor))}`);
  }
  out.push('', 'Decks');
  for (const d of g.decks) {
    out.push(`  ${d.box}/${d.id}`);
    out.push(`    gate reads  ${list(d.reads.map((n) => `@world.${n}`))}`);
    const h = handUses(d);
    if (h) out.push(`    via @hand   ${h} (not linked)`);
  }
  out.push('', 'Cards');
  for (const c of g.cards) {
    out.push(`  ${c.id} (${c.box}/${c.deck})`);
    out.push(`    dealt by    ${list(c.dealtBy)}`);
    out.push(`    reads       ${list(c.reads.map((n) => `@world.${n}`))}`);
    out.push(`    writes      ${list(c.writes.map((n) => `@world.${n}`))}`);
    const h = handUses(c);
    if (h) out.push(`    via @hand   ${h} (not linked)`);
  }
  out.push('', 'Hands');
  for (const h of g.hands) {
    const tags = Object.entries(h.tags).map(([k, v]) => `${k}=${v}`);
    const open = h.choose.map((c) => `${c}=?`);
    out.push(`  ${h.id} (box ${h.box}${h.template ? `, template ${h.template}` : ''}${tags.length + open.length ? `; ${[...tags, ...open].join(', ')}` : ''})`);
    out.push(`    can deal    ${list(h.deals)}`);
    out.push(`    reads       ${list(h.reads.map((n) => `@world.${n}`))}`);
    const u = handUses(h);
    if (u) out.push(`    via @hand   ${u} (not linked)`);
  }
  if (g.handNames.length) {
    out.push('', '@hand names used (where each may come from; which one applies depends on the hand that asks)');
    for (const n of g.handNames) out.push(`  @hand.${n.name}: ${list(n.from)}`);
  }
  out.push('', 'Never dealt');
  if (g.neverDealt.length === 0) out.push('  (none: every card has a hand that can deal it)');
  for (const n of g.neverDealt) out.push(`  ${n.id}: ${n.why}`);
  return `${out.join('\n')}\n`;
}

/** Node ids for the picture formats: short, and safe whatever the content's ids are. */
function ids(g: LinkGraph): {
  world: (n: string) => string;
  card: (id: string) => string;
  deck: (id: string) => string;
  hand: (id: string) => string;
  of: (a: Actor) => string;
} {
  const index = <T>(xs: readonly T[], key: (x: T) => string, prefix: string) => {
    const m = new Map(xs.map((x, i) => [key(x), `${prefix}${i}`]));
    return (k: string) => m.get(k)!;
  };
  const world = index(g.world, (w) => w.name, 'w');
  const card = index(g.cards, (c) => c.id, 'c');
  const deck = index(g.decks, (d) => `${d.box}/${d.id}`, 'd');
  const hand = index(g.hands, (h) => h.id, 'h');
  return { world, card, deck, hand, of: (a) => (a.kind === 'card' ? card(a.id) : a.kind === 'deck' ? deck(a.id) : hand(a.id)) };
}

const q = (s: string): string => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

function dot(g: LinkGraph, title: string): string {
  const id = ids(g);
  const never = new Set(g.neverDealt.map((n) => n.id));
  const out = [
    'digraph links {',
    '  rankdir=LR;',
    `  label=${q(`links of ${title}. ${g.note}`)};`,
    '  labelloc=t;',
    '  node [fontname="Helvetica", fontsize=11];',
    '  edge [fontname="Helvetica", fontsize=9];',
  ];
  for (const w of g.world) out.push(`  ${id.world(w.name)} [shape=ellipse, label=${q(`@world.${w.name}\n${w.type}`)}];`);
  for (const d of g.decks) out.push(`  ${id.deck(`${d.box}/${d.id}`)} [shape=folder, label=${q(`deck ${d.box}/${d.id}`)}];`);
  for (const h of g.hands) out.push(`  ${id.hand(h.id)} [shape=component, label=${q(`hand ${h.id}`)}];`);
  for (const c of g.cards)
    out.push(`  ${id.card(c.id)} [shape=box, label=${q(c.id)}${never.has(c.id) ? ', style=dashed, color=red, xlabel="never dealt"' : ''}];`);
  for (const w of g.world) {
    for (const a of w.readBy) out.push(`  ${id.world(w.name)} -> ${id.of(a)} [label="reads"];`);
    for (const a of w.writtenBy) out.push(`  ${id.of(a)} -> ${id.world(w.name)} [label="writes", color=blue];`);
  }
  for (const h of g.hands) for (const c of h.deals) out.push(`  ${id.hand(h.id)} -> ${id.card(c)} [style=dotted, arrowhead=none, label="deals"];`);
  out.push('}');
  return `${out.join('\n')}\n`;
}

function mermaid(g: LinkGraph): string {
  const id = ids(g);
  const label = (s: string) => `"${s.replace(/"/g, '#quot;')}"`;
  const out = ['flowchart LR', `  %% ${g.note}`];
  for (const w of g.world) out.push(`  ${id.world(w.name)}([${label(`@world.${w.name} (${w.type})`)}])`);
  for (const d of g.decks) out.push(`  ${id.deck(`${d.box}/${d.id}`)}[/${label(`deck ${d.box}/${d.id}`)}/]`);
  for (const h of g.hands) out.push(`  ${id.hand(h.id)}{{${label(`hand ${h.id}`)}}}`);
  for (const c of g.cards) out.push(`  ${id.card(c.id)}[${label(c.id)}]`);
  for (const w of g.world) {
    for (const a of w.readBy) out.push(`  ${id.world(w.name)} -- reads --> ${id.of(a)}`);
    for (const a of w.writtenBy) out.push(`  ${id.of(a)} == writes ==> ${id.world(w.name)}`);
  }
  for (const h of g.hands) for (const c of h.deals) out.push(`  ${id.hand(h.id)} -. deals .- ${id.card(c)}`);
  if (g.neverDealt.length) {
    out.push('  classDef never stroke:#c00,stroke-dasharray:4');
    out.push(`  class ${g.neverDealt.map((n) => id.card(n.id)).join(',')} never`);
  }
  return `${out.join('\n')}\n`;
}
