/**
 * Stage 2, parse: one script's text → a {@link Card} with one {@link Face} per printed face.
 *
 * The reading follows Forge's `CardRules.Reader`: a line is `Key:value` split at the first
 * colon; `#` and `//` lines are comments; `ALTERNATE` starts the second face; card-level lines
 * (`AlternateMode`, `MeldPair`, deck hints) belong to the card. SVar bodies are kept as text
 * here: whether `Mode$ ...` is a trigger or a static depends on what refers to it, which is the
 * link stage's business.
 */
import { DiagnosticSink, type Diagnostic } from './diagnostics.js';
import type { Card, Face, Keyword, Layout, NodeKind } from './ir.js';
import { parseKeyword } from './keywords/names.js';
import { colourNames, costColours, manaValue, parseTypeLine } from './mana.js';
import { parseNode } from './nodes.js';
import { emptyRecord, own, splitScriptLine } from './tokens.js';

/** What a parse produced: the card (absent for empty, binary or non-script files) and problems. */
export type ParseResult = { card?: Card; diagnostics: Diagnostic[] };

/** Options for {@link parseScript}. */
export type ParseOptions = { token?: boolean };

const CARD_FIELDS = new Set(['AlternateMode', 'MeldPair', 'DeckHints', 'DeckNeeds', 'DeckHas', 'AI', 'HandLifeModifier', 'SetInfo', 'Variant']);
const FACE_TEXT_FIELDS = new Set(['Text', 'AltName']);

const LAYOUTS: Record<string, Layout> = {
  split: 'split',
  doublefaced: 'transform',
  transform: 'transform',
  flip: 'flip',
  meld: 'meld',
  modal: 'modal',
  adventure: 'adventure',
};

type FaceDraft = Face & { seen: Set<string>; colourLine?: string };

function newFace(): FaceDraft {
  return {
    name: '',
    manaCost: null,
    manaValue: 0,
    colours: [],
    typeLine: '',
    types: { supertypes: [], cardTypes: [], subtypes: [] },
    oracle: '',
    abilities: [],
    triggers: [],
    statics: [],
    replacements: [],
    keywords: [],
    svars: emptyRecord(),
    fields: emptyRecord(),
    primitives: [],
    seen: new Set(),
  };
}

function decode(source: string | Uint8Array, sink: DiagnosticSink): string | undefined {
  if (typeof source === 'string') return source;
  const probe = source.subarray(0, 8192);
  if (probe.includes(0)) {
    sink.add('parse/binary-file', 'error', 1, 1, 'binary file (it contains NUL bytes), not a card script');
    return undefined;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(source);
  } catch {
    sink.add('parse/invalid-utf8', 'warning', 1, 1, 'not valid UTF-8; undecodable bytes were replaced with U+FFFD');
    return new TextDecoder('utf-8').decode(source);
  }
}

const NODE_LINES: Record<string, { kind: NodeKind; list: 'abilities' | 'triggers' | 'statics' | 'replacements' }> = {
  A: { kind: 'ability', list: 'abilities' },
  T: { kind: 'trigger', list: 'triggers' },
  S: { kind: 'static', list: 'statics' },
  R: { kind: 'replacement', list: 'replacements' },
};

/**
 * Parses one card script. Never throws; every problem is a diagnostic with the file and line.
 * `file` is how diagnostics name the script (usually its path under the cards folder).
 *
 * @example
 * ```ts
 * const { card } = parseScript('s/shock.txt', 'Name:Shock\nManaCost:R\nTypes:Instant\n' +
 *   'A:SP$ DealDamage | Cost$ R | ValidTgts$ Any | NumDmg$ 2\nOracle:Shock deals 2 damage to any target.');
 * card?.faces[0]?.abilities[0]?.head; // 'DealDamage'
 * ```
 */
