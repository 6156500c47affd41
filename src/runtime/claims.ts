/**
 * Shared claims: who holds the world's copies of a `shared` card, and which shared one-shots are
 * taken (reference, "Copies and claims" and "Turns and cooldowns").
 *
 * Per-flow claims live in the flow's own state; only what counts across flows lives here, behind
 * {@link ClaimStore} so that a later store can keep it elsewhere (a server, Redis). That is why
 * every shared-claim decision of one deal is a single {@link ClaimStore.settle} call: a remote
 * store can make it one atomic round trip, and no other flow can slip in between the check and
 * the claim.
 */

/** Who holds a claim: the flow and the hand instance (`talk{npc=elder}`). */
export interface ClaimHolder {
  readonly flow: string;
  readonly hand: string;
}

/** One card that passed every check of a deal except the world's count, in rank order. */
export interface SettleCandidate {
  readonly card: string;
  /**
   * How many may be out across all flows (`sharedCopies`), or `null` for a card that is not
   * shared: it never needs the world's room, but it takes a slot in rank order.
   */
  readonly limit: number | null;
}

/** A deal's (or a peek's) whole shared-claim question. */
export interface SettleRequest {
  readonly holder: ClaimHolder;
  /** Best first. */
  readonly candidates: readonly SettleCandidate[];
  /** How many cards the hand takes: the first `fill` candidates that have room are picked. */
  readonly fill: number;
  /** `true` for a deal (record a claim for every shared card picked); `false` for a peek. */
  readonly commit: boolean;
}

export interface SettleResult {
  /** Per candidate: every one of the world's copies is out (verdict `claimed-elsewhere`). */
  readonly elsewhere: readonly boolean[];
  /** Positions in `candidates` of the picked cards, best first. */
  readonly picked: readonly number[];
}

/** A flow's shared holdings, as a snapshot carries them. */
export interface FlowClaim {
  readonly card: string;
  readonly hand: string;
  readonly limit: number;
}

/**
 * Where shared claims are kept. Every method decides at once and leaves the store unchanged when
 * it refuses.
 *
 * @example
 * ```ts
 * const claims = new MemoryClaimStore();
 * const engine = createEngine(bundle, { seed: 'demo', claims });
 * ```
 */
export interface ClaimStore {
  /** The one call a deal or peek makes about shared cards. */
  settle(request: SettleRequest): SettleResult;
  /** Gives back one held copy (the card was played, or its flow is being replaced). */
  release(card: string, holder: ClaimHolder): void;
  /** A shared one-shot was played: give back the copy and take the card out of the world. */
  take(card: string, holder: ClaimHolder): void;
  isTaken(card: string): boolean;
  /** Every taken card, sorted by id. */
  taken(): string[];
  /** Who holds the card's shared copies now. */
  holders(card: string): ClaimHolder[];
  /**
   * Replaces everything `flow` holds with `claims` if no card would go over its limit; returns
   * `false` (and changes nothing) otherwise.
   */
  replaceFlow(flow: string, claims: readonly FlowClaim[]): boolean;
  /**
   * Replaces the whole store: the taken set and every flow's claims, if no card would go over its
   * limit; returns `false` (and changes nothing) otherwise.
   */
  replaceAll(taken: readonly string[], claims: readonly (FlowClaim & { flow: string })[]): boolean;
}

/**
 * The in-memory {@link ClaimStore}: enough for every flow of one engine, or of several engines
 * in one process.
 *
 * @example
 * ```ts
 * const store = new MemoryClaimStore();
 * store.settle({ holder: { flow: 'a', hand: 'cave' }, candidates: [{ card: 'goblin', limit: 1 }], fill: 1, commit: true });
 * store.holders('goblin'); // [{ flow: 'a', hand: 'cave' }]
 * ```
 */
export class MemoryClaimStore implements ClaimStore {
  private readonly held = new Map<string, ClaimHolder[]>();
  private readonly gone = new Set<string>();

  settle(request: SettleRequest): SettleResult {
    const { candidates, fill, commit, holder } = request;
    const elsewhere = new Array<boolean>(candidates.length);
    const picked: number[] = [];
    for (let i = 0; i < candidates.length; i++) {
      const c = candidates[i]!;
      const out = c.limit !== null && (this.held.get(c.card)?.length ?? 0) >= c.limit;
      elsewhere[i] = out;
      if (!out && picked.length < fill) picked.push(i);
    }
    if (commit) {
      for (const i of picked) {
        const c = candidates[i]!;
        if (c.limit === null) continue;
        const list = this.held.get(c.card);
        if (list) list.push({ flow: holder.flow, hand: holder.hand });
        else this.held.set(c.card, [{ flow: holder.flow, hand: holder.hand }]);
      }
    }
    return { elsewhere, picked };
  }

