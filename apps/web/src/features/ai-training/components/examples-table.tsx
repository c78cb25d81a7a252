import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import type { TrainingExample } from '@stratos/contracts/ai/training.schema';
import { Button, Empty, Flex, Grid, Rate, Table, type TableColumnsType, Tag, Typography, theme } from 'antd';
import { formatDateTime } from '../../../lib/date-format';
import type { ReviewMark } from '../api/review-examples';

interface Props {
  items: TrainingExample[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  showUser: boolean;
  selected: string[];
  onSelect: (ids: string[]) => void;
  onPage: (page: number, size: number) => void;
  onReview: (ids: string[], review: ReviewMark) => void;
  reviewing: string[];
}

const REVIEW_TAG = {
  included: <Tag color="success">Included</Tag>,
  excluded: <Tag color="red">Excluded</Tag>,
  none: <Tag>Not reviewed</Tag>,
};

/** The dataset's examples: question and answer, the feedback on them, and the review mark. */
export function ExamplesTable(p: Props) {
  const { token } = theme.useToken();
  // At phone width the feedback, model and date fold into the example's cell: no sideways scroll.
  const wide = Grid.useBreakpoint().md !== false;
  const details: TableColumnsType<TrainingExample> = [
    {
      title: 'Feedback',
      key: 'feedback',
      width: 150,
      render: (_, e) => (
        <div style={{ display: 'grid', gap: 4 }}>
          {e.rating === null ? (
            <span style={{ color: token.colorTextTertiary }}>Not rated</span>
          ) : (
            <Rate disabled value={e.rating} style={{ fontSize: 13 }} aria-label={`${e.rating} of 5`} />
          )}
          {e.wasHelpful !== null && (
            <Tag color={e.wasHelpful ? 'success' : 'volcano'} style={{ justifySelf: 'start' }}>
              {e.wasHelpful ? 'Helpful' : 'Not helpful'}
            </Tag>
          )}
        </div>
      ),
    },
    {
      title: 'Model · domain',
      key: 'model',
      width: 150,
      render: (_, e) => (
        <div style={{ display: 'grid', gap: 2, fontSize: 13 }}>
          <span style={{ wordBreak: 'break-word' }}>{e.model ?? '—'}</span>
          <span style={{ color: token.colorTextSecondary }}>{e.domain}</span>
        </div>
      ),
    },
    ...(p.showUser
      ? [
          {
            title: 'User',
            key: 'user',
            width: 170,
            render: (_: unknown, e: TrainingExample) => (
              <span style={{ fontSize: 13, wordBreak: 'break-all' }}>{e.userEmail ?? 'Platform'}</span>
            ),
          },
        ]
      : []),
    {
      title: 'When',
      dataIndex: 'createdAt',
      width: 130,
      render: (v: string) => (
        <time dateTime={v} style={{ fontSize: 13 }}>
          {formatDateTime(v)}
        </time>
      ),
    },
  ];
  const columns: TableColumnsType<TrainingExample> = [
    {
      title: 'Example',
      key: 'example',
      render: (_, e) => (
        <div style={{ display: 'grid', gap: 4, minWidth: wide ? 220 : 0 }}>
          <Typography.Paragraph
            strong
            ellipsis={{ rows: 2, expandable: 'collapsible' }}
            style={{ margin: 0 }}
          >
            {e.query}
          </Typography.Paragraph>
          <Typography.Paragraph
            type="secondary"
            ellipsis={{ rows: 3, expandable: 'collapsible' }}
            style={{ margin: 0, whiteSpace: 'pre-wrap' }}
          >
            {e.response}
          </Typography.Paragraph>
          {e.comment && <span style={{ fontSize: 12, fontStyle: 'italic' }}>“{e.comment}”</span>}
          {!wide && (
            <span style={{ fontSize: 12, color: token.colorTextTertiary }}>
              {[
                e.rating === null ? 'Not rated' : `${e.rating}/5`,
                e.wasHelpful === null ? null : e.wasHelpful ? 'helpful' : 'not helpful',
                e.model,
                e.domain,
                formatDateTime(e.createdAt),
                p.showUser ? (e.userEmail ?? 'Platform') : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          )}
        </div>
      ),
    },
    ...(wide ? details : []),
    {
      title: 'Review',
      key: 'review',
      width: wide ? 150 : 92,
      render: (_, e) => {
        const busy = p.reviewing.includes(e.id);
        return (
          <Flex vertical gap={6} align="flex-start">
            {REVIEW_TAG[e.review ?? 'none']}
            <Flex gap={4}>
              <Button
                size="small"
                icon={<CheckOutlined />}
                aria-label={`Include “${e.query.slice(0, 40)}”`}
                disabled={busy || e.review === 'included'}
                onClick={() => p.onReview([e.id], 'included')}
              >
                {wide ? 'Include' : null}
              </Button>
              <Button
                size="small"
                danger
                icon={<StopOutlined />}
                aria-label={`Exclude “${e.query.slice(0, 40)}”`}
                disabled={busy || e.review === 'excluded'}
                onClick={() => p.onReview([e.id], 'excluded')}
              />
            </Flex>
          </Flex>
        );
      },
    },
  ];
  return (
    <Table<TrainingExample>
      rowKey="id"
      size="middle"
      columns={columns}
      dataSource={p.items}
      loading={p.loading}
      rowSelection={{ selectedRowKeys: p.selected, onChange: (keys) => p.onSelect(keys as string[]) }}
      pagination={{
        current: p.page,
        pageSize: p.pageSize,
        total: p.total,
        showSizeChanger: true,
        pageSizeOptions: [10, 25, 50, 100],
        onChange: p.onPage,
        showTotal: (total) => (total === 1 ? '1 example' : `${total} examples`),
      }}
      locale={{
        emptyText: (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No examples match these filters." />
        ),
      }}
    />
  );
}
