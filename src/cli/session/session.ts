/**
 * The `play` REPL: one engine over a bundle, one current flow, and a command per line. The same
 * session runs typed lines, a `--script` file or piped stdin, and drives `trace`; it writes
 * through two callbacks so it never touches a terminal itself.
 *
 * A refused command prints its error code and changes nothing (the runtime guarantees that for
 * its own calls); the session goes on with the next line.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Bundle, Value } from '../../content/bundle.js';
import { StoryletError } from '../../core/errors.js';
import {
  createEngine,
  FLOW_SNAPSHOT_FORMAT,
  VERDICTS,
  type Engine,
  type EngineSnapshot,
  type FlowSnapshot,
  type Flow,
  type HandScopeEntry,
  type TraceEvent,
  type Verdict,
} from '../../runtime/index.js';
import { askOf, handLabel, words } from './words.js';

export interface SessionOptions {
  bundle: Bundle;
  seed: string;
  flow: string;
  /** Normal output, one line at a time. */
  out: (line: string) => void;
  /** Errors and usage, one line at a time. */
  err: (line: string) => void;
}

/** One REPL command: how it is written, what it does, and its handler. */
interface ReplCommand {
  usage: string;
  help: string;
  run(args: string[]): void;
}

/** Thrown by a handler for a command written wrongly: its usage is printed. */
class BadLine extends Error {}

/** The outcome of one line. */
export type LineResult = 'ok' | 'failed' | 'quit';

/**
 * A REPL session over a bundle.
 *
 * @example
 * ```ts
 * const s = new Session({ bundle, seed: 'demo', flow: 'main', out: console.log, err: console.error });
 * s.line('deal forest_path');
 * s.line('why dark_path in forest_path');
 * ```
 */
export class Session {
  readonly engine: Engine;
  private flowId: string;
  private readonly commands: Map<string, ReplCommand>;
  /** The latest deal or peek of each hand instance, by flow: what `why` explains. */
  private readonly last = new Map<string, TraceEvent>();

  constructor(private readonly o: SessionOptions) {
    this.engine = createEngine(o.bundle, { seed: o.seed });
    this.flowId = o.flow;
    this.engine.flow(this.flowId);
    // Kept here rather than read back from traceLog, whose ring forgets old events in a long session.
    this.engine.subscribeTrace((e) => {
      const key = `${e.flow}\u0000${e.handKey}`;
      this.last.delete(key);
      this.last.set(key, e);
    });
    this.commands = new Map(
      Object.entries({
        peek: { usage: 'peek HAND [group=tag ...]', help: 'show the top of the stock for a hand; changes nothing', run: (a) => this.deal(a, 'peek') },
        deal: { usage: 'deal HAND [group=tag ...]', help: "fill the hand's empty slots from its box", run: (a) => this.deal(a, 'deal') },
        play: { usage: 'play CARD in HAND [group=tag ...]', help: 'play a card the hand holds: run its effects, advance its box', run: (a) => this.play(a) },
        advance: { usage: 'advance BOX [N]', help: "move a box's turn clock on by N (default 1)", run: (a) => this.advance(a) },
        set: { usage: 'set NAME VALUE', help: 'set a world value: set now 2, set raining true, set name "two words"', run: (a) => this.set(a) },
        why: { usage: 'why CARD in HAND [group=tag ...]', help: "the card's verdict and reason in the hand's last deal or peek", run: (a) => this.why(a) },
        hands: { usage: 'hands', help: 'every hand, box clock and what each hand holds', run: () => this.hands() },
        world: { usage: 'world', help: 'every world value', run: () => this.world() },
        save: { usage: 'save FILE', help: 'write every flow to a JSON snapshot', run: (a) => this.save(a) },
        load: { usage: 'load FILE', help: 'restore a snapshot written by save (or by engine.snapshot())', run: (a) => this.load(a) },
        flow: { usage: 'flow [ID]', help: 'switch to another flow (a playthrough), or list them', run: (a) => this.switchFlow(a) },
        help: { usage: 'help', help: 'this list', run: () => this.help() },
        quit: { usage: 'quit', help: 'leave (end of input does too)', run: () => undefined },
      } satisfies Record<string, ReplCommand>),
    );
  }

  /** The flow commands act on. */
  get flow(): Flow {
    return this.engine.flow(this.flowId);
  }

  /** Runs one line. Blank lines and `# comments` do nothing. */
  line(text: string): LineResult {
    const [name, ...args] = words(text);
    if (name === undefined) return 'ok';
    if (name === 'quit' || name === 'exit') return 'quit';
    const cmd = this.commands.get(name);
    if (!cmd) {
      this.o.err(`unknown command ${JSON.stringify(name)}; the commands are:`);
      this.help(this.o.err);
      return 'failed';
    }
    try {
      cmd.run(args);
      return 'ok';
    } catch (err) {
      if (err instanceof BadLine) this.o.err(`usage: ${cmd.usage}${err.message ? ` (${err.message})` : ''}`);
      else if (err instanceof StoryletError) this.o.err(`error ${err.code}: ${err.message}`);
      else throw err;
      return 'failed';
    }
  }

