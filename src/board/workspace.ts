/**
 * The Board's content and engine: publishes the folder, keeps the last good bundle when a
 * publish fails, carries open flows over to a new bundle where they still fit, and builds the
 * wire views the page reads. No sockets or HTTP here (those live in server.ts).
 */
import type { Bundle } from '../content/bundle.js';
import { formatDiagnostic } from '../content/diagnostics.js';
import { StoryletError } from '../core/errors.js';
import { createEngine, type Engine, type FlowSnapshot, type TraceEvent } from '../runtime/index.js';
import { publishDir } from '../cli/content.js';
import type { ActionRequest, BoardState, ContentStatus, WireCard, WireTrace, WireWorld } from './client/protocol.js';

export interface WorkspaceOptions {
  dir: string;
  seed: string;
  /** Told about every deal and peek of the current engine, and about every reload. */
  onTrace: (event: WireTrace) => void;
  onContent: (status: ContentStatus) => void;
}

/**
 * One content folder being played on the Board.
 *
 * @example
 * ```ts
 * const ws = new Workspace({ dir: 'content', seed: 'demo', onTrace: send, onContent: send });
 * await ws.reload();
 * const state = ws.state('main');
 * ```
 */
export class Workspace {
  private bundle?: Bundle;
  private engine?: Engine;
  private unsubscribe?: () => void;
  private seq = 0;
  /** Events already sent, by engine event, so a state fetch reuses their numbers. */
  private wired = new WeakMap<TraceEvent, WireTrace>();
  /**
   * The last event of each hand instance of each flow, carried over from earlier engines: a
   * reload starts a new engine whose trace log is empty, but the page (and a tab opened later)
   * should still explain the deals made before it. By flow, then `handKey`.
   */
  private carried = new Map<string, Map<string, WireTrace>>();
  /** Whether `status.note` says what the last clean reload did (cleared by the next action). */
  private reloadNote = false;
  status: ContentStatus;
  private reloading?: Promise<void>;
  private again = false;

  constructor(private readonly o: WorkspaceOptions) {
    this.status = { dir: o.dir, ok: false, diagnostics: [], revision: 0 };
  }