  release(card: string, holder: ClaimHolder): void {
    const list = this.held.get(card);
    if (!list) return;
    const i = list.findIndex((h) => h.flow === holder.flow && h.hand === holder.hand);
    if (i >= 0) list.splice(i, 1);
    if (list.length === 0) this.held.delete(card);
  }

  take(card: string, holder: ClaimHolder): void {
    this.release(card, holder);
    this.gone.add(card);
  }

  isTaken(card: string): boolean {
    return this.gone.has(card);
  }

  taken(): string[] {
    return [...this.gone].sort(byCodeUnits);
  }

  holders(card: string): ClaimHolder[] {
    return (this.held.get(card) ?? []).map((h) => ({ ...h }));
  }

  replaceFlow(flow: string, claims: readonly FlowClaim[]): boolean {
    const counts = new Map<string, number>();
    for (const [card, list] of this.held) counts.set(card, list.filter((h) => h.flow !== flow).length);
    for (const c of claims) {
      const n = (counts.get(c.card) ?? 0) + 1;
      if (n > c.limit) return false;
      counts.set(c.card, n);
    }
    for (const [card, list] of [...this.held]) {
      const kept = list.filter((h) => h.flow !== flow);
      if (kept.length) this.held.set(card, kept);
      else this.held.delete(card);
    }
    for (const c of claims) this.push(c.card, { flow, hand: c.hand });
    return true;
  }

  replaceAll(taken: readonly string[], claims: readonly (FlowClaim & { flow: string })[]): boolean {
    const counts = new Map<string, number>();
    for (const c of claims) {
      const n = (counts.get(c.card) ?? 0) + 1;
      if (n > c.limit) return false;
      counts.set(c.card, n);
    }
    this.held.clear();
    this.gone.clear();
    for (const t of taken) this.gone.add(t);
    for (const c of claims) this.push(c.card, { flow: c.flow, hand: c.hand });
    return true;
  }

  private push(card: string, holder: ClaimHolder): void {
    const list = this.held.get(card);
    if (list) list.push(holder);
    else this.held.set(card, [holder]);
  }
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A deal's (or a peek's) whole question to an {@link AsyncClaimStore}. */
export interface AsyncSettleRequest extends SettleRequest {
  /**
   * The shared one-shots (`shared`, `redraw: never`) the deal looked at past their deck's gate:
   * the answer says which are taken, in the same atomic step as the claims, so a card cannot be
   * claimed in one process just after another took it.
   */
  readonly oneShots: readonly string[];
}

export interface AsyncSettleResult extends SettleResult {
  /** Per `oneShots` entry: taken out of the world. A taken candidate is neither picked nor elsewhere. */
  readonly taken: readonly boolean[];
}

/** A shared claim with the flow that holds it. */
export interface HeldClaim extends FlowClaim {
  readonly flow: string;
}

/**
 * A claim store that answers asynchronously (a server, Redis). An engine created with one deals
 * through promises (`await flow.deal(...)`); see docs/scaling.md. Every method decides at once
 * and changes nothing when it refuses; a store that cannot answer rejects with a
 * `StoryletError` (`claims/unavailable`, `claims/refused`).
 *
 * @example
 * ```ts
 * const claims = asyncClaimStore(new MemoryClaimStore());
 * const engine = createEngine(bundle, { seed: 'demo', claims });
 * const { dealt } = await engine.flow('alice').deal('cave');
 * ```
 */
