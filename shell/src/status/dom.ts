/** The console's few building blocks: text only (textContent, never innerHTML), tables, cards. */
export type Cell = string | number | undefined;

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, text?: string, className?: string) {
  const node = document.createElement(tag);
  // textContent, never innerHTML: config and manifests are data, not markup.
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

/** Cells this long or shorter (a time, a verb, a version, a rate) are kept on one line. */
const SHORT_CELL = 20;

/**
 * A table whose cells carry their heading (`data-label`): on a narrow screen status.css lays each row out as a
 * small card, so no table is wider than the window. A column of short cells only is kept on one line
 * (`is-short`): long addresses may break anywhere, and the table would otherwise squeeze a time or a verb into a
 * column one character wide beside them.
 */
export function table(headings: string[], rows: Cell[][], rowClass?: (index: number) => string | undefined) {
  const texts = rows.map((cells) => cells.map((cell) => (cell === undefined ? '—' : String(cell))));
  const short = headings.map((heading, column) => [heading, ...texts.map((cells) => cells[column] ?? '')].every((text) => text.length <= SHORT_CELL));
  const node = element('table');
  const head = node.createTHead().insertRow();
  headings.forEach((heading, column) => head.appendChild(element('th', heading, short[column] ? 'is-short' : undefined)));
  const body = node.createTBody();
  texts.forEach((cells, index) => {
    const row = body.insertRow();
    const extra = rowClass?.(index);
    if (extra) row.className = extra;
    cells.forEach((text, column) => {
      const td = element('td', text, short[column] ? 'is-short' : undefined);
      td.dataset.label = headings[column] ?? '';
      row.appendChild(td);
    });
  });
  return node;
}

/** A card of the console: a section with its heading, labelled by it for screen readers. */
export function section(title: string, ...content: Node[]) {
  const node = element('section', undefined, 'console-card');
  const heading = element('h2', title);
  heading.id = `card-${title.replace(/\s+/g, '-')}`;
  node.setAttribute('aria-labelledby', heading.id);
  node.append(heading, ...content);
  return node;
}

/** "2026/11/20 14:20" in China time, where the site's ops are, whatever the browser's zone. */
export function chinaTime(ms: number, withDate = true): string {
  return new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    ...(withDate ? { year: 'numeric', month: '2-digit', day: '2-digit' } : {}),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/** A build's time (ISO, as builds stamp it) in China time; what cannot be read, as it is. */
export function buildTime(iso: string | undefined): string | undefined {
  const ms = iso === undefined ? Number.NaN : Date.parse(iso);
  return Number.isNaN(ms) ? iso : chinaTime(ms);
}

/** A time axis' tick: the hour over a day, the month and day over a week, as China reads them. */
export function tickLabel(ms: number, daily: boolean): string {
  const parts: Intl.DateTimeFormatOptions = daily ? { month: '2-digit', day: '2-digit' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
  return new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', ...parts }).format(ms);
}

/**
 * The width a chart may take where it cannot be measured yet (drawn before it is placed): the window less the
 * page's, the card's and a nested card's margins and padding at a phone's width (status.css), the widest case.
 */
export function pageRoom(): number {
  return document.documentElement.clientWidth - 130;
}
