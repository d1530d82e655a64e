/** The status page's few building blocks: text only (textContent, never innerHTML), plain tables. */
export type Cell = string | number | undefined;

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  // textContent, never innerHTML: config and manifests are data, not markup.
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

export function table(headings: string[], rows: Cell[][], rowClass?: (index: number) => string | undefined) {
  const node = element('table');
  const head = node.createTHead().insertRow();
  for (const heading of headings) head.appendChild(element('th', heading));
  const body = node.createTBody();
  rows.forEach((cells, index) => {
    const row = body.insertRow();
    const extra = rowClass?.(index);
    if (extra) row.className = extra;
    for (const cell of cells) row.appendChild(element('td', cell === undefined ? '—' : String(cell)));
  });
  return node;
}

export function section(title: string, ...content: Node[]) {
  const node = element('section');
  node.append(element('h2', title), ...content);
  return node;
}

