// A DOM tree as comparable lines (the loading screen's first frame is compared with it: the one
// index.html carries and the one domScreen.ts writes on a page without it).

/**
 * Every element's tag, its attributes (sorted, less `ignored`; inline styles without spaces) and
 * its own text, in document order. React writes "{n} day streak" as two text nodes: an element's
 * own text is compared as a whole.
 */
export function domSignature(root: Element, ignored: readonly string[] = []): string[] {
  const out: string[] = [];
  const walk = (node: Element) => {
    const attrs = [...node.attributes]
      .filter((a) => !ignored.includes(a.name))
      .map((a) => `${a.name}=${a.name === 'style' ? a.value.replace(/\s|;$/g, '') : a.value}`)
      .sort();
    const text = [...node.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.textContent).join('').trim();
    out.push(`<${node.tagName.toLowerCase()} ${attrs.join(' ')}>${text}`);
    [...node.children].forEach(walk);
  };
  walk(root);
  return out;
}
