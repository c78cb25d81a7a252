import { Card, Grid } from 'antd';
import { PageHeader } from '../../../lib/page-header';
import { OutboxTable } from '../components/outbox-table';

/** /admin/outbox (the superadmin's): mail Stratos sent or kept, one-time codes hidden. */
export default function OutboxPage() {
  const compact = !Grid.useBreakpoint().md;
  return (
    <>
      <PageHeader
        title="Mail outbox"
        description="What Stratos sent, or would have sent, and to whom. One-time codes are hidden: only their recipient can read them."
      />
      <Card styles={{ body: { paddingInline: compact ? 12 : 24 } }}>
        <OutboxTable />
      </Card>
    </>
  );
}
