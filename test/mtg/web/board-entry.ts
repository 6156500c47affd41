// The browser side of the board tests and of the screenshots: draws a given view with the
// starter set's rules text, and records the ids the board's click hook reports.
import { registryCardInfo, renderBoard, renderCardFrame, type BoardOptions } from '../../../src/mtg/web/ui/board.js';
import type { CardView, SeatView } from '../../../src/mtg/engine/index.js';
import { handBuilt, midGame, plainView, starter } from './board-fixtures.js';

type Draw = { viewer?: 0 | 1; highlight?: number[]; images?: boolean };

const clicks: number[] = [];
const info = registryCardInfo(starter());
let root: HTMLElement | null = null;

function mount(): HTMLElement {
  if (!root) {
    root = document.createElement('main');
    root.id = 'board';
    document.body.append(root);
  }
  return root;
}

const api = {
  clicks,
  /** Draws `view` into the page's one board root. */
  draw(view: SeatView, draw: Draw = {}): void {
    const options: BoardOptions = {
      viewer: draw.viewer ?? view.seat,
      names: ['Ann', 'Bob'],
      ...info,
      highlight: new Set(draw.highlight ?? []),
      onCard: (id) => clicks.push(id),
      ...(draw.images ? { images: (name: string) => (name === 'Forest' ? 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' : null) } : {}),
    };
    renderBoard(mount(), view, options);
  },
  /** One frame alone, for the frame's own assertions. */
  frame(card: CardView): string {
    return renderCardFrame(card, info).outerHTML;
  },
  handBuilt,
  /** The mid-game view computed in the page (the screenshots use it; the tests pass Node's). */
  midGameView: (seed?: string, turn?: number): SeatView => plainView(midGame(seed, turn), 0),
  /** Loads the stylesheet text (the test and the screenshots pass style.css). */
  style(css: string): void {
    const s = document.createElement('style');
    s.textContent = css;
    document.head.append(s);
  },
};

(globalThis as unknown as { boardTest: typeof api }).boardTest = api;
