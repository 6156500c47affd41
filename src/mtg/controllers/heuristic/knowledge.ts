/**
 * What the heuristic knows about cards: their printed text, read from the card registry. Card
 * text is public knowledge (every player may read any card), so reading it keeps the controller
 * information-independent; what it may not read is where hidden cards are, and it never does.
 *
 * A card's abilities are summarised as {@link EffectInfo}: the API (`DealDamage`, `Destroy`,
 * ...), whether it helps or harms what it targets, the kinds of thing it may target, an amount.
 * Forge's scripts carry AI hints (`AILogic$`, `IsCurse$`) that say which way an effect points;
 * they are used when present.
 */
import { paramValue, type Card, type CardRegistry, type ScriptNode } from '../../cards/index.js';

/** Which way an effect points at what it targets. */
export type Intent = 'harm' | 'help' | 'none';

/** One spell or activated ability, summarised. */
export type EffectInfo = {
  api: string;
  intent: Intent;
  /** Whether it targets (`ValidTgts$`), and what (`Creature,Player`), as written. */
  targets: string | null;
  /** `TgtZone$` when it targets outside the battlefield (`Graveyard`). */
  zone: string | null;
  /** A damage, pump or count amount: a number, `X`, or null. */
  amount: number | 'X' | null;
  /** `Add {G}` abilities: never worth a decision of their own (the automatic payer taps). */
  mana: boolean;
  /** A board-wide effect (`DestroyAll`, `DamageAll`): what it hits, as written. */
  all: string | null;
  /** `SpellDescription$`, to match an `activate` option's text. */
  description: string;
  /** The cost as written (`1 T`, `T Sac<1/CARDNAME>`). */
  cost: string;
  /** `AILogic$`, when the script gives one. */
  logic: string | null;
  /** `Origin$` and `Destination$` of a zone change. */
  origin: string | null;
  destination: string | null;
  /** Whether a `Pump` lowers or raises (NumAtt). */
  power: number;
};

/** A card, summarised. */
export type CardInfo = {
  name: string;
  cardTypes: string[];
  manaValue: number;
  land: boolean;
  creature: boolean;
  aura: boolean;
  /** The spell ability of an instant, sorcery or aura. */
  spell: EffectInfo | null;
  /** Activated abilities (`AB$`), mana abilities included. */
  abilities: EffectInfo[];
  /** Colours of mana its mana abilities make (`W`, `U`, `B`, `R`, `G`, `C`, or all five for `Any`). */
  produces: string[];
  /** Triggered abilities' effects (for the targets of a trigger). */
  triggers: EffectInfo[];
};

const HARM: ReadonlySet<string> = new Set([
  'DealDamage',
  'Destroy',
  'Tap',
  'GainControl',
  'Sacrifice',
  'Discard',
  'LoseLife',
  'Counter',
  'Mill',
  'Debuff',
  'Fight',
  'TapAll',
  'RemoveCounter',
  'SetLife',
]);
const HELP: ReadonlySet<string> = new Set([
  'Pump',
  'GainLife',
  'Untap',
  'Regenerate',
  'Protection',
  'Draw',
  'Animate',
  'PutCounter',
  'PumpAll',
  'UntapAll',
  'Token',
  'AddTurn',
]);

function num(text: string | undefined): number | 'X' | null {
  if (text === undefined) return null;
  const t = text.trim();
  if (/^[+-]?\d+$/.test(t)) return Number(t);
  return 'X';
}

/** Which way an ability points. */
function intentOf(api: string, p: (k: string) => string | undefined): Intent {
  const logic = p('AILogic') ?? '';
  if (p('IsCurse') === 'True' || /curse|gaincontrol/i.test(logic)) return 'harm';
  if (api === 'Pump') {
    const att = num(p('NumAtt'));
    const def = num(p('NumDef'));
    return (typeof att === 'number' && att < 0) || (typeof def === 'number' && def < 0) ? 'harm' : 'help';
  }
  if (api === 'PutCounter') return /M1M1/i.test(p('CounterType') ?? '') ? 'harm' : 'help';
  if (api === 'ChangeZone') {
    const origin = p('Origin') ?? '';
    const destination = p('Destination') ?? '';
    if (/Battlefield/.test(origin) && /Exile|Hand|Library|Graveyard/.test(destination)) return 'harm';
    return 'help';
  }
  if (api === 'Attach') return /pump|reanimate/i.test(logic) || logic === '' ? 'help' : 'harm';
  if (HARM.has(api)) return 'harm';
  if (HELP.has(api)) return 'help';
  return 'none';
}

function effectOf(node: ScriptNode): EffectInfo {
  const p = (k: string): string | undefined => paramValue(node.params, k);
  const api = node.head;
  const amountText = p('NumDmg') ?? p('NumAtt') ?? p('NumCards') ?? p('LifeAmount') ?? p('Amount');
  const all = /All$/.test(api) ? (p('ValidCards') ?? p('ValidPlayers') ?? '') : null;
  const att = num(p('NumAtt'));
  return {
    api,
    intent: intentOf(api, p),
    targets: p('ValidTgts') ?? (p('TargetType') ? 'Card' : null),
    zone: p('TgtZone') ?? null,
    amount: num(amountText),
    mana: api === 'Mana' || api === 'ManaReflected',
    all,
    description: (p('SpellDescription') ?? '').trim(),
    cost: (p('Cost') ?? '').trim(),
    logic: p('AILogic') ?? null,
    origin: p('Origin') ?? null,
    destination: p('Destination') ?? null,
    power: typeof att === 'number' ? att : 0,
  };
}

