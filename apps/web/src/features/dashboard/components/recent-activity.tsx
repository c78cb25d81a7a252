import { CheckCircleOutlined, RightOutlined } from '@ant-design/icons';
import type { FileItem } from '@stratos/contracts/files/file.schema';
import { Empty, Grid, Table, type TableColumnsType, Tag, Tooltip, theme } from 'antd';
import { formatDateTime, formatRelative } from '../../../lib/date-format';
import { FileIcon } from '../../../lib/file-icon';
import { friendlyType } from '../../../lib/file-kind';
import { formatBytes } from '../../../lib/format-bytes';
import { LinkButton } from '../../../lib/link-button';
import { CARD_PADDING, DashboardCard } from './dashboard-card';

/** The outer cells line up with the card's title instead of the table's own 8 px. */
const startCell = () => ({ style: { paddingInlineStart: CARD_PADDING } });
const endCell = () => ({ style: { paddingInlineEnd: CARD_PADDING } });
const bothCell = () => ({ style: { paddingInline: CARD_PADDING } });

/** Part 1 section 9: five of the ten latest files. */
export const RECENT_SHOWN = 5;

/** On a phone the size and time move under the name, so the name keeps its room. */
const columns = (phone: boolean, secondary: string): TableColumnsType<FileItem> => [
  {
    title: 'File Name',
    key: 'name',
    ellipsis: true,
    // On a phone the name is the only column.
    onHeaderCell: phone ? bothCell : startCell,
    onCell: phone ? bothCell : startCell,
    render: (_v, f) => (
      <span style={{ display: 'flex', alignItems: 'center', gap: 10, minWidth: 0 }}>
        <FileIcon mime={f.type} name={f.name} size={28} />
        <span style={{ minWidth: 0 }}>
          <span
            style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', fontWeight: 500 }}
            title={f.name}
          >
            {f.name}
          </span>
          {phone && (
            <span style={{ display: 'block', fontSize: 12, color: secondary }}>
              {formatBytes(f.size)} · {formatRelative(f.uploadDate)}
            </span>
          )}
        </span>
      </span>
    ),
  },
  {
    title: 'Size',
    key: 'size',
    width: 96,
    align: 'right',
    responsive: ['sm'],
    render: (_v, f) => formatBytes(f.size),
  },
  {
    title: 'Type',
    key: 'type',
    width: 140,
    ellipsis: true,
    responsive: ['md'],
    render: (_v, f) => friendlyType(f.type, f.name),
  },
  {
    title: 'Upload Time',
    key: 'uploadDate',
    width: 140,
    responsive: ['sm'],
    render: (_v, f) => <Tooltip title={formatDateTime(f.uploadDate)}>{formatRelative(f.uploadDate)}</Tooltip>,
  },
  {
    title: 'Status',
    key: 'status',
    width: 116,
    onHeaderCell: endCell,
    onCell: endCell,
    responsive: ['sm'],
    render: () => (
      <Tag color="success" icon={<CheckCircleOutlined />} style={{ margin: 0 }}>
        Stored
      </Tag>
    ),
  },
];

export function RecentActivity({ files }: { files: FileItem[] }) {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <DashboardCard
      title="Recent Activity"
      flush
      extra={
        <LinkButton to="/files" type="link" size="small" style={{ padding: 0 }}>
          All files <RightOutlined style={{ fontSize: 11 }} />
        </LinkButton>
      }
    >
      <Table<FileItem>
        rowKey="id"
        size="middle"
        columns={columns(phone, token.colorTextTertiary)}
        dataSource={files.slice(0, RECENT_SHOWN)}
        pagination={false}
        tableLayout="fixed"
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description="No uploads yet. Files you upload will show up here."
            />
          ),
        }}
      />
    </DashboardCard>
  );
}
