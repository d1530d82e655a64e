/** A page number to show, or a gap between shown numbers. */
export type PageItem = number | 'gap';

/**
 * The page numbers a pager shows: always the first and the last, the current one with its neighbours, and a gap
 * where numbers are left out. A gap never hides a single number (that number is shown instead).
 */
export function pageItems(current: number, totalPages: number, neighbours = 1): PageItem[] {
  if (totalPages < 1) return [];
  const shown = new Set<number>([1, totalPages]);
  for (let page = current - neighbours; page <= current + neighbours; page += 1) {
    if (page >= 1 && page <= totalPages) shown.add(page);
  }
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  sorted.forEach((page, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && page - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && page - previous > 2) items.push('gap');
    items.push(page);
  });
  return items;
}

export function totalPagesOf(total: number, pageSize: number): number {
  return pageSize > 0 ? Math.ceil(total / pageSize) : 0;
}
