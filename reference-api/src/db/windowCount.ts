/** How many events of a kind fall in a window, and when the oldest of them happened. */
export interface WindowCount {
  count: number;
  oldest: number | null;
}

/** A count over a window and its oldest time, numbers on either dialect. */
export async function windowOf(query: Promise<{ count: number; oldest: number | null } | undefined>): Promise<WindowCount> {
  const row = await query;
  return { count: Number(row?.count ?? 0), oldest: row?.oldest ?? null };
}
