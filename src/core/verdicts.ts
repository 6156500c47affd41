/**
 * The trace's verdicts as one table: each verdict's byte code, its name, whether it is a ranked
 * verdict, where the Board's "Not listed · why" fold shows it, and how its reason is worded
 * (reference, "Reading the trace").
 *
 * One table for the runtime (which stores a byte per card and words the reasons) and for the
 * Board's page (which groups cards by verdict). That is why this module imports nothing: the page
 * loads it in the browser as it is (the Board serves it beside its own modules), and the runtime
 * reads it without pulling in anything of the page. A new verdict is one row here, one branch of
 * the deal's checks, and nothing else.
 */

/**
 * What a note on a card records: the text of a failure worked out during the deal, a cooldown's
 * end, who held the card, or the world's copies. Kept only for the few cards that need one.
 */
export type VerdictNote = { text: string } | { until: number } | { holders: string[]; copies: number; own: boolean } | { world: number };

/** Everything a reason may say, for one card of one deal or peek. */
export interface ReasonFacts {
  /** 1-based rank among the ranked cards (ranked verdicts only). */
  rank: number;
  /** Slots the deal had free (a peek: the hand's capacity). */
  free: number;
  /** The hand instance's key (`talk{npc=elder}`). */
  hand: string;
  flow: string;
  /** The box's turn when the deal ran. */
  turn: number;
  note: VerdictNote | undefined;
  card: {
    readonly deck: { readonly id: string };
    readonly box: { readonly id: string };
    readonly redraw: string | number;
    readonly conditionSource: string;
    readonly prioritySource: string;
    readonly sharedCopies: number;
  };
  /** Why the card's deck gate failed, as the deal worded it. */
  gate: string | undefined;
  /** Why the card's tags do not match the hand (worked out only for a `tags` verdict). */
  tags(): string;
}

/** One verdict. */
export interface VerdictRow {
  /** The byte a deal stores for it (0 = not looked at). */
  readonly code: number;
  readonly name: string;
  /** A ranked card: it has a rank in the trace (`dealt`, `capped`, `listed`). */
  readonly ranked: boolean;
  /** Where the Board's "Not listed · why" fold shows it; `null`: the card came up. */
  readonly fold: number | null;
  /** The reason text (for people; may be reworded between versions). */
  readonly reason: (f: ReasonFacts) => string;
}

const plural = (n: number, one: string, many: string): string => (n === 1 ? one : many);

/**
 * Every verdict, in code order, which is the order the reference lists them in.
 *
 * @example
 * ```ts
 * VERDICT_TABLE.find((v) => v.name === 'tags')!.code; // 5
 * ```
 */
export const VERDICT_TABLE = [
  { code: 1, name: 'dealt', ranked: true, fold: null, reason: (f: ReasonFacts) => `ranked ${f.rank}; dealt into ${f.hand}` },
  {
    code: 2,
    name: 'capped',
    ranked: true,
    fold: 8,
    reason: (f: ReasonFacts) => `ranked ${f.rank}, outside the ${f.free} slot${plural(f.free, '', 's')} the hand had free`,
  },
  {
    code: 3,
    name: 'cooldown',
    ranked: false,
    fold: 1,
    reason: (f: ReasonFacts) => {
      const n = f.note;
      if (!n || !('until' in n)) return 'on cooldown';
      return n.until < 0
        ? `a one-shot (redraw: never) already played in flow ${f.flow}`
        : `played; redraw ${String(f.card.redraw)} keeps it out until turn ${n.until} of box ${f.card.box.id} (now turn ${f.turn})`;
    },
  },
  { code: 4, name: 'deck-gate', ranked: false, fold: 0, reason: (f: ReasonFacts) => f.gate ?? `the gate of deck ${f.card.deck.id} is false` },
  { code: 5, name: 'tags', ranked: false, fold: 2, reason: (f: ReasonFacts) => f.tags() },
  {
    code: 6,
    name: 'condition',
    ranked: false,
    fold: 3,
    reason: (f: ReasonFacts) => (f.note && 'text' in f.note ? f.note.text : `condition is false: ${f.card.conditionSource}`),
  },
  {
    code: 7,
    name: 'priority',
    ranked: false,
    fold: 4,
    reason: (f: ReasonFacts) => (f.note && 'text' in f.note ? f.note.text : `priority could not be worked out: ${f.card.prioritySource}`),
  },
  {
    code: 8,
    name: 'claimed',
    ranked: false,
    fold: 5,
    reason: (f: ReasonFacts) => {
      const n = f.note;
      if (!n || !('own' in n)) return 'claimed';
      if (n.own) return `already in this hand (${f.hand})`;
      return `all ${n.copies} cop${plural(n.copies, 'y is', 'ies are')} held in this flow, by ${n.holders.join(', ')}`;
    },
  },
  {
    code: 9,
    name: 'claimed-elsewhere',
    ranked: false,
    fold: 6,
    reason: (f: ReasonFacts) =>
      `shared: all ${f.note && 'world' in f.note ? f.note.world : f.card.sharedCopies} of the world's copies are held by other flows; this flow has room`,
  },
  { code: 10, name: 'taken', ranked: false, fold: 7, reason: () => 'a shared one-shot (redraw: never) already played: taken out of the world for every flow' },
  { code: 11, name: 'listed', ranked: true, fold: null, reason: (f: ReasonFacts) => `ranked ${f.rank}, within the hand's ${f.free} slots` },
] as const satisfies readonly VerdictRow[];

/** Why a card was kept or dropped. */
export type Verdict = (typeof VERDICT_TABLE)[number]['name'];

/**
 * Verdict name → its byte code.
 *
 * @example
 * ```ts
 * verdicts[card.pos] = CODE['deck-gate'];
 * ```
 */
export const CODE: Readonly<Record<Verdict, number>> = Object.freeze(Object.fromEntries(VERDICT_TABLE.map((v) => [v.name, v.code])) as Record<Verdict, number>);

/**
 * Byte code → its row (index 0, "not looked at", has none).
 *
 * @example
 * ```ts
 * BY_CODE[verdicts[card.pos]]?.name; // 'tags'
 * ```
 */
export const BY_CODE: readonly ((typeof VERDICT_TABLE)[number] | undefined)[] = [undefined, ...VERDICT_TABLE];
