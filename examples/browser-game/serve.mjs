// `npm run example:browser-game`: builds the game (build.mjs) and serves it on 127.0.0.1, on the
// port in $PORT, or a free one; prints the URL. Stop it with Ctrl-C.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildGame } from './build.mjs';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.json': 'application/json' };

/** Serves the files of `dir` (one level, nothing else) on 127.0.0.1:`port` (0: a free port). */
export function serveDir(dir, port = 0) {
  const server = createServer((req, res) => {
    const name = basename(new URL(req.url ?? '/', 'http://x').pathname) || 'index.html';
    const type = TYPES[name.slice(name.lastIndexOf('.'))];
    if (type && existsSync(join(dir, name))) {
      res.writeHead(200, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(readFileSync(join(dir, name)));
    } else {
      res.writeHead(name === 'favicon.ico' ? 204 : 404);
      res.end();
    }
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () =>
      ok({ url: `http://127.0.0.1:${server.address().port}/`, close: () => new Promise((done) => server.close(() => done())) }),
    );
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = join(dirname(fileURLToPath(import.meta.url)), 'out');
  await buildGame(out);
  const { url } = await serveDir(out, Number(process.env.PORT ?? 0));
  console.log(`the browser game: ${url}`);
}
