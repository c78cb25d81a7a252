import { ClearOutlined, DeleteOutlined, FolderOpenOutlined, UndoOutlined } from '@ant-design/icons';
import type { RecycleItem } from '@stratos/contracts/files/recycle-bin.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Grid,
  Skeleton,
  Table,
  type TableColumnsType,
  Tooltip,
  theme,
} from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime, formatLongDate, formatRelative } from '../../../lib/date-format';
import { EmptyPanel } from '../../../lib/empty-panel';
import { FileIcon } from '../../../lib/file-icon';
import { formatBytes } from '../../../lib/format-bytes';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { storageChanged } from '../../../lib/storage-events';
import {
  emptyRecycleBin,
  purgeItems,
  RECYCLE_PAGE_SIZE,
  restoreItems,
  useRecycleBin,
} from '../api/recycle-bin';
import { purgeIn } from '../model/purge-in';

const keyOf = (i: Pick<RecycleItem, 'id' | 'kind'>) => `${i.kind}:${i.id}`;
const ref = (i: RecycleItem) => ({ id: i.id, kind: i.kind });
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** A button in a tight cell keeps its full width instead of squeezing its icon. */
const noSqueeze: React.CSSProperties = { minWidth: 'max-content' };

const sizeText = (i: RecycleItem) =>
  i.kind === 'folder' && i.size === 0 ? 'Empty folder' : formatBytes(i.size);

