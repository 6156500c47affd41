/**
 * The INI layer of a `.pzl` file: a line splitter, nothing more. Lines are grouped under
 * `[section]` headers (names case-insensitive); blank lines and lines starting with `#` are
 * skipped. What a line means is up to the section's reader, so nothing here fails: the worst a
 * line can be is unexpected, which the readers report.
 */

/** One non-blank, non-comment line of a section. */
export type IniLine = {
  /** 1-based line number in the file. */
  line: number;
  /** 1-based column of the first non-blank character. */
  column: number;
  /** The line without its leading and trailing blanks. */
  text: string;
  /** The line as written (without the line break), for columns. */
  raw: string;
};

/** A `key=value` or `key:value` line. */
export type IniPair = IniLine & {
  /** The key as written. */
  key: string;
  /** The key in lower case: keys are case-insensitive. */
  lower: string;
  /** The value without leading and trailing blanks (may be empty). */
  value: string;
  /** 1-based column where the value starts (after the separator and blanks). */
  valueColumn: number;
};

/** A section and its lines, in file order. */
export type IniSection = {
  /** The name in lower case. */
  name: string;
  /** The name as written between the brackets. */
  written: string;
  /** The header's line (the first header's, when a section is written twice). */
  line: number;
  lines: IniLine[];
  /** Lines of this name's later headers, when the section was written more than once. */
  repeats: number[];
};

/** A file split into sections. */
export type IniFile = {
  /** Non-comment lines before the first header. */
  preamble: IniLine[];
  /** Sections in the order their first header appears. */
  sections: IniSection[];
};

/**
 * Splits puzzle text into sections. A section written twice is one section (its lines in file
 * order), with the later headers' lines in `repeats` so a reader can warn.
 *
 * @example
 * ```ts
 * const ini = splitIni('[metadata]\nName:Bolt\n[state]\np0life=20\n');
 * ini.sections.map((s) => s.name); // ['metadata', 'state']
 * ```
 */
export function splitIni(text: string): IniFile {
  const preamble: IniLine[] = [];
  const sections: IniSection[] = [];
  const byName = new Map<string, IniSection>();
  let current: IniSection | undefined;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .forEach((raw, i) => {
      const text = raw.trim();
      if (text === '' || text.startsWith('#')) return;
      const line: IniLine = { line: i + 1, column: raw.length - raw.trimStart().length + 1, text, raw };
      const header = /^\[([^\]]*)\]$/.exec(text);
      if (header) {
        const written = header[1]!.trim();
        const name = written.toLowerCase();
        const known = byName.get(name);
        if (known) {
          known.repeats.push(line.line);
          current = known;
        } else {
          current = { name, written, line: line.line, lines: [], repeats: [] };
          byName.set(name, current);
          sections.push(current);
        }
        return;
      }
      (current ? current.lines : preamble).push(line);
    });
  return { preamble, sections };
}

/**
 * Reads a line as `key=value` or `key:value`: the key is the leading run of letters, digits and
 * underscores, then blanks, then the first `=` or `:`. Values keep any later `=` and `:` (URLs,
 * `Counters:P1P1=2`). `undefined` when the line has no such key.
 *
 * @example
 * ```ts
 * pairOf({ line: 3, column: 1, text: 'Name:Bolt: the test', raw: 'Name:Bolt: the test' })?.value; // 'Bolt: the test'
 * ```
 */
export function pairOf(l: IniLine): IniPair | undefined {
  const m = /^([A-Za-z0-9_]+)\s*[=:]\s*/.exec(l.text);
  if (!m) return undefined;
  const value = l.text.slice(m[0].length);
  return { ...l, key: m[1]!, lower: m[1]!.toLowerCase(), value, valueColumn: l.column + m[0].length };
}
