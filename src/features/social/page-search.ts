/** The `?page=` of the paged list routes: kept in the URL so Back returns to the same page. */
export interface PageSearch {
  page?: number;
}

export function parsePageSearch(search: Record<string, unknown>): PageSearch {
  const page = Number(search.page);
  return Number.isInteger(page) && page > 1 && page <= 10_000 ? { page } : {};
}
