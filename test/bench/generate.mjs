// Generates a realistic content folder of N cards for the benchmarks: several boxes, tag groups
// with properties, templates, conditions mixing world and hand names, priorities and effects.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function generateContent(dir, cards = 10_000, { boxes = 1, filesPerBox = 10 } = {}) {
  mkdirSync(dir, { recursive: true });
  const zones = Array.from({ length: 20 }, (_, i) => `zone${i}`);
  const npcs = Array.from({ length: 10 }, (_, i) => `npc${i}`);
  const world = Array.from({ length: 50 }, (_, i) => `  w${i}: ${i % 3 === 0 ? 'false' : i}`).join('\n');
  writeFileSync(
    join(dir, 'world.yaml'),
    `settings: { playAdvances: 1 }
world:
  now: 0
${world}
qualities:
  dread: [calm, uneasy, haunted, cursed]
tagGroups:
  zone:
    properties: { peril: 0, market: false, dread: { quality: dread, start: calm } }
    tags:
${zones.map((z, i) => `      ${z}: { peril: ${i % 5} }`).join('\n')}
  npc:
    properties: { trust: 0 }
    tags:
${npcs.map((n) => `      ${n}: {}`).join('\n')}
handTemplates:
  talk:
    choose: [zone, npc]
    properties: { patience: 3 }
    condition: "@hand.patience > 0"
    slots: 3
`,
  );
  const perBox = Math.ceil(cards / boxes);
  let id = 0;
  for (let b = 0; b < boxes; b++) {
    const perFile = Math.ceil(perBox / filesPerBox);
    for (let f = 0; f < filesPerBox; f++) {
      const lines = [`boxes:`, `  box${b}:`];
      if (f === 0) {
        lines.push(`    hands:`);
        for (const z of zones.slice(0, 5)) lines.push(`      ${z}_path_${b}: { tags: { zone: ${z} }, slots: 4, condition: "not @world.w0" }`);
        lines.push(`      talk_${b}: { template: talk }`);
      }
      lines.push(`    decks:`, `      deck${f}:`, `        gate: "@world.now >= ${f % 3}"`, `        cards:`);
      for (let i = 0; i < perFile && id < cards; i++, id++) {
        const z = zones[id % zones.length];
        const w = `w${1 + (id % 49)}`;
        const isBool = (1 + (id % 49)) % 3 === 0;
        const worldTest = isBool ? `not @world.${w}` : `@world.${w} >= ${id % 7}`;
        const cond =
          id % 4 === 0
            ? `${worldTest} and @hand.peril >= ${id % 3}`
            : id % 4 === 1
              ? `(${worldTest} or @hand.market) and @hand.dread >= uneasy`
              : id % 4 === 2
                ? `@world.now + ${id % 5} > @hand.peril * 2`
                : worldTest;
        lines.push(
          `          card${id}:`,
          `            title: Card number ${id}`,
          `            tags: { zone: ${id % 10 === 0 ? `[${z}, ${zones[(id + 1) % zones.length]}]` : z}${id % 3 === 0 ? `, npc: ${npcs[id % npcs.length]}` : ''} }`,
          `            condition: "${cond}"`,
          `            priority: ${id % 6 === 0 ? `"@hand.peril + ${id % 3}"` : id % 4}`,
          `            redraw: ${id % 5 === 0 ? 'never' : id % 5 === 1 ? 'always' : id % 5}`,
          `            effects:`,
          `              - "@hand.peril = @hand.peril + 1"`,
          `              - "@world.now = @world.now + 1${id % 2 ? '; advance(@hand.dread)' : ''}"`,
        );
      }
      writeFileSync(join(dir, `box${b}-${String(f).padStart(3, '0')}.yaml`), lines.join('\n') + '\n');
    }
  }
  return dir;
}
