import { Empty, Flex, Grid, Table, type TableColumnsType, type TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { Pager } from '../hooks/use-pager';
import { QueryError } from './query-error';

/** What the table reads from a list query (TanStack Query's result fits). */
interface PagedQuery {
  data?: { total: number };
  isError: boolean;
  error: unknown;
  isFetching: boolean;
  refetch(): unknown;
}

interface PagedTableProps<T> {
  /** Search and filter fields, in a row above the table. */
  filters?: ReactNode;
  query: PagedQuery;
  /** This page's rows. */
  rows: T[] | undefined;
  /** Named in the load error: "Couldn't load {what}". */
  what: string;
  pager: Pager;
  columns: TableColumnsType<T>;
  /** The one column phones get instead. */
  compactColumns: TableColumnsType<T>;
  emptyText: string;
  expandable?: TableProps<T>['expandable'];
}

/**
 * A server-paginated admin table: its filters, the load error with a retry, one column on phones,
 * an empty text, and paging with a size changer and "1–20 of 57".
 */
export function PagedTable<T extends { id: string | number }>({
  filters,
  query,
  rows,
  what,
  pager,
  columns,
  compactColumns,
  emptyText,
  expandable,
}: PagedTableProps<T>) {
  const compact = !Grid.useBreakpoint().md;
  return (
    <>
      {filters && (
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          {filters}
        </Flex>
      )}
      {query.isError && <QueryError what={what} error={query.error} onRetry={() => void query.refetch()} />}
      <Table<T>
        rowKey="id"
        columns={compact ? compactColumns : columns}
        dataSource={rows}
        loading={query.isFetching}
        scroll={compact ? undefined : { x: 'max-content' }}
        // The expand buttons' column needs a header a screen reader can announce with each cell.
        expandable={
          expandable && {
            columnTitle: <span className="stratos-visually-hidden">Details</span>,
            ...expandable,
          }
        }
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} /> }}
        pagination={{
          current: pager.page,
          pageSize: pager.pageSize,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
          onChange: pager.onChange,
        }}
      />
    </>
  );
}