/** /recycle-bin: deleted items wait here until their purge date; restore or delete them for good. */
export default function RecycleBinPage() {
  const { token } = theme.useToken();
  const screens = Grid.useBreakpoint();
  /** Phones: one column, the facts under the name. */
  const compact = screens.md === false;
  /** Below 992 px the row's buttons are icons, so the name keeps its room. */
  const iconActions = screens.lg === false;
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const bin = useRecycleBin(page);
  const [selectedKeys, setSelectedKeys] = useState<string[]>([]);
  const items = bin.data?.items ?? [];
  const total = bin.data?.total ?? 0;
  // A purge or restore emptied the last page: show the one before.
  useEffect(() => {
    if (!bin.isPlaceholderData && items.length === 0 && total > 0 && page > 1) setPage((p) => p - 1);
  }, [bin.isPlaceholderData, items.length, total, page]);
  const retention = bin.data?.retentionDays ?? 30;
  const byKey = useMemo(() => new Map(items.map((i) => [keyOf(i), i])), [items]);
  const selected = selectedKeys.map((k) => byKey.get(k)).filter((i): i is RecycleItem => Boolean(i));

  const done = (text: string) => {
    setSelectedKeys([]);
    storageChanged(queryClient);
    message.success(text);
  };
  const restore = useMutation({
    mutationFn: (list: RecycleItem[]) => restoreItems(list.map(ref)),
    onSuccess: (_r, list) =>
      done(list.length === 1 ? `Restored “${list[0]?.name}”` : `Restored ${plural(list.length, 'item')}`),
    onError: (err) => message.error(errorMessage(err)),
  });

  const purge = (list: RecycleItem[]) =>
    modal.confirm({
      title:
        list.length === 1
          ? `Delete ${list[0]?.name} forever?`
          : `Delete ${plural(list.length, 'item')} forever?`,
      content: 'This cannot be undone.',
      okText: 'Delete forever',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await purgeItems(list.map(ref));
          done(
            list.length === 1
              ? `Deleted “${list[0]?.name}” forever`
              : `Deleted ${plural(list.length, 'item')} forever`,
          );
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });

  const empty = () =>
    modal.confirm({
      title: 'Empty the recycle bin?',
      content: `All ${plural(total, 'item')} will be deleted forever. This cannot be undone.`,
      okText: 'Empty bin',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await emptyRecycleBin();
          done('The recycle bin is empty');
        } catch (err) {
          message.error(errorMessage(err));
        }
      },
    });

  const meta = (i: RecycleItem) =>
    compact ? (
      <span style={{ display: 'block', color: token.colorTextSecondary, fontSize: 13, lineHeight: 1.45 }}>
        <span style={{ display: 'block' }}>
          {sizeText(i)} · deleted {formatRelative(i.deletedAt)}
        </span>
        <span style={{ display: 'block', color: token.colorTextTertiary }}>
          Gone for good {purgeIn(i.purgeAt)}
        </span>
      </span>
    ) : (
      <span style={{ color: token.colorTextSecondary, fontSize: 13 }}>From {i.originalPath}</span>
    );

  const columns: TableColumnsType<RecycleItem> = [
    {
      title: 'Name',
      key: 'name',
      render: (_v, i) => (
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          {i.kind === 'folder' ? (
            <FileIcon folder size={32} />
          ) : (
            <FileIcon mime={i.type ?? ''} name={i.name} size={32} />
          )}
          <div style={{ minWidth: 0 }}>
            <div
              style={{ fontWeight: 500, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              title={i.name}
            >
              {i.name}
            </div>
            {meta(i)}
          </div>
        </Flex>
      ),
    },
    ...(compact
      ? []
      : ([
          {
            title: 'Size',
            key: 'size',
            align: 'right',
            width: 110,
            render: (_v, i) => sizeText(i),
          },
          {
            title: 'Deleted',
            key: 'deleted',
            width: 150,
            responsive: ['lg'],
            render: (_v, i) => (
              <Tooltip title={formatDateTime(i.deletedAt)}>{formatRelative(i.deletedAt)}</Tooltip>
            ),
          },
          {
            title: 'Deleted forever',
            key: 'purge',
            width: 170,
            render: (_v, i) => (
              <div>
                <div>{formatLongDate(i.purgeAt)}</div>
                <div style={{ color: token.colorTextTertiary, fontSize: 12 }}>{purgeIn(i.purgeAt)}</div>
              </div>
            ),
          },
        ] satisfies TableColumnsType<RecycleItem>)),
    {
      title: '',
      key: 'actions',
      onHeaderCell: () => ({ 'aria-label': 'Actions' }) as React.HTMLAttributes<HTMLElement>,
      align: 'right',
      // Restore and Delete forever side by side take ~285 px with the cell's padding.
      width: iconActions ? 96 : 300,
      render: (_v, i) => (
        <Flex gap={8} justify="flex-end">
          <Tooltip title={iconActions ? 'Restore' : undefined}>
            <Button
              icon={<UndoOutlined />}
              aria-label={`Restore ${i.name}`}
              style={noSqueeze}
              loading={restore.isPending && restore.variables?.[0]?.id === i.id}
              onClick={() => restore.mutate([i])}
            >
              {iconActions ? null : 'Restore'}
            </Button>
          </Tooltip>
          <Tooltip title={iconActions ? 'Delete forever' : undefined}>
            <Button
              danger
              icon={<DeleteOutlined />}
              aria-label={`Delete forever: ${i.name}`}
              style={noSqueeze}
              onClick={() => purge([i])}
            >
              {iconActions ? null : 'Delete forever'}
            </Button>
          </Tooltip>
        </Flex>
      ),
    },
  ];

  let body: React.ReactNode;
  if (bin.isPending)
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  else if (bin.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title="We couldn't load the recycle bin"
        description={errorMessage(bin.error)}
        action={<Button onClick={() => void bin.refetch()}>Retry</Button>}
      />
    );
  else if (items.length === 0)
    body = (
      <EmptyPanel
        icon={<DeleteOutlined />}
        title="The recycle bin is empty"
        description={`Files and folders you delete wait here for ${retention} days, so you can restore them.`}
        actions={
          <LinkButton to="/files" icon={<FolderOpenOutlined />}>
            Go to My Files
          </LinkButton>
        }
      />
    );
  else
    body = (
      <>
        {selected.length > 0 && (
          <Flex
            role="toolbar"
            aria-label="Selection"
            gap={8}
            align="center"
            wrap
            style={{
              padding: '8px 8px 8px 16px',
              marginBottom: 12,
              borderRadius: 12,
              background: token.colorPrimaryBgHover,
            }}
          >
            <strong style={{ flex: 1 }}>{selected.length} selected</strong>
            <Button
              icon={<UndoOutlined />}
              loading={restore.isPending}
              onClick={() => restore.mutate(selected)}
            >
              Restore
            </Button>
            <Button danger icon={<DeleteOutlined />} onClick={() => purge(selected)}>
              {compact ? 'Delete' : 'Delete forever'}
            </Button>
          </Flex>
        )}
        <Table<RecycleItem>
          rowKey={keyOf}
          columns={columns}
          dataSource={items}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            onChange: (keys) => setSelectedKeys(keys as string[]),
          }}
          pagination={
            total > RECYCLE_PAGE_SIZE
              ? {
                  current: page,
                  pageSize: RECYCLE_PAGE_SIZE,
                  total,
                  showSizeChanger: false,
                  onChange: (next) => {
                    setSelectedKeys([]);
                    setPage(next);
                  },
                }
              : false
          }
          tableLayout="fixed"
          style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: 12, overflow: 'hidden' }}
        />
      </>
    );

  return (
    <>
      <PageHeader
        title="Recycle Bin"
        description={`Deleted files are kept for ${retention} days, then deleted forever.`}
        extra={
          <>
            <LinkButton to="/files" icon={<FolderOpenOutlined />} size="large">
              My Files
            </LinkButton>
            <Button danger size="large" icon={<ClearOutlined />} disabled={total === 0} onClick={empty}>
              Empty bin
            </Button>
          </>
        }
      />
      {body}
    </>
  );
}
