/**
 * A minimal reader for tar archives (POSIX ustar, with GNU long names and pax path headers),
 * enough to unpack a cardsfolder archive without a dependency or a `tar` binary.
 */

/** One regular file of an archive. */
export type TarFile = { path: string; data: Buffer };

function text(block: Buffer, start: number, length: number): string {
  const slice = block.subarray(start, start + length);
  const nul = slice.indexOf(0);
  return slice.subarray(0, nul === -1 ? slice.length : nul).toString('utf8');
}

function size(block: Buffer): number {
  // Sizes above 8 GiB use a base-256 encoding flagged by the high bit; card scripts never do,
  // but reading it keeps the offsets right if an archive holds such a file.
  if ((block[124]! & 0x80) !== 0) {
    let n = 0;
    for (let i = 125; i < 136; i++) n = n * 256 + block[i]!;
    return n;
  }
  const octal = text(block, 124, 12).trim();
  return octal === '' ? 0 : parseInt(octal, 8);
}

function paxPath(data: Buffer): string | undefined {
  // Records are "<length> <key>=<value>\n".
  let offset = 0;
  while (offset < data.length) {
    const space = data.indexOf(0x20, offset);
    if (space === -1) break;
    const length = parseInt(data.subarray(offset, space).toString('utf8'), 10);
    if (!Number.isFinite(length) || length <= 0) break;
    const record = data.subarray(space + 1, offset + length - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (eq !== -1 && record.slice(0, eq) === 'path') return record.slice(eq + 1);
    offset += length;
  }
  return undefined;
}

/**
 * The regular files of a tar archive, in archive order. Stops quietly at the end marker or at a
 * truncated entry.
 *
 * @example
 * ```ts
 * for (const f of readTar(gunzipSync(readFileSync('cards.tar.gz')))) console.log(f.path);
 * ```
 */
export function readTar(archive: Buffer): TarFile[] {
  const files: TarFile[] = [];
  let offset = 0;
  let longName: string | undefined;
  while (offset + 512 <= archive.length) {
    const header = archive.subarray(offset, offset + 512);
    if (header.every((b) => b === 0)) break;
    const type = String.fromCharCode(header[156]!);
    const length = size(header);
    const dataStart = offset + 512;
    const data = archive.subarray(dataStart, dataStart + length);
    if (data.length < length) break;
    offset = dataStart + Math.ceil(length / 512) * 512;
    if (type === 'L') {
      longName = text(data, 0, data.length);
      continue;
    }
    if (type === 'x') {
      longName = paxPath(data) ?? longName;
      continue;
    }
    if (type === 'g') continue;
    const prefix = text(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100));
    longName = undefined;
    if (type === '0' || type === '\0' || type === '7') files.push({ path: name, data: Buffer.from(data) });
  }
  return files;
}