export function parseScript(file: string, source: string | Uint8Array, options: ParseOptions = {}): ParseResult {
  const sink = new DiagnosticSink(file);
  const text = decode(source, sink);
  if (text === undefined) return { diagnostics: sink.items };
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  if (lines.every((l) => l.trim() === '')) {
    sink.add('parse/empty-file', 'error', 1, 1, 'empty file, not a card script');
    return { diagnostics: sink.items };
  }

  const faces: FaceDraft[] = [newFace()];
  const cardFields = emptyRecord<string>();
  let recognised = 0;
  let alternateLine = 0;
  let nameLine = 0;

  for (let i = 0; i < lines.length; i++) {
    const lineNo = i + 1;
    const raw = lines[i]!;
    const trimmed = raw.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('//')) continue;
    const face = faces[faces.length - 1]!;
    if (trimmed === 'ALTERNATE') {
      recognised++;
      if (faces.length >= 2) {
        sink.add('parse/extra-alternate', 'error', lineNo, 1, 'a script has at most two faces; this ALTERNATE is ignored');
      } else {
        alternateLine = lineNo;
        faces.push(newFace());
      }
      continue;
    }
    const split = splitScriptLine(raw);
    if (!split) {
      sink.add('parse/orphan-line', 'warning', lineNo, 1, `line has no "Key:" and is ignored, as Forge ignores it: ${clip(trimmed)}`);
      continue;
    }
    const { key, value, valueOffset } = split;
    const column = valueOffset + 1;
    const node = own(NODE_LINES, key);
    if (node) {
      recognised++;
      face[node.list].push(parseNode(node.kind, value, { line: lineNo, column, sink }));
      continue;
    }
    switch (key) {
      case 'Name':
        recognised++;
        if (face.name !== '') duplicate(sink, lineNo, key);
        face.name = value;
        if (faces.length === 1) nameLine = lineNo;
        break;
      case 'ManaCost':
        recognised++;
        if (face.seen.has(key)) duplicate(sink, lineNo, key);
        face.manaCost = value === '' || value === 'no cost' ? null : value;
        break;
      case 'Types':
        recognised++;
        if (face.seen.has(key)) duplicate(sink, lineNo, key);
        face.typeLine = value;
        face.types = parseTypeLine(value);
        break;
      case 'PT': {
        recognised++;
        if (face.seen.has(key)) duplicate(sink, lineNo, key);
        const slash = value.indexOf('/');
        if (slash === -1) {
          sink.add('parse/missing-value', 'warning', lineNo, column, `PT "${value}" is not power/toughness`);
        } else {
          face.power = value.slice(0, slash).trim();
          face.toughness = value.slice(slash + 1).trim();
        }
        break;
      }
      case 'Loyalty':
        recognised++;
        face.loyalty = value;
        break;
      case 'Colors':
        recognised++;
        face.colourLine = value;
        break;
      case 'Oracle':
        recognised++;
        face.oracle = value;
        break;
      case 'K': {
        recognised++;
        if (value === '') {
          sink.add('parse/missing-value', 'warning', lineNo, column, 'empty keyword line');
          break;
        }
        const { name, args } = parseKeyword(value);
        const kw: Keyword = { text: value, name, args, line: lineNo, links: [] };
        face.keywords.push(kw);
        break;
      }
      case 'SVar': {
        recognised++;
        const colon = value.indexOf(':');
        const name = colon > 0 ? value.slice(0, colon).trim() : value.trim();
        if (colon <= 0 || name === '') {
          sink.add('parse/bad-svar', 'error', lineNo, column, `SVar line must be "SVar:<name>:<value>": ${clip(value)}`);
          break;
        }
        // Forge keeps Picture out of the SVars (CardRules.Reader): it is an image URL, not behaviour.
        if (name === 'Picture') break;
        if (own(face.svars, name)) {
          sink.add('parse/duplicate-svar', 'warning', lineNo, column, `SVar "${name}" is defined twice on this face; the last one wins`);
        }
        face.svars[name] = { name, line: lineNo, text: value.slice(colon + 1).trim(), shape: 'text' };
        break;
      }
      default:
        recognised++;
        if (CARD_FIELDS.has(key)) {
          cardFields[key] = value;
        } else {
          if (!FACE_TEXT_FIELDS.has(key)) {
            sink.add('parse/unknown-field', 'warning', lineNo, 1, `unknown field "${key}:" (kept as text, read by nothing)`);
          }
          face.fields[key] = value;
        }
    }
    face.seen.add(key);
  }

  if (recognised === 0) {
    // One diagnostic for a file that is not a script at all, not one per line of it.
    const kept = sink.items.filter((d) => d.code !== 'parse/orphan-line' && d.code !== 'parse/unknown-field');
    kept.push({
      code: 'parse/not-a-card-script',
      severity: 'error',
      file,
      line: 1,
      column: 1,
      message: 'no card-script line found (expected Name:, Types:, A:, ...)',
    });
    return { diagnostics: kept };
  }

  const stem = file.replace(/^.*[\\/]/, '').replace(/\.txt$/i, '');
  faces.forEach((face, index) => {
    if (face.name === '') {
      const line = index === 0 ? 1 : alternateLine;
      sink.add('parse/missing-name', 'error', line, 1, `face ${index + 1} has no Name:; using "${stem}"`);
      face.name = stem;
    }
    face.manaValue = manaValue(face.manaCost);
    face.colours = face.colourLine !== undefined ? colourNames(face.colourLine) : costColours(face.manaCost);
  });

  const layout = readLayout(cardFields, faces.length, alternateLine, nameLine, sink);
  const cleanFaces: Face[] = faces.map(({ seen: _seen, colourLine: _colourLine, ...face }) => face);
  const front = cleanFaces[0]!;
  const name = layout === 'split' ? cleanFaces.map((f) => f.name).join(' // ') : front.name;
  const card: Card = {
    name,
    file,
    layout,
    token: options.token ?? false,
    faces: cleanFaces,
    fields: cardFields,
    manaValue: layout === 'split' ? cleanFaces.reduce((n, f) => n + f.manaValue, 0) : front.manaValue,
    colours: layout === 'split' ? unionColours(cleanFaces) : front.colours,
    primitives: [],
    diagnostics: sink.items,
  };
  return { card, diagnostics: sink.items };
}

