/**
 * The agent protocol, version 1: JSON lines between `mtg agent` and a long-lived child process
 * (docs/mtg/agents.md). Messages are built here field by field from the seat's view, never by
 * serialising engine types, so what an agent receives is exactly what its seat may see (CR 400.2):
 * its own hand, every public zone, counts of hidden ones. Every inbound line is checked against
 * the answer schema before anything reads it.
 */
import { StoryletError } from '../../core/errors.js';
import type { CardView, ChoicePoint, Seat, SeatView } from '../engine/index.js';
import { optionText, parseFixedInputs, resolveCommand } from '../input/index.js';

/** The protocol's name and version, in every message. */
export const PROTOCOL = 'storyletengine/mtg-agent';
export const PROTOCOL_VERSION = 1;

/** A seat on the wire. */
export type WireSeat = 'p1' | 'p2';

/** A card as an agent sees it. */
export type WireCard = {
  id: number;
  name: string;
  owner: WireSeat;
  controller: WireSeat;
  types: string[];
  subtypes: string[];
  manaCost: string | null;
  power: number | null;
  toughness: number | null;
  keywords: string[];
  tapped: boolean;
  sick: boolean;
  damage: number;
  counters: Record<string, number>;
  attachedTo: number | null;
  token: boolean;
};

/** The game as one seat sees it. */
export type WireView = {
  you: WireSeat;
  turn: number;
  step: string;
  active: WireSeat;
  players: { seat: WireSeat; life: number; poison: number; hand: number; library: number; graveyard: number; manaPool: string; landsPlayed: number }[];
  hand: WireCard[];
  battlefield: WireCard[];
  graveyards: { p1: WireCard[]; p2: WireCard[] };
  exile: WireCard[];
  stack: { text: string; controller: WireSeat; targets: string[] }[];
  combat: { attackers: number[]; blocks: { blocker: number; attacker: number }[] } | null;
  revealed: WireCard[];
};

/** `mtg agent` → agent, once, first. */
export type HelloMessage = {
  type: 'hello';
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  seats: WireSeat[];
  mode: string;
  scenario: string | null;
};

/** `mtg agent` → agent: a decision to answer. */
export type DecisionMessage = {
  type: 'decision';
  protocol: typeof PROTOCOL;
  version: typeof PROTOCOL_VERSION;
  /** The decision's number: how many choices the game has had before it. The answer repeats it. */
  id: number;
  seat: WireSeat;
  kind: string;
  prompt: string;
  /** Each option: its number, the command that chooses it (fixed-input language), the engine's label. */
  menu: { index: number; command: string; label: string }[];
  view: WireView;
  /** The last lines of the game log, as this seat may read them. */
  log: string[];
  scenario: string | null;
};

/** `mtg agent` → agent, last: the game is over or stopped. */
export type EndMessage = { type: 'end'; protocol: typeof PROTOCOL; version: typeof PROTOCOL_VERSION; result: string };

/** Agent → `mtg agent`: a choice (a menu number, or one command) or a stop with a bug description. */
export type Answer = { type: 'choice'; id: number; choice: string } | { type: 'stop'; id: number; bug: string };

const seatName = (s: Seat): WireSeat => (s === 0 ? 'p1' : 'p2');

function card(c: CardView): WireCard {
  return {
    id: c.id,
    name: c.name,
    owner: seatName(c.owner),
    controller: seatName(c.controller),
    types: [...c.types],
    subtypes: [...c.subtypes],
    manaCost: c.manaCost,
    power: c.power,
    toughness: c.toughness,
    keywords: [...c.keywords],
    tapped: c.tapped,
    sick: c.sick,
    damage: c.damage,
    counters: { ...c.counters },
    attachedTo: c.attachedTo,
    token: c.token,
  };
}

/**
 * The wire view of a seat's view.
 *
 * @example
 * ```ts
 * wireView(game.view(0)).hand.map((c) => c.name); // p1's hand, and nothing of p2's
 * ```
 */
export function wireView(v: SeatView): WireView {
  return {
    you: seatName(v.seat),
    turn: v.turn,
    step: v.step,
    active: seatName(v.active),
    players: v.players.map((p) => ({
      seat: seatName(p.seat),
      life: p.life,
      poison: p.poison,
      hand: p.handCount,
      library: p.libraryCount,
      graveyard: p.graveyardCount,
      manaPool: p.manaPool,
      landsPlayed: p.landsPlayed,
    })),
    hand: v.hand.map(card),
    battlefield: v.battlefield.map(card),
    graveyards: { p1: v.graveyards[0].map(card), p2: v.graveyards[1].map(card) },
    exile: v.exile.map(card),
    stack: v.stack.map((s) => ({ text: s.text, controller: seatName(s.controller), targets: [...s.targets] })),
    combat: v.combat ? { attackers: [...v.combat.attackers], blocks: v.combat.blocks.map((b) => ({ blocker: b.blocker, attacker: b.attacker })) } : null,
    revealed: v.revealed.map(card),
  };
}

