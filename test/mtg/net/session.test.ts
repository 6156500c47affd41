// The transport-free session (src/mtg/net/session.ts, issue 17): driven by fake frames from an
// in-process golden (GoldenHost, as a room makes them), with no socket. A person answering later
// (no controller: each decision is an event, answered after the frame's handler returned), a
// reconnect's history replayed into a new session (no past decision asked again, the waiting one
// asked once), a desync (a lying question: Desync sent, the run ends fatal), and the frame limit's
// byte count without Buffer (the browser has none).
import { describe, expect, it } from 'vitest';
import { deckGameOptions } from '../../../src/mtg/cli/common.js';
import { paint } from '../../../src/mtg/controllers/index.js';
import { readDeck } from '../../../src/mtg/decks/index.js';
import { GoldenHost, type Seat } from '../../../src/mtg/engine/index.js';
import { frame, parseClientMessage, parseServerMessage, type ClientMessage, type ServerMessage, type Unversioned } from '../../../src/mtg/net/protocol.js';
import { Session, type SessionDecision, type SessionResult } from '../../../src/mtg/net/session.js';
import { RED_GREEN_AGGRO, starterRegistry, WHITE_BLUE_CONTROL } from '../../../src/mtg/starter/index.js';

const registry = starterRegistry();

/** A one-room server in process: the golden and both seats' frames, as src/mtg/net/room.ts sends them. */
class FakeRoom {
  readonly host: GoldenHost;
  /** Every frame sent to each seat, in order (a seat's history). */
  readonly sent: [string[], string[]] = [[], []];
  readonly received: ClientMessage[] = [];
  private deliver: [(text: string) => void, (text: string) => void];

  constructor(seed: string, deliver: [(text: string) => void, (text: string) => void]) {
    this.deliver = deliver;
    const decks = [RED_GREEN_AGGRO, WHITE_BLUE_CONTROL].map((d) => readDeck(d.text, d.file, registry).main);
    this.host = new GoldenHost(deckGameOptions({ registry, decks: [decks[0]!, decks[1]!], seed, startingLife: 6 }), { debug: true });
  }

  send(seat: Seat, m: Unversioned<ServerMessage>): void {
    const text = frame(m);
    this.sent[seat].push(text);
    this.deliver[seat](text);
  }

  start(): void {
    const config = this.host.publicConfig();
    for (const s of [0, 1] as Seat[]) this.send(s, { type: 'GameStarted', game: 'g', seat: s, names: ['ada', 'bob'], config, entries: this.host.take(s) });
    this.step();
  }

  step(): void {
    const ask = this.host.ask();
    if (!ask) {
      for (const s of [0, 1] as Seat[]) this.sync(s);
      for (const s of [0, 1] as Seat[]) this.send(s, { type: 'GameOver', winner: this.host.winner ?? null, reason: 'game-over' });
      return;
    }
    this.sync(ask.seat === 0 ? 1 : 0);
    this.sync(ask.seat);
    this.send(ask.seat, { type: 'Ask', ask });
  }

  private sync(seat: Seat): void {
    const entries = this.host.take(seat);
    if (entries.length > 0) this.send(seat, { type: 'Sync', entries });
  }

  /** A client's frame: an Answer goes to the golden, Confirmed back, the loop goes on. */
  fromClient(seat: Seat, text: string): void {
    const m = parseClientMessage(text);
    this.received.push(m);
    if (m.type !== 'Answer') return;
    this.host.answer(seat, m.answer);
    this.send(seat, { type: 'Confirmed', index: m.answer.index, option: m.answer.option });
    this.step();
  }
}

const log = (lines: string[]) => ({ verbosity: 2 as const, tag: true, paint: paint(false), write: (l: string) => lines.push(l) });

/** A person clicking: keep, attack with everything, play a land or cast a spell when offered, else option 0 (pass, done, the first target). */
function pick(d: SessionDecision): number {
  const o = d.point.options.find((x) => x.action.verb === 'keep' || x.action.verb === 'attack' || x.action.verb === 'play' || x.action.verb === 'cast');
  return (o ?? d.point.options[0]!).index;
}