  /** The command list, as `help` prints it. */
  help(print: (line: string) => void = this.o.out): void {
    const width = Math.max(...[...this.commands.values()].map((c) => c.usage.length)) + 2;
    for (const c of this.commands.values()) print(`  ${c.usage.padEnd(width)}${c.help}`);
  }

  // ---- commands ------------------------------------------------------------------------------

  private deal(args: string[], kind: 'deal' | 'peek'): void {
    const [hand, ...pairs] = args;
    const ask = askOf(pairs);
    if (hand === undefined || ask === undefined) throw new BadLine(hand === undefined ? 'which hand?' : 'tags are written group=tag');
    const label = handLabel(hand, ask);
    if (kind === 'peek') {
      const { cards, trace } = this.flow.peek(hand, ask);
      this.o.out(`${label}: stock ${cards.map((c) => c.id).join(', ') || '(empty)'}`);
      this.o.out(`  ${summary(trace)}`);
      return;
    }
    const { cards, dealt, trace } = this.flow.deal(hand, ask);
    if (trace.handCondition && !trace.handCondition.ok) {
      this.o.out(`${label}: ${trace.handCondition.reason ?? "the hand's condition is false"}; nothing was dealt`);
      return;
    }
    this.o.out(`${label}: dealt ${dealt.map((c) => c.id).join(', ') || 'nothing'}`);
    this.o.out(`  holds ${cards.map((c) => c.id).join(', ') || '(nothing)'}`);
    this.o.out(`  ${summary(trace)}`);
  }

  private play(args: string[]): void {
    const [card, word, hand, ...pairs] = args;
    const ask = askOf(pairs);
    if (card === undefined || word !== 'in' || hand === undefined || ask === undefined) throw new BadLine();
    const flow = this.flow;
    const worldBefore = this.worldValues();
    const scopeBefore = flow.handScope(hand, ask);
    const r = flow.play(card, { hand, ask });
    this.o.out(`played ${r.card.id} from ${handLabel(hand, ask)}; box ${r.box} is at turn ${r.turn}`);
    for (const [name, before] of worldBefore) {
      const after = flow.getWorld(name);
      if (after !== before) this.o.out(`  @world.${name}: ${show(before)} → ${show(after)}`);
    }
    const scopeAfter = flow.handScope(hand, ask);
    for (const b of scopeBefore) {
      const a = scopeAfter.find((x) => x.name === b.name);
      if (a && a.value !== b.value) this.o.out(`  @hand.${b.name} (${sourceLabel(b)}): ${show(b.value)} → ${show(a.value)}`);
    }
  }

  private advance(args: string[]): void {
    const [box, n, extra] = args;
    if (box === undefined || extra !== undefined || (n !== undefined && !/^\d+$/.test(n))) throw new BadLine(n !== undefined ? 'N is a whole number' : '');
    const turn = this.flow.advance(box, n === undefined ? 1 : Number(n));
    this.o.out(`box ${box} is at turn ${turn}`);
  }

  private set(args: string[]): void {
    const [name, raw, extra] = args;
    if (name === undefined || raw === undefined || extra !== undefined) throw new BadLine('quote a value with spaces: "two words"');
    const decl = this.o.bundle.world.find((w) => w.name === name);
    let value: Value = raw;
    if (decl?.type.kind === 'number' && raw.trim() !== '' && Number.isFinite(Number(raw))) value = Number(raw);
    if (decl?.type.kind === 'boolean' && (raw === 'true' || raw === 'false')) value = raw === 'true';
    // Anything else goes to the runtime as written, which names the type it wanted.
    this.flow.setWorld(name, value);
    this.o.out(`@world.${name} = ${show(this.flow.getWorld(name))}`);
  }

  private why(args: string[]): void {
    const [card, word, hand, ...pairs] = args;
    const ask = askOf(pairs);
    if (card === undefined || word !== 'in' || hand === undefined || ask === undefined) throw new BadLine();
    const asked = Object.keys(ask).length > 0;
    let event: TraceEvent | undefined;
    for (const e of this.last.values()) if (e.flow === this.flowId && e.hand === hand && (!asked || sameAsk(e.ask, ask))) event = e;
    if (!event) {
      this.o.out(`${handLabel(hand, ask)} has not been dealt or peeked in flow ${this.flowId} yet; deal or peek it first`);
      return;
    }
    const entry = event.cards.find((c) => c.id === card);
    const where = `${event.kind} of ${handLabel(event.hand, event.ask)}, box ${event.box} turn ${event.turn}`;
    if (entry) {
      this.o.out(`${card}: ${entry.verdict} — ${entry.reason} (last ${where})`);
      return;
    }
    if (event.handCondition && !event.handCondition.ok) {
      this.o.out(`${card}: not looked at — ${event.handCondition.reason ?? "the hand's condition was false"} (last ${where})`);
      return;
    }
    this.o.out(`${card}: not considered — it is not a card of box ${event.box} (last ${where})`);
  }

