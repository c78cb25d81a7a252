import { Tooltip, Typography } from 'antd';
import { formatDateTime, formatRelative } from '../../../lib/date-format';

/** "3 hours ago" with the exact date and time beneath (or in a tooltip when compact). */
export function TimeCell({ value, compact = false }: { value: string | null; compact?: boolean }) {
  if (!value) return <Typography.Text type="secondary">Never</Typography.Text>;
  const absolute = formatDateTime(value);
  if (compact) {
    return (
      <Tooltip title={absolute}>
        <time dateTime={value}>{formatRelative(value)}</time>
      </Tooltip>
    );
  }
  return (
    <time dateTime={value} style={{ display: 'block', whiteSpace: 'nowrap' }}>
      {formatRelative(value)}
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
        {absolute}
      </Typography.Text>
    </time>
  );
}