export interface AsyncClaimStore {
  /** Tells `createEngine` to build an engine whose deals, peeks and plays return promises. */
  readonly async: true;
  /** The bundle hash the store's claims belong to, if it keeps them per bundle. */
  readonly bundle?: string;
  /** How long a claim lasts unless renewed (`engine.renewLeases()`), if the store has leases. */
  readonly leaseMs?: number;
  /** The one call a deal or peek makes about shared cards, taken one-shots included. */
  settle(request: AsyncSettleRequest): Promise<AsyncSettleResult>;
  release(card: string, holder: ClaimHolder): Promise<void>;
  take(card: string, holder: ClaimHolder): Promise<void>;
  taken(): Promise<string[]>;
  /** Who holds the card's shared copies now, sorted by flow, then hand. */
  holders(card: string): Promise<ClaimHolder[]>;
  /** As {@link ClaimStore.replaceFlow}: all of `claims`, or nothing (`false`). */
  replaceFlow(flow: string, claims: readonly FlowClaim[]): Promise<boolean>;
  /**
   * Replaces everything `flow` holds with those of `claims` that fit, taken in order; says which
   * were kept. What loading a saved flow into a live world does.
   */
  reclaimFlow(flow: string, claims: readonly FlowClaim[]): Promise<boolean[]>;
  replaceAll(taken: readonly string[], claims: readonly HeldClaim[]): Promise<boolean>;
  /**
   * Extends the lease of every claim listed (its holder still has it); a claim that lapsed is
   * taken again if there is room. Says, per claim, whether it is held now.
   */
  renew(claims: readonly HeldClaim[]): Promise<boolean[]>;
}

/**
 * Whether `store` answers through promises.
 *
 * @example
 * ```ts
 * isAsyncClaimStore(new MemoryClaimStore()); // false
 * ```
 */
export function isAsyncClaimStore(store: unknown): store is AsyncClaimStore {
  return typeof store === 'object' && store !== null && (store as { async?: unknown }).async === true;
}

/**
 * An {@link AsyncClaimStore} over a synchronous one: the same answers, as promises. Useful to
 * run the async engine in one process (tests, a server that may move to Redis later).
 *
 * @example
 * ```ts
 * const engine = createEngine(bundle, { seed: 'demo', claims: asyncClaimStore(new MemoryClaimStore()) });
 * await engine.flow('alice').deal('cave');
 * ```
 */
export function asyncClaimStore(store: ClaimStore): AsyncClaimStore {
  return {
    async: true,
    async settle(request) {
      const taken = request.oneShots.map((c) => store.isTaken(c));
      if (!taken.includes(true)) return { ...store.settle(request), taken };
      // A taken card is out before the world's count: ask about the others only, then map back.
      const gone = new Set(request.oneShots.filter((_, i) => taken[i]));
      const at: number[] = [];
      const kept = request.candidates.filter((c, i) => (gone.has(c.card) ? false : (at.push(i), true)));
      const r = store.settle({ ...request, candidates: kept });
      const elsewhere = request.candidates.map(() => false);
      r.elsewhere.forEach((e, i) => (elsewhere[at[i]!] = e));
      return { elsewhere, picked: r.picked.map((i) => at[i]!), taken };
    },
    async release(card, holder) {
      store.release(card, holder);
    },
    async take(card, holder) {
      store.take(card, holder);
    },
    async taken() {
      return store.taken();
    },
    async holders(card) {
      return store.holders(card).sort(byHolder);
    },
    async replaceFlow(flow, claims) {
      return store.replaceFlow(flow, claims);
    },
    async reclaimFlow(flow, claims) {
      const kept = fitting(store, flow, claims);
      store.replaceFlow(
        flow,
        claims.filter((_, i) => kept[i]),
      );
      return kept;
    },
    async replaceAll(taken, claims) {
      return store.replaceAll(taken, claims);
    },
    async renew(claims) {
      // Memory claims never lapse: a claim is held exactly when the store lists it.
      return claims.map((c) => store.holders(c.card).some((h) => h.flow === c.flow && h.hand === c.hand));
    },
  };
}

/**
 * Which of `claims` fit the world if they replaced what `flow` holds now, taken in order.
 *
 * @example
 * ```ts
 * fitting(store, 'alice', [{ card: 'goblin', hand: 'cave', limit: 1 }]); // [false] if bob holds it
 * ```
 */
export function fitting(store: ClaimStore, flow: string, claims: readonly FlowClaim[]): boolean[] {
  const out = new Map<string, number>();
  return claims.map((c) => {
    const n = out.get(c.card) ?? store.holders(c.card).filter((h) => h.flow !== flow).length;
    if (n >= c.limit) return false;
    out.set(c.card, n + 1);
    return true;
  });
}

function byHolder(a: ClaimHolder, b: ClaimHolder): number {
  return byCodeUnits(a.flow, b.flow) || byCodeUnits(a.hand, b.hand);
}
