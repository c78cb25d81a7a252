import { BarChartOutlined, CloudOutlined, FileOutlined, PieChartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Grid, Row, Skeleton, theme } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { asCategory, CATEGORY_LABEL } from '../../../lib/file-kind';
import { formatBytes } from '../../../lib/format-bytes';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { useAnalytics } from '../api/get-analytics';
import { FileTypesCard } from '../components/file-types-card';
import { StorageOverTimeCard } from '../components/storage-over-time-card';

const plural = (n: number, one: string) => `${n.toLocaleString()} ${n === 1 ? one : `${one}s`}`;

function Stat({
  icon,
  label,
  value,
  hint,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint?: string;
}) {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().md === false;
  return (
    <Card
      style={{ height: '100%' }}
      styles={{
        body: {
          display: 'flex',
          gap: phone ? 12 : 16,
          alignItems: 'center',
          padding: phone ? '12px 16px' : undefined,
        },
      }}
    >
      <span
        aria-hidden
        style={{
          width: phone ? 36 : 44,
          height: phone ? 36 : 44,
          flexShrink: 0,
          borderRadius: 12,
          display: 'grid',
          placeItems: 'center',
          fontSize: 20,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
        }}
      >
        {icon}
      </span>
      <div style={{ minWidth: 0 }}>
        <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</div>
        <div
          style={{
            fontSize: phone ? 20 : 24,
            fontWeight: 700,
            color: token.colorTextHeading,
            lineHeight: 1.3,
          }}
        >
          {value}
        </div>
        {hint && <div style={{ color: token.colorTextTertiary, fontSize: 12 }}>{hint}</div>}
      </div>
    </Card>
  );
}

/** /analytics and /storage/analytics: what takes up the user's space, by type and over time. */
export default function AnalyticsPage() {
  const { token } = theme.useToken();
  const analytics = useAnalytics();
  const header = (
    <PageHeader title="Storage Analytics" description="What takes up your space, by type and over time." />
  );

  if (analytics.isPending)
    return (
      <>
        {header}
        <Row gutter={[16, 16]} role="status" aria-busy="true" aria-label="Loading analytics">
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={8}>
              <Card>
                <Skeleton active title={false} paragraph={{ rows: 2 }} />
              </Card>
            </Col>
          ))}
          <Col xs={24} lg={10}>
            <Card>
              <Skeleton.Node active style={{ width: '100%', height: 240 }} />
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card>
              <Skeleton.Node active style={{ width: '100%', height: 240 }} />
            </Card>
          </Col>
        </Row>
      </>
    );

  if (analytics.isError)
    return (
      <>
        {header}
        <Alert
          type="error"
          showIcon
          title="We couldn't load your analytics"
          description={errorMessage(analytics.error)}
          action={
            <Button onClick={() => void analytics.refetch()} loading={analytics.isFetching}>
              Retry
            </Button>
          }
        />
      </>
    );

  const data = analytics.data;
  if (data.totalFiles === 0)
    return (
      <>
        {header}
        <Card styles={{ body: { padding: 'clamp(40px, 8vw, 72px) 24px', textAlign: 'center' } }}>
          <BarChartOutlined style={{ fontSize: 40, color: token.colorTextQuaternary }} />
          <h2 style={{ margin: '16px 0 6px', fontSize: 20, color: token.colorTextHeading }}>
            Nothing to chart yet
          </h2>
          <p style={{ margin: '0 auto 22px', maxWidth: 420, color: token.colorTextSecondary }}>
            Upload some files and this page will show what takes up your space, by type and over time.
          </p>
          <LinkButton to="/files" type="primary">
            Go to My Files
          </LinkButton>
        </Card>
      </>
    );

  const top = Object.entries(data.fileTypes).sort((a, b) => b[1].size - a[1].size)[0];
  return (
    <>
      {header}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Stat
            icon={<FileOutlined />}
            label="Total files"
            value={data.totalFiles.toLocaleString()}
            hint={`Across ${plural(Object.values(data.fileTypes).filter((t) => t.count > 0).length, 'file type')}`}
          />
        </Col>
        <Col xs={24} md={8}>
          <Stat
            icon={<CloudOutlined />}
            label="Storage used"
            value={formatBytes(data.totalSize)}
            hint={`Average ${formatBytes(data.totalSize / Math.max(1, data.totalFiles))} per file`}
          />
        </Col>
        <Col xs={24} md={8}>
          <Stat
            icon={<PieChartOutlined />}
            label="Largest type"
            value={top ? CATEGORY_LABEL[asCategory(top[0])] : '—'}
            hint={top ? `${formatBytes(top[1].size)} in ${plural(top[1].count, 'file')}` : undefined}
          />
        </Col>
        <Col xs={24} lg={10}>
          <FileTypesCard data={data} />
        </Col>
        <Col xs={24} lg={14}>
          <StorageOverTimeCard data={data} />
        </Col>
      </Row>
    </>
  );
}
