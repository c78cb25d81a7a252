import { ArrowRightOutlined, RobotOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tag, theme } from 'antd';
import { Link } from 'react-router';
import { aiDashboardKey, fetchAiDashboard } from '../../../lib/ai/ai-dashboard-query';
import { LinkButton } from '../../../lib/link-button';
import { DASHBOARD_REFRESH_MS } from '../api/get-dashboard';
import { DashboardCard } from './dashboard-card';

const PRIORITY_COLOR = { high: 'red', medium: 'orange', low: 'blue' } as const;

function Figure({ label, value }: { label: string; value: string }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minWidth: 0 }}>
      <div style={{ fontSize: 22, fontWeight: 700, color: token.colorTextHeading }}>{value}</div>
      <div style={{ fontSize: 12, color: token.colorTextTertiary }}>{label}</div>
    </div>
  );
}

/** Failed analyses are never hidden: a line pointing to the AI dashboard, where they can be retried. */
function failedNote(failed: number) {
  if (failed <= 0) return null;
  return (
    <p style={{ margin: '10px 0 0', fontSize: 13 }}>
      <Link to="/ai/dashboard">
        {failed.toLocaleString()} {failed === 1 ? 'file' : 'files'} could not be analysed: see why and retry
      </Link>
    </p>
  );
}

/** The AI Intelligence Summary: analysed files, average confidence and the top insight, from GET /api/ai/dashboard. */
export function AiSummary() {
  const { token } = theme.useToken();
  const summary = useQuery({
    queryKey: aiDashboardKey,
    queryFn: fetchAiDashboard,
    refetchInterval: DASHBOARD_REFRESH_MS,
  });
  const data = summary.data;
  const top = data?.insights[0];
  const analysed = data?.analyzedFiles ?? 0;

  let body: React.ReactNode;
  if (data && analysed > 0) {
    body = (
      <>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 12 }}>
          <Figure
            label={analysed === 1 ? 'file analysed' : 'files analysed'}
            value={analysed.toLocaleString()}
          />
          <Figure
            label="average confidence"
            value={data.averageConfidence === null ? '—' : `${Math.round(data.averageConfidence * 100)}%`}
          />
          <Figure
            label={data.insightCount === 1 ? 'insight' : 'insights'}
            value={data.insightCount.toLocaleString()}
          />
        </div>
        {top && (
          <div
            style={{
              marginTop: 14,
              padding: '10px 12px',
              borderRadius: 10,
              background: token.colorFillQuaternary,
            }}
          >
            <div style={{ display: 'flex', gap: 8, alignItems: 'baseline', flexWrap: 'wrap' }}>
              <Tag color={PRIORITY_COLOR[top.priority]} style={{ margin: 0 }}>
                {top.priority}
              </Tag>
              <strong style={{ color: token.colorText }}>{top.title}</strong>
            </div>
            <p style={{ margin: '4px 0 0', color: token.colorTextSecondary, fontSize: 13 }}>
              {top.description} <span style={{ color: token.colorTextTertiary }}>({top.fileName})</span>
            </p>
          </div>
        )}
        {failedNote(data.failedAnalyses)}
      </>
    );
  } else if (data) {
    body = (
      <>
        <p style={{ margin: '0 0 4px', fontWeight: 600, color: token.colorText }}>No AI analyses yet</p>
        <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.6 }}>
          {data.pendingAnalyses > 0
            ? `${data.pendingAnalyses} ${data.pendingAnalyses === 1 ? 'file is' : 'files are'} being analysed now; summaries, tags and insights will appear here.`
            : 'Summaries, tags and insights about your files appear here once they are analysed, computed from your own files.'}
        </p>
        {failedNote(data.failedAnalyses)}
      </>
    );
  } else if (summary.isError) {
    body = (
      <p style={{ margin: 0, color: token.colorTextSecondary }}>
        The AI figures could not be loaded.{' '}
        <Button size="small" onClick={() => void summary.refetch()}>
          Retry
        </Button>
      </p>
    );
  } else {
    body = <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  }

  return (
    <DashboardCard
      title="AI Intelligence Summary"
      extra={
        <LinkButton to="/ai/dashboard" size="small" type="link" style={{ paddingInline: 0 }}>
          AI dashboard <ArrowRightOutlined aria-hidden />
        </LinkButton>
      }
      background={`radial-gradient(420px 180px at 100% 0%, color-mix(in srgb, #9254de 12%, transparent), transparent 70%), ${token.colorBgContainer}`}
    >
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
        <span
          aria-hidden
          style={{
            flexShrink: 0,
            width: 44,
            height: 44,
            borderRadius: 12,
            display: 'grid',
            placeItems: 'center',
            fontSize: 20,
            color: '#9254de',
            background: 'color-mix(in srgb, #9254de 14%, transparent)',
          }}
        >
          <RobotOutlined />
        </span>
        <div style={{ flex: 1, minWidth: 0 }}>{body}</div>
      </div>
    </DashboardCard>
  );
}
