/**
 * The server's limits (issue 16, docs/mtg/network.md "The wire", "Limits"): each one bounds what
 * a single client can make the server hold or do, so that no client can stall the event loop,
 * fill the memory or the disk, or make a frame no honest client reads. Each refusal is an
 * `Error` to that client (its code, what, the limit, how to fix) and one log line.
 */

/** Card lines (any line but blanks, `#` comments and `[section]` headers) a `SetDeck` text may have; more is `net/bad-deck` before any card is looked up. */
export const MAX_DECK_LINES = 250;

/** Cards a deck sent with `SetDeck` may hold in all its sections; more is `net/bad-deck` (the public configuration lists every card, and it must stay a frame any client reads). */
export const MAX_NET_DECK_CARDS = 250;

/** Unknown card names of one `SetDeck` for which the nearest known names are looked up (the rest are reported without): a lookup scans the whole registry. */
export const MAX_DECK_SUGGESTIONS = 3;

/** Games one `Games` frame lists (those with a free seat first); the rest are counted in its `more`. */
export const MAX_LISTED_GAMES = 100;

/** Open sockets from one peer address; a socket beyond is told why (`Error net/refused`) and closed. */
export const MAX_SOCKETS_PER_ADDRESS = 256;

/** Bug reports one user name may store in one server run. */
export const MAX_BUG_REPORTS_PER_PLAYER = 10;

/** Bug reports one server run stores in all. */
export const MAX_BUG_REPORTS_PER_RUN = 1000;

/** How often the server pings every socket (ms); a socket that has not answered the previous ping is closed as dropped. */
export const HEARTBEAT_MS = 15_000;

/** Characters of a client's value a refusal echoes (in the `Error` and the log line); the rest is cut. */
export const MAX_ECHO_CHARS = 60;

/**
 * A client's text made safe to log or relay: C0 and C1 control characters, DEL, the line and
 * paragraph separators and the bidirectional overrides and isolates are written as `\u{…}`
 * escapes (they could clear a terminal, set its title or forge a log line), and the text is cut
 * to `max` characters.
 *
 * @example
 * ```ts
 * printable('a\u001b[2Jb'); // 'a\\u{1b}[2Jb'
 * ```
 */
export function printable(text: string, max = Infinity): string {
  const cut = text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text;
  // eslint-disable-next-line no-control-regex -- the control characters are what is escaped
  return cut.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (ch) => `\\u{${ch.charCodeAt(0).toString(16)}}`);
}

/** `text` cut to {@link MAX_ECHO_CHARS} and made printable, as a JSON string: what a refusal echoes of a client's value. */
export function echo(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(printable(text, MAX_ECHO_CHARS));
}

/**
 * One word of a shell command, quoted when it needs it (POSIX single quotes), so a reproducer
 * built from names a client chose runs as the words it shows.
 *
 * @example
 * ```ts
 * shellWord('a.dck'); // 'a.dck'
 * shellWord('my deck.dck'); // "'my deck.dck'"
 * ```
 */
export function shellWord(word: string): string {
  return /^[\w./:=@%+,-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