function readLayout(fields: Record<string, string>, faceCount: number, alternateLine: number, nameLine: number, sink: DiagnosticSink): Layout {
  const mode = own(fields, 'AlternateMode');
  if (mode === undefined) {
    if (faceCount > 1) {
      sink.add('parse/alternate-without-mode', 'warning', alternateLine, 1, 'ALTERNATE face without an AlternateMode: line; read as a transforming card');
      return 'transform';
    }
    return 'normal';
  }
  const layout = own(LAYOUTS, mode.trim().toLowerCase());
  if (layout === undefined) {
    sink.add('parse/unknown-layout', 'warning', nameLine || 1, 1, `unknown AlternateMode "${mode}"; read as a normal card`);
    return 'normal';
  }
  // A meld card's partner script has no ALTERNATE: the melded face lives on the other card.
  if (faceCount === 1 && layout !== 'meld') {
    sink.add('parse/alternate-without-mode', 'warning', nameLine || 1, 1, `AlternateMode ${mode} but no ALTERNATE face`);
  }
  return layout;
}

function unionColours(faces: Face[]): Face['colours'] {
  const all = new Set(faces.flatMap((f) => f.colours));
  return (['W', 'U', 'B', 'R', 'G'] as const).filter((c) => all.has(c));
}

function duplicate(sink: DiagnosticSink, line: number, key: string): void {
  sink.add('parse/duplicate-field', 'warning', line, 1, `${key}: given twice on one face; the last one wins`);
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
