// node editors/vscode/package.mjs (npm run package:vscode): builds the extension into
// editors/vscode/storyletengine-vscode-<version>.vsix, a zip in the layout VS Code's
// "Install from VSIX..." reads. esbuild bundles src/extension.mjs with vscode-languageclient into
// one CommonJS file; the zip is written here (deflate from node:zlib), so nothing but the repo's dev
// dependencies is needed and nothing is uploaded anywhere.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'));

export async function packageExtension({ out = join(here, `${manifest.name}-${manifest.version}.vsix`) } = {}) {
  mkdirSync(join(here, 'dist'), { recursive: true });
  await build({
    entryPoints: [join(here, 'src', 'extension.mjs')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node18',
    external: ['vscode'],
    outfile: join(here, 'dist', 'extension.js'),
    logLevel: 'warning',
    legalComments: 'none',
    minify: true,
  });
  const files = ['package.json', 'README.md', 'dist/extension.js', 'syntaxes/storylet.injection.json'];
  const entries = [
    ['extension.vsixmanifest', vsixManifest()],
    ['[Content_Types].xml', contentTypes()],
    ...files.map((f) => [`extension/${f}`, readFileSync(join(here, f))]),
  ];
  writeFileSync(out, zip(entries));
  return { out, entries: entries.map(([name]) => name) };
}

function vsixManifest() {
  const m = manifest;
  return `<?xml version="1.0" encoding="utf-8"?>
<PackageManifest Version="2.0.0" xmlns="http://schemas.microsoft.com/developer/vsx-schema/2011">
  <Metadata>
    <Identity Language="en-US" Id="${m.name}" Version="${m.version}" Publisher="${m.publisher}" />
    <DisplayName>${m.displayName}</DisplayName>
    <Description xml:space="preserve">${m.description}</Description>
    <Categories>${m.categories.join(',')}</Categories>
    <Properties>
      <Property Id="Microsoft.VisualStudio.Code.Engine" Value="${m.engines.vscode}" />
    </Properties>
  </Metadata>
  <Installation>
    <InstallationTarget Id="Microsoft.VisualStudio.Code" />
  </Installation>
  <Dependencies />
  <Assets>
    <Asset Type="Microsoft.VisualStudio.Code.Manifest" Path="extension/package.json" Addressable="true" />
    <Asset Type="Microsoft.VisualStudio.Services.Content.Details" Path="extension/README.md" Addressable="true" />
  </Assets>
</PackageManifest>
`;
}

function contentTypes() {
  return `<?xml version="1.0" encoding="utf-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
  <Default Extension=".json" ContentType="application/json" />
  <Default Extension=".js" ContentType="application/javascript" />
  <Default Extension=".md" ContentType="text/markdown" />
  <Default Extension=".vsixmanifest" ContentType="text/xml" />
</Types>
`;
}

/** A zip of [name, text or bytes] entries, deflated, with a fixed timestamp (the same input gives the same bytes). */
export function zip(entries) {
  const local = [];
  const central = [];
  let offset = 0;
  const DOS_TIME = 0;
  const DOS_DATE = (1 << 5) | 1; // 1980-01-01
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(0x0800, 6); // names are UTF-8
    head.writeUInt16LE(8, 8); // deflate
    head.writeUInt16LE(DOS_TIME, 10);
    head.writeUInt16LE(DOS_DATE, 12);
    head.writeUInt32LE(crc, 14);
    head.writeUInt32LE(packed.length, 18);
    head.writeUInt32LE(data.length, 22);
    head.writeUInt16LE(nameBytes.length, 26);
    head.writeUInt16LE(0, 28);
    local.push(head, nameBytes, packed);
    const dir = Buffer.alloc(46);
    dir.writeUInt32LE(0x02014b50, 0);
    dir.writeUInt16LE(20, 4);
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(8, 10);
    dir.writeUInt16LE(DOS_TIME, 12);
    dir.writeUInt16LE(DOS_DATE, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(packed.length, 20);
    dir.writeUInt32LE(data.length, 24);
    dir.writeUInt16LE(nameBytes.length, 28);
    dir.writeUInt32LE(offset, 42);
    central.push(dir, nameBytes);
    offset += head.length + nameBytes.length + packed.length;
  }
  const dirBytes = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dirBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, dirBytes, end]);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { out, entries } = await packageExtension();
  console.log(`${out}\n${entries.map((e) => `  ${e}`).join('\n')}`);
}
