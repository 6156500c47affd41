// A small client for the shared world's servers (server.mjs):
//
//   node examples/shared-world/client.mjs http://127.0.0.1:7401/ alice deal forest
//   node examples/shared-world/client.mjs http://127.0.0.1:7402/ bob play shop golden_ticket
//   node examples/shared-world/client.mjs http://127.0.0.1:7401/ alice leave
/* global fetch */ // Node 20 has it; the lint's list of Node globals does not.
import { fileURLToPath } from 'node:url';

/** A player's connection to one server: each call is one request, and resolves to its reply. */
export function connect(url, player) {
  const send = async (path, message) => {
    const res = await fetch(new URL(path, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ player, ...message }),
    });
    const reply = await res.json();
    if (reply.error) throw Object.assign(new Error(`${reply.error.code}: ${reply.error.message}`), { code: reply.error.code });
    return reply;
  };
  return {
    deal: (hand) => send('deal', { hand }),
    play: (hand, card) => send('play', { hand, card }),
    leave: () => send('leave', {}),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [url, player, command, hand, card] = process.argv.slice(2);
  if (!url || !player || !['deal', 'play', 'leave'].includes(command ?? '')) {
    console.error('usage: client.mjs <server url> <player> deal <hand> | play <hand> <card> | leave');
    process.exit(2);
  }
  const c = connect(url, player);
  try {
    const reply = command === 'deal' ? await c.deal(hand) : command === 'play' ? await c.play(hand, card) : await c.leave();
    console.log(JSON.stringify(reply, null, 2));
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
