/** `storyletengine links <dir>`: the read/write graph of a content folder. */
import { loadBundle } from '../content.js';
import type { Command } from '../command.js';
import { EXIT } from '../io.js';
import { formatLinks, LINKS_FORMATS, type LinksFormat } from '../links/format.js';
import { linkGraph } from '../links/graph.js';

export const linksCommand: Command = {
  spec: {
    name: 'links',
    synopsis: '<dir|bundle.json> [--format text|json|dot|mermaid]',
    brief: 'who reads and writes which names; which hands deal which cards',
    summary: 'Show which cards, decks and hands read and write which world names, which hands can deal which cards, and which cards can never be dealt.',
    positionals: { min: 1, max: 1, names: 'a content folder or a bundle file' },
    flags: {
      format: { type: 'string', value: 'FORMAT', help: 'text, json, dot (Graphviz) or mermaid', choices: LINKS_FORMATS, default: 'text' },
    },
    details: `Relationships through @hand are left out of the graph: which hand asks is known only
when a deal happens. Each card lists the @hand names it reads and writes, marked "not linked".
Content with errors is not linked: its diagnostics are printed and the exit code is 1.`,
  },
  async run({ positionals, flags }, io) {
    const path = positionals[0]!;
    const loaded = await loadBundle(path, io);
    if (loaded.exit !== undefined) return loaded.exit;
    io.stdout.write(formatLinks(linkGraph(loaded.bundle), flags.format as LinksFormat, path));
    return EXIT.ok;
  },
};