  /**
   * Publishes the folder again. On success the new bundle replaces the old one and each open
   * flow is carried over if its snapshot still fits; on failure the last good bundle stays and
   * the diagnostics are shown. Calls made while one runs are folded into one more run.
   */
  reload(): Promise<void> {
    if (this.reloading) {
      this.again = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      do {
        this.again = false;
        await this.publishOnce();
      } while (this.again);
      this.reloading = undefined;
    })();
    return this.reloading;
  }

  private async publishOnce(): Promise<void> {
    const r = await publishDir(this.o.dir);
    const diagnostics = r.diagnostics.map((d) => {
      const w = {
        code: d.code,
        number: d.number,
        severity: d.severity,
        message: d.message,
        file: d.file,
        line: d.line,
        col: d.col,
        frame: formatDiagnostic(d, r.sources),
      };
      return d.hint ? { ...w, hint: d.hint } : w;
    });
    const status: ContentStatus = { dir: this.o.dir, ok: r.ok, diagnostics, revision: this.status.revision + 1 };
    this.reloadNote = false;
    if (r.ok && r.bundle) {
      if (r.bundle.hash !== this.bundle?.hash) {
        const note = this.swap(r.bundle);
        if (note) {
          status.note = note;
          this.reloadNote = true;
        }
      }
    } else if (this.bundle) {
      status.note = `the content has errors, so the Board keeps playing the last good bundle (${this.bundle.hash})`;
    }
    if (this.bundle) status.hash = this.bundle.hash;
    this.status = status;
    this.o.onContent(status);
  }

  /** Starts a new engine on `bundle`, moving each open flow across if it still fits. */
  private swap(bundle: Bundle): string | undefined {
    const old = this.engine?.snapshot();
    const before = this.engine ? new Map((old?.flows ?? []).map((f) => [f.flow, this.lastTraces(f.flow)])) : new Map<string, Map<string, WireTrace>>();
    this.unsubscribe?.();
    const engine = createEngine(bundle, { seed: this.o.seed });
    const kept: string[] = [];
    const reset: string[] = [];
    for (const f of old?.flows ?? []) {
      try {
        // A snapshot names the bundle it came from; the cards, hands and names it holds are
        // checked again against the new one, and a flow that no longer fits starts afresh.
        engine.restore({ ...f, bundle: bundle.hash } satisfies FlowSnapshot);
        kept.push(f.flow);
      } catch (err) {
        if (!(err instanceof StoryletError)) throw err;
        engine.flow(f.flow);
        reset.push(f.flow);
      }
    }
    // A kept flow keeps the explanations of its last deals (of hands the new content still has);
    // a flow started afresh has dealt nothing yet.
    const hands = new Set(bundle.hands.map((h) => h.id));
    this.carried = new Map();
    for (const flowId of kept) {
      const traces = new Map([...(before.get(flowId) ?? [])].filter(([, t]) => hands.has(t.hand)));
      if (traces.size > 0) this.carried.set(flowId, traces);
    }
    this.bundle = bundle;
    this.engine = engine;
    this.wired = new WeakMap();
    this.unsubscribe = engine.subscribeTrace((e) => this.o.onTrace(this.wire(e)));
    if (!old) return undefined;
    const parts = [
      kept.length ? `kept flow${kept.length === 1 ? '' : 's'} ${kept.join(', ')}` : '',
      reset.length ? `started ${reset.join(', ')} afresh (their state no longer fits the content)` : '',
    ];
    return `reloaded the content: ${parts.filter(Boolean).join('; ') || 'no flows were open'}`;
  }

  /** Stops following the engine's trace. */
  close(): void {
    this.unsubscribe?.();
  }

  /** Everything the page shows for one flow (created on first use). */
  state(flowId: string): BoardState {
    const bundle = this.bundle;
    const engine = this.engine;
    if (!bundle || !engine) return { content: this.status, flow: flowId, flows: [], boxes: [], world: [], traces: [] };
    const flow = engine.flow(flowId);
    const snap = engine.snapshot().flows.find((f) => f.flow === flowId);
    const cardsById = new Map(bundle.cards.map((c) => [c.id, c]));
    const wireCard = (id: string): WireCard => {
      const c = cardsById.get(id)!;
      const w: WireCard = { id, deck: c.deck };
      if (c.title !== undefined) w.title = c.title;
      if (c.text !== undefined) w.text = c.text;
      return w;
    };
    const groups = new Map(bundle.tagGroups.map((g) => [g.id, g.tags.map((t) => t.id)]));
    const boxes = bundle.boxes.map((b) => ({
      id: b.id,
      turn: flow.turn(b.id),
      hands: bundle.hands
        .filter((h) => h.box === b.id)
        .map((h) => {
          const asked = (snap?.hands ?? []).filter((x) => x.hand === h.id && Object.keys(x.ask).length > 0);
          const hand = {
            id: h.id,
            slots: h.slots,
            tags: h.tags,
            choose: h.choose.map((g) => ({ group: g, tags: groups.get(g) ?? [] })),
            instances: [{ ask: {}, cards: flow.hand(h.id).map((c) => wireCard(c.id)) }, ...asked.map((x) => ({ ask: x.ask, cards: x.holds.map(wireCard) }))],
          };
          return { ...hand, ...(h.template ? { template: h.template } : {}), ...(h.condition ? { condition: h.condition.source } : {}) };
        }),
    }));
    const world: WireWorld[] = bundle.world.map((w) => {
      const v: WireWorld = { name: w.name, type: w.type.kind, value: flow.getWorld(w.name) };
      if (w.type.kind === 'stage') v.options = bundle.qualities.find((q) => q.id === (w.type as { ladder: string }).ladder)?.stages ?? [];
      if (w.type.kind === 'tag') v.options = groups.get((w.type as { group: string }).group) ?? [];
      return v;
    });
    return { content: this.status, flow: flowId, flows: engine.flows(), boxes, world, traces: [...this.lastTraces(flowId).values()] };
  }

  /**
   * The last event of each hand instance of a flow, oldest first: those carried over from
   * earlier engines, then the current engine's retained log (a newer event replaces a carried one).
   */
  private lastTraces(flowId: string): Map<string, WireTrace> {
    const last = new Map(this.carried.get(flowId) ?? []);
    for (const e of this.engine?.traceLog({ flow: flowId }) ?? []) {
      last.delete(e.handKey);
      last.set(e.handKey, this.wire(e));
    }
    return last;
  }

  /**
   * Runs one action from the page. Refusals come back as the runtime's `StoryletError`, which
   * changed nothing; the server turns them into a 400 with the code.
   */
  act(req: ActionRequest): WireTrace | undefined {
    const engine = this.engine;
    if (!engine) throw new StoryletError('board/no-bundle', 'the content has never published cleanly; fix the errors shown on the page');
    const flow = engine.flow(req.flow);
    // "reloaded the content: kept flow main" is news until the next thing done on the Board.
    if (this.reloadNote) {
      this.status = { ...this.status };
      delete this.status.note;
      this.reloadNote = false;
    }
    switch (req.action) {
      case 'deal':
        return this.wire(flow.deal(req.hand, req.ask).trace);
      case 'peek':
        return this.wire(flow.peek(req.hand, req.ask).trace);
      case 'play':
        flow.play(req.card, req.ask ? { hand: req.hand, ask: req.ask } : { hand: req.hand });
        return undefined;
      case 'advance':
        flow.advance(req.box, req.n ?? 1);
        return undefined;
      case 'world':
        flow.setWorld(req.name, req.value);
        return undefined;
      default:
        throw new StoryletError(
          'board/bad-action',
          `unknown action ${JSON.stringify((req as { action?: unknown }).action)}; known: deal, peek, play, advance, world`,
        );
    }
  }

  private wire(e: TraceEvent): WireTrace {
    let w = this.wired.get(e);
    if (!w) {
      w = {
        seq: ++this.seq,
        kind: e.kind,
        flow: e.flow,
        hand: e.hand,
        handKey: e.handKey,
        ask: { ...e.ask },
        box: e.box,
        turn: e.turn,
        cards: e.cards.map((c) => ({ ...c })),
      };
      if (e.handCondition) w.handCondition = { ...e.handCondition };
      this.wired.set(e, w);
    }
    return w;
  }
}