/** Two person sessions on one fake room; answers are given from a queue drained outside the frame handlers. */
function twoPeople(seed: string, p1Answers = Infinity) {
  const queue: Array<() => void> = [];
  const sessions: Session[] = [];
  const results: (SessionResult | null)[] = [null, null];
  const lines: [string[], string[]] = [[], []];
  const decisions = [0, 0];
  const room = new FakeRoom(seed, [(t) => sessions[0]!.receive(t), (t) => sessions[1]!.receive(t)]);
  for (const s of [0, 1] as Seat[]) {
    const session = new Session({ send: (t) => queue.push(() => room.fromClient(s, t)), registry, log: log(lines[s]) });
    session.on('decision', (d) => {
      decisions[s]!++;
      // The person answers later: after this frame's handler has returned (p1 stops after p1Answers).
      if (s === 1 || decisions[0]! <= p1Answers) queue.push(() => session.answer(pick(d)));
    });
    session.on('end', (r) => (results[s] = r));
    sessions.push(session);
  }
  const drain = (limit = 100_000): void => {
    for (let n = 0; queue.length > 0 && n < limit; n++) queue.shift()!();
  };
  return { room, sessions, results, lines, decisions, queue, drain };
}

describe('Session (transport-free seat)', () => {
  it('a person answering later plays a whole game: each decision an event, answered after the handler returned', () => {
    const t = twoPeople('11');
    t.room.start();
    t.drain();
    expect(t.results[0]?.code).toBe(0);
    expect(t.results[1]?.code).toBe(0);
    expect(t.results[0]?.winner).toBe(t.room.host.winner);
    expect(t.results[1]?.winner).toBe(t.room.host.winner);
    expect(t.decisions[0]! + t.decisions[1]!).toBe(countAsked(t.room));
    // The shadows end where the golden ended.
    expect(t.sessions[0]!.follower!.game.choices.length).toBe(t.room.host.game.choices.length);
    expect(t.lines[0].at(-1)).toMatch(/^Result: p[12] \((ada|bob)\) wins/);
    expect(t.sessions[0]!.waiting).toBeNull();
  });

  it('answer() with nothing waiting, or an option out of range, is refused and sends nothing', () => {
    const t = twoPeople('12');
    const s = t.sessions[0]!;
    expect(() => s.answer(0)).toThrow(/no decision of this seat is waiting/);
    let d: SessionDecision | null = null;
    s.removeAllListeners('decision');
    s.on('decision', (x) => (d = x));
    t.room.start();
    expect(d).not.toBeNull();
    const before = t.queue.length;
    expect(() => s.answer(99)).toThrow(/option 99 is not one of this decision's/);
    expect(t.queue.length).toBe(before);
  });

  it('a reconnect replays the history: no past decision is asked again, the one waiting is asked once', () => {
    const t = twoPeople('13', 12);
    t.room.start();
    // p1 answers 12 decisions, then its page is reloaded while the 13th waits.
    t.drain();
    const old = t.sessions[0]!;
    const history = t.room.sent[0];
    expect(history.length).toBeGreaterThan(10);
    expect(old.waiting).not.toBeNull();
    const waitingIndex = old.waiting!.ask.index;

    // The new page: Welcome, Reconnect, Registered {history}, the history replayed.
    const lines: string[] = [];
    const asked: number[] = [];
    const sentByNew: string[] = [];
    const fresh = new Session({ send: (x) => sentByNew.push(x), registry, log: log(lines) });
    fresh.on('decision', (d) => asked.push(d.ask.index));
    let replayed: string | null = null;
    fresh.on('replayed', (phase) => (replayed = phase));
    fresh.on('welcome', () => fresh.reconnect(old.token ?? 'tok'));
    fresh.receive(frame({ type: 'Welcome', server: 'fake', protocol: 1, passwordRequired: false, networkDebug: true }));
    expect(parseClientMessage(sentByNew[0]!).type).toBe('Reconnect');
    const copy = [...history];
    fresh.receive(frame({ type: 'Registered', name: 'ada', token: 'tok', history: copy.length }));
    for (const f of copy) fresh.receive(f);
    expect(replayed).toBe('playing');
    expect(asked).toEqual([waitingIndex]);
    expect(fresh.waiting?.ask.index).toBe(waitingIndex);
    // Nothing was answered during the replay: only the Reconnect was sent.
    expect(sentByNew.length).toBe(1);
    // The shadow rebuilt from the history equals the old one.
    expect(fresh.follower!.game.choices).toEqual(old.follower!.game.choices);
    expect(fresh.follower!.game.stateHash()).toBe(old.follower!.game.stateHash());
  });

  it('a question that disagrees with the shadow is a desync: Desync sent, the run ends fatal (code 3)', () => {
    const sent: string[] = [];
    const session = new Session({ send: (x) => sent.push(x), registry, log: log([]) });
    let result: SessionResult | null = null;
    session.on('end', (r) => (result = r));
    const host = new FakeRoom('14', [() => {}, () => {}]).host;
    const config = host.publicConfig();
    session.receive(frame({ type: 'GameStarted', game: 'g', seat: 0, names: ['ada', 'bob'], config, entries: host.take(0) }));
    const ask = host.ask()!;
    expect(ask.seat).toBe(0);
    // The server lies about p1's hand size.
    session.receive(frame({ type: 'Ask', ask: { ...ask, check: { ...ask.check, hands: [ask.check.hands[0] + 1, ask.check.hands[1]] } } }));
    expect(result).not.toBeNull();
    expect(result!.code).toBe(3);
    expect(result!.message).toMatch(/^FATAL ERROR: DESYNC DETECTED: p1's shadow/);
    expect(sent.map((x) => parseClientMessage(x).type)).toEqual(['Desync']);
    // After the end, nothing more is read or sent.
    session.receive(frame({ type: 'Notice', text: 'hello' }));
    expect(sent.length).toBe(1);
  });

  it('the lobby events carry what the page shows: games, joined, the room, refusals', () => {
    const session = new Session({ send: () => {}, registry, log: log([]) });
    const seen: string[] = [];
    session.on('games', (g, more) => seen.push(`games ${g.length} more ${more}`));
    session.on('joined', (j) => seen.push(`joined ${j.game} p${j.seat + 1}`));
    session.on('lobby', (r) => seen.push(`lobby ${r.seats.join(',')} ${r.decks.join(',')}`));
    session.on('refused', (r) => seen.push(`refused ${r.code} ${r.message}`));
    session.receive(frame({ type: 'Games', games: [{ game: 'g', seats: ['ada', null], started: false }], more: 2 }));
    session.receive(frame({ type: 'Joined', game: 'g', seat: 1 }));
    session.receive(frame({ type: 'Lobby', game: 'g', seats: ['ada', 'bob'], decks: [true, false], ready: [false, false] }));
    session.receive(frame({ type: 'Error', code: 'net/bad-deck', message: 'unknown card "Lightnin Bolt" \u001b[2J' }));
    expect(seen).toEqual(['games 1 more 2', 'joined g p2', 'lobby ada,bob true,false', 'refused net/bad-deck unknown card "Lightnin Bolt" \\u{1b}[2J']);
    expect(session.phase).toBe('lobby');
    expect(session.finished).toBe(false);
  });

  it('frame limits count UTF-8 bytes without Buffer: a string of 30,000 three-byte characters is over 64 KiB', () => {
    const text = frame({ type: 'Register', name: 'x'.repeat(10) }).replace('xxxxxxxxxx', '\u20ac'.repeat(30_000));
    expect(text.length).toBeLessThan(64 * 1024);
    expect(() => parseClientMessage(text)).toThrow(/a frame of 900\d\d bytes is over the limit/);
    // A surrogate pair is 4 bytes: 16,384 of them are 65,536 + the frame's own bytes.
    const astral = frame({ type: 'Notice', text: '\u{1f600}'.repeat(16_384) });
    expect(() => parseClientMessage(astral)).toThrow(/a frame of 655\d\d bytes/);
    expect(parseServerMessage(astral).type).toBe('Notice');
  });
});

function countAsked(room: FakeRoom): number {
  return [0, 1].reduce((n, s) => n + room.sent[s]!.filter((f) => f.includes('"type":"Ask"')).length, 0);
}