function triggerEffect(card: Card, node: ScriptNode): EffectInfo | null {
  const exec = paramValue(node.params, 'Execute');
  if (!exec) return null;
  const entry = card.faces[0]?.svars[exec];
  return entry?.node ? effectOf(entry.node) : null;
}

function summarise(card: Card): CardInfo {
  const face = card.faces[0]!;
  const cardTypes = face.types.cardTypes;
  const spellNode = face.abilities.find((a) => a.record === 'SP');
  const abilities = face.abilities.filter((a) => a.record === 'AB').map(effectOf);
  const produces = new Set<string>();
  for (const a of face.abilities) {
    if (a.head !== 'Mana') continue;
    const made = paramValue(a.params, 'Produced') ?? '';
    for (const word of made.split(/[\s,]+/)) {
      if (/^(Any|Combo)$/i.test(word)) continue;
      if (/^[WUBRGC]$/.test(word)) produces.add(word);
    }
    if (/Any/i.test(made)) for (const c of 'WUBRG') produces.add(c);
  }
  return {
    name: card.name,
    cardTypes,
    manaValue: face.manaValue,
    land: cardTypes.includes('Land'),
    creature: cardTypes.includes('Creature'),
    aura: face.types.subtypes.includes('Aura'),
    spell: spellNode ? effectOf(spellNode) : null,
    abilities,
    produces: [...produces].sort(),
    triggers: face.triggers.map((t) => triggerEffect(card, t)).filter((e): e is EffectInfo => e !== null),
  };
}

const CACHE = new WeakMap<CardRegistry, Map<string, CardInfo | null>>();

/**
 * The summary of a card by name, or null for a name the registry does not know (a token).
 * Summaries are cached per registry.
 *
 * @example
 * ```ts
 * cardInfo(registry, 'Lightning Bolt')?.spell; // { api: 'DealDamage', intent: 'harm', amount: 3, ... }
 * ```
 */
export function cardInfo(registry: CardRegistry, name: string): CardInfo | null {
  let cache = CACHE.get(registry);
  if (!cache) CACHE.set(registry, (cache = new Map()));
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const card = registry.lookup(name) ?? registry.token(name);
  const info = card && card.faces.length > 0 ? summarise(card) : null;
  cache.set(name, info);
  return info;
}

/**
 * The ability an `activate` option names, matched by its description (the option's text is
 * `cost: description`); null when nothing matches (a granted ability).
 *
 * @example
 * ```ts
 * abilityOf(cardInfo(registry, 'Icy Manipulator'), '1 T: Tap target artifact, creature, or land.')?.api; // 'Tap'
 * ```
 */
export function abilityOf(info: CardInfo | null, text: string): EffectInfo | null {
  if (!info) return null;
  const at = text.indexOf(': ');
  const description = (at >= 0 ? text.slice(at + 2) : text).trim();
  return info.abilities.find((a) => a.description !== '' && a.description === description) ?? null;
}

/**
 * A guess from an ability's text alone, for abilities the card's own script does not hold
 * (intrinsic mana abilities, granted abilities).
 *
 * @example
 * ```ts
 * guessFromText('T: Add {G}.').mana; // true
 * ```
 */
export function guessFromText(text: string): EffectInfo {
  const t = text.toLowerCase();
  const api =
    /\badd\b/.test(t) && /\{[wubrgc]\}|mana/.test(t)
      ? 'Mana'
      : /deals? \d+ damage/.test(t)
        ? 'DealDamage'
        : /destroy/.test(t)
          ? 'Destroy'
          : /draw/.test(t)
            ? 'Draw'
            : /tap target/.test(t)
              ? 'Tap'
              : 'Unknown';
  const damage = /deals? (\d+) damage/.exec(t);
  return {
    api,
    intent: api === 'Draw' ? 'help' : api === 'Mana' || api === 'Unknown' ? 'none' : 'harm',
    targets: /target/.test(t) ? 'Any' : null,
    zone: null,
    amount: damage ? Number(damage[1]) : null,
    mana: api === 'Mana',
    all: null,
    description: text,
    cost: '',
    logic: null,
    origin: null,
    destination: null,
    power: 0,
  };
}

/**
 * The mana value of a cost as a card view writes it (`2 W W`, `{2}{W}{W}`, `X R`): X counts 0.
 *
 * @example
 * ```ts
 * manaValueOf('2 W W'); // 4
 * ```
 */
export function manaValueOf(cost: string | null): number {
  if (!cost) return 0;
  let known = manaValues.get(cost);
  if (known === undefined) manaValues.set(cost, (known = parseManaValue(cost)));
  return known;
}

// The heuristic asks the mana value of the same few costs at every decision; there are only as
// many distinct cost strings as the corpus writes.
const manaValues = new Map<string, number>();

function parseManaValue(cost: string): number {
  let total = 0;
  for (const part of cost.replace(/[{}]/g, ' ').split(/\s+/)) {
    if (part === '' || /^x$/i.test(part)) continue;
    if (/^\d+$/.test(part)) total += Number(part);
    else total += 1;
  }
  return total;
}

/**
 * The coloured symbols of a cost (`2 W W` → `['W', 'W']`; hybrid counts its first colour).
 *
 * @example
 * ```ts
 * colourSymbols('1 R G'); // ['R', 'G']
 * ```
 */
export function colourSymbols(cost: string | null): string[] {
  if (!cost) return [];
  const out: string[] = [];
  for (const part of cost.replace(/[{}]/g, ' ').split(/\s+/)) {
    const m = /^([WUBRG])/.exec(part);
    if (m) out.push(m[1]!);
  }
  return out;
}
