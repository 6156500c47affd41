/** A very small DOM builder for the Board page: `h('li', { class: 'x' }, 'text', child)`. */

export type Child = Node | string | number | null | undefined | false;
export type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;

/**
 * Makes an element. `on*` attributes given functions become listeners; `false`/`undefined`
 * attributes are left out; `true` sets an empty attribute.
 *
 * @example
 * ```ts
 * h('button', { class: 'primary', onclick: () => deal() }, 'Deal');
 * ```
 */
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
  return el;
}

/**
 * Replaces an element's children.
 *
 * @example
 * ```ts
 * fill(byId('world'), ...rows);
 * ```
 */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren(
    ...children.filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false).map((c) => (typeof c === 'number' ? String(c) : c)),
  );
}

/** The element with this id; the page has it by construction. */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}