  private hands(): void {
    const flow = this.flow;
    const held = this.engine.snapshot().flows.find((f) => f.flow === this.flowId)?.hands ?? [];
    for (const box of this.o.bundle.boxes) {
      this.o.out(`box ${box.id}, turn ${flow.turn(box.id)}`);
      for (const h of this.o.bundle.hands.filter((x) => x.box === box.id)) {
        const open = h.choose.length ? `, asks ${h.choose.join(', ')}` : '';
        this.o.out(
          `  ${h.id} (slots ${h.slots}${open}): ${
            flow
              .hand(h.id)
              .map((c) => c.id)
              .join(', ') || '-'
          }`,
        );
        for (const inst of held.filter((x) => x.hand === h.id && Object.keys(x.ask).length > 0)) {
          this.o.out(`  ${handLabel(h.id, inst.ask)}: ${inst.holds.join(', ') || '-'}`);
        }
      }
    }
  }

  private world(): void {
    for (const [name, value] of this.worldValues()) this.o.out(`@world.${name} = ${show(value)}`);
  }

  private save(args: string[]): void {
    const [file, extra] = args;
    if (file === undefined || extra !== undefined) throw new BadLine();
    const snapshot = this.engine.snapshot();
    try {
      writeFileSync(file, `${JSON.stringify(snapshot, null, 2)}\n`);
    } catch (err) {
      throw new StoryletError('repl/file', `cannot write ${file}: ${(err as Error).message}`);
    }
    this.o.out(`saved ${snapshot.flows.length} flow${snapshot.flows.length === 1 ? '' : 's'} to ${file}`);
  }

  private load(args: string[]): void {
    const [file, extra] = args;
    if (file === undefined || extra !== undefined) throw new BadLine();
    let snapshot: unknown;
    try {
      snapshot = JSON.parse(readFileSync(file, 'utf8'));
    } catch (err) {
      throw new StoryletError('repl/file', `cannot read ${file}: ${(err as Error).message}`);
    }
    // One flow's snapshot comes back as that flow; an engine's replaces every flow.
    const isFlow = typeof snapshot === 'object' && snapshot !== null && (snapshot as { format?: unknown }).format === FLOW_SNAPSHOT_FORMAT;
    if (isFlow) this.flowId = this.engine.restore(snapshot as FlowSnapshot).id;
    else this.engine.restore(snapshot as EngineSnapshot);
    const flows = this.engine.flows();
    if (!flows.includes(this.flowId) && flows[0] !== undefined) this.flowId = flows[0];
    this.o.out(`loaded ${file}: flows ${flows.join(', ') || '(none)'}; now in flow ${this.flowId}`);
  }

  private switchFlow(args: string[]): void {
    const [id, extra] = args;
    if (extra !== undefined) throw new BadLine();
    if (id !== undefined) {
      this.engine.flow(id);
      this.flowId = id;
    }
    this.o.out(`flow ${this.flowId} (flows: ${this.engine.flows().join(', ')})`);
  }

  private worldValues(): [string, Value][] {
    return this.o.bundle.world.map((w) => [w.name, this.flow.getWorld(w.name)]);
  }
}

/**
 * "considered 7: 1 dealt, 2 deck-gate, 3 tags, 1 condition", in the reference's verdict order.
 *
 * @example
 * ```ts
 * out(summary(flow.deal('forest_path').trace));
 * ```
 */
export function summary(trace: TraceEvent): string {
  const counts = new Map<Verdict, number>();
  for (const c of trace.cards) counts.set(c.verdict, (counts.get(c.verdict) ?? 0) + 1);
  const parts = VERDICTS.filter((v) => counts.has(v)).map((v) => `${counts.get(v)} ${v}`);
  return `considered ${trace.cards.length}${parts.length ? `: ${parts.join(', ')}` : ''}`;
}

function sameAsk(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
}

function show(v: Value): string {
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

function sourceLabel(e: HandScopeEntry): string {
  return e.source.kind === 'tag' ? `tag ${e.source.group}.${e.source.tag}` : e.source.kind === 'hand' ? `hand ${e.source.hand}` : `group ${e.source.group}`;
}
