import { useState } from 'react';

export type Pager = ReturnType<typeof usePager>;

/** Page and page size for a server-paginated table, as limit and offset. */
export function usePager(initialSize = 20) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialSize);
  return {
    page,
    pageSize,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    /** Back to page 1 (when a filter changes). */
    reset: () => setPage(1),
    onChange: (nextPage: number, nextSize: number) => {
      setPage(nextSize !== pageSize ? 1 : nextPage);
      setPageSize(nextSize);
    },
  };
}