/**
 * The decision message for a seat's pending decision.
 *
 * @example
 * ```ts
 * const line = JSON.stringify(decisionMessage(game.view(0), game.pending()!, game.choices.length, log, null));
 * ```
 */
export function decisionMessage(view: SeatView, point: ChoicePoint, id: number, log: readonly string[], scenario: string | null): DecisionMessage {
  return {
    type: 'decision',
    protocol: PROTOCOL,
    version: PROTOCOL_VERSION,
    id,
    seat: seatName(point.seat),
    kind: point.kind,
    prompt: point.prompt,
    menu: point.options.map((o) => ({ index: o.index, command: optionText(point, o), label: o.label })),
    view: wireView(view),
    log: [...log],
    scenario,
  };
}

/**
 * The first message.
 *
 * @example
 * ```ts
 * helloMessage([0], 'agent-vs-heuristic', null);
 * ```
 */
export function helloMessage(seats: Seat[], mode: string, scenario: string | null): HelloMessage {
  return { type: 'hello', protocol: PROTOCOL, version: PROTOCOL_VERSION, seats: seats.map(seatName), mode, scenario };
}

/**
 * The last message.
 *
 * @example
 * ```ts
 * endMessage('p1 wins');
 * ```
 */
export function endMessage(result: string): EndMessage {
  return { type: 'end', protocol: PROTOCOL, version: PROTOCOL_VERSION, result };
}

/**
 * Checks one line from the agent against the answer schema for decision `id`.
 *
 * @throws StoryletError `agent/bad-message` naming what is wrong and quoting the line.
 * @example
 * ```ts
 * readAnswer('{"type":"choice","id":3,"choice":"play mountain"}', 3); // { type: 'choice', id: 3, choice: 'play mountain' }
 * ```
 */
export function readAnswer(line: string, id: number): Answer {
  const quoted = JSON.stringify(line.length > 200 ? `${line.slice(0, 200)}…` : line);
  const bad = (why: string): StoryletError =>
    new StoryletError(
      'agent/bad-message',
      `the agent's answer to decision ${id} ${why}: ${quoted} (expected {"type":"choice","id":${id},"choice":"…"} or {"type":"stop","id":${id},"bug":"…"}, one JSON object a line)`,
      {
        line,
        id,
      },
    );
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw bad('is not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw bad('is not a JSON object');
  const m = value as Record<string, unknown>;
  if (m['version'] !== undefined && m['version'] !== PROTOCOL_VERSION)
    throw bad(`speaks protocol version ${JSON.stringify(m['version'])}, and this is version ${PROTOCOL_VERSION}`);
  if (m['id'] !== undefined && m['id'] !== id) throw bad(`answers decision ${JSON.stringify(m['id'])}`);
  if (m['type'] === 'choice') {
    const c = m['choice'];
    if (typeof c === 'number' && Number.isInteger(c) && c >= 0) return { type: 'choice', id, choice: String(c) };
    if (typeof c === 'string' && c.trim() !== '') return { type: 'choice', id, choice: c.trim() };
    throw bad('has no "choice" (a menu number or a command)');
  }
  if (m['type'] === 'stop') {
    const b = m['bug'];
    if (typeof b !== 'string' || b.trim() === '') throw bad('stops without a "bug" description');
    return { type: 'stop', id, bug: b };
  }
  throw bad(`has type ${JSON.stringify(m['type'])}`);
}

/**
 * The option a choice names at a decision: a menu number, or one command of the fixed-input
 * language resolved as a script's would be.
 *
 * @throws StoryletError `agent/bad-choice` with the available actions.
 * @example
 * ```ts
 * resolveChoice('play mountain', point); // the index of "play Mountain"
 * ```
 */
export function resolveChoice(choice: string, point: ChoicePoint): number {
  const menu = point.options.map((o) => `[${o.index}] ${optionText(point, o)}`).join(', ');
  const bad = (why: string): StoryletError =>
    new StoryletError('agent/bad-choice', `${JSON.stringify(choice)} ${why}; the menu was: ${menu}`, { choice, seat: point.seat });
  if (/^\d+$/.test(choice)) {
    const n = Number(choice);
    if (n >= point.options.length) throw bad(`is not on the menu (options 0 to ${point.options.length - 1})`);
    return n;
  }
  const { commands, problems } = parseFixedInputs(choice);
  if (problems.length > 0) throw bad(`is not a command: ${problems[0]!.message}`);
  if (commands.length !== 1) throw bad('is not one command (answer one decision at a time)');
  const command = commands[0]!;
  if (command.kind === 'wildcard' || command.kind === 'pass-until') throw bad('is for scripts; answer this decision');
  if ((command.kind === 'cast' || command.kind === 'activate') && command.targets.length > 0)
    throw bad('has a targeting clause; answer the target prompt when it comes');
  const r = resolveCommand(command, point, {});
  if ('error' in r) throw bad(`matches nothing here (${r.error.message})`);
  return r.index;
}
