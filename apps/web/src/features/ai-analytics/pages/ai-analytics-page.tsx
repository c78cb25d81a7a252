import { BarChartOutlined, DownloadOutlined, MessageOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { type AiRange, formatCount, formatRate, formatUsd, lastDays } from '../../../lib/ai/ai-range';
import { AiRangeHeader } from '../../../lib/ai/ai-range-header';
import { StatTile, tileGrid } from '../../../lib/ai/stat-tile';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { useExportAiUsageCsv } from '../api/export-ai-usage-csv';
import { useAiUsage } from '../api/get-ai-usage';
import { BreakdownCard } from '../components/breakdown-card';
import { UsageChart } from '../components/usage-chart';
import { UsersCard } from '../components/users-card';
import { activeDays, successRate } from '../model/usage-view';

function Loading() {
  return (
    <section
      aria-busy="true"
      aria-label="Loading AI analytics"
      style={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)' }}
    >
      <div style={tileGrid(160)}>
        {[0, 1, 2, 3].map((i) => (
          <Card key={i} size="small">
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
      <Card>
        <Skeleton.Node active style={{ width: '100%', height: 260 }} />
      </Card>
    </section>
  );
}

/** /ai-analytics: AI calls, tokens and spend over time per model, provider and operation (and user, for admins). */
export default function AiAnalyticsPage() {
  const { message } = App.useApp();
  const [range, setRange] = useState<AiRange>(() => lastDays(30));
  const [picked, setPicked] = useState<{ id: string; label: string } | null>(null);
  const usage = useAiUsage(range, picked?.id ?? null);
  const exportCsv = useExportAiUsageCsv();
  const data = usage.data;

  const onExport = () =>
    exportCsv.mutate(
      { range, userId: picked?.id ?? null },
      {
        onSuccess: (name) => message.success(`Saved ${name}`),
        onError: (err) => message.error(errorMessage(err)),
      },
    );

  return (
    <>
      <AiRangeHeader
        title="AI Analytics"
        description={{
          all: 'AI calls, tokens and spend of every user, by day, model, provider and operation.',
          own: 'Your AI calls, tokens and spend, by day, model, provider and operation.',
        }}
        scope={data?.scope}
        range={range}
        onRangeChange={setRange}
        actions={
          <Button
            icon={<DownloadOutlined />}
            onClick={onExport}
            loading={exportCsv.isPending}
            disabled={!data}
          >
            Export CSV
          </Button>
        }
      >
        {picked && (
          <Tag closable onClose={() => setPicked(null)} color="blue" style={{ padding: '4px 8px' }}>
            Only {picked.label}
          </Tag>
        )}
      </AiRangeHeader>
      {usage.isPending ? (
        <Loading />
      ) : usage.isError && !data ? (
        <Alert
          type="error"
          showIcon
          title="We couldn't load the AI analytics"
          description={errorMessage(usage.error)}
          action={
            <Button onClick={() => void usage.refetch()} loading={usage.isFetching}>
              Retry
            </Button>
          }
        />
      ) : data ? (
        <div
          style={{
            display: 'grid',
            gap: 16,
            gridTemplateColumns: 'minmax(0, 1fr)',
            opacity: usage.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {usage.isError && <Alert type="error" showIcon title={errorMessage(usage.error)} />}
          <div style={tileGrid(160)}>
            <StatTile
              label="Calls"
              value={formatCount(data.totals.calls)}
              hint={`${activeDays(data)} active ${activeDays(data) === 1 ? 'day' : 'days'}`}
            />
            <StatTile
              label="Tokens"
              value={formatCount(data.totals.tokens)}
              hint={`${formatCount(data.totals.promptTokens)} in · ${formatCount(data.totals.completionTokens)} out`}
            />
            <StatTile label="Spend" value={formatUsd(data.totals.cost)} hint="US dollars, per-token prices" />
            <StatTile
              label="Answered"
              value={formatRate(successRate(data))}
              hint={`${formatCount(data.totals.failures)} failed ${data.totals.failures === 1 ? 'attempt' : 'attempts'}`}
            />
          </div>
          {data.totals.calls === 0 ? (
            <EmptyPanel
              icon={<BarChartOutlined />}
              title="No AI calls in this range"
              description="Chats, file analyses and benchmarks show up here with their tokens and cost as soon as they are made."
              actions={
                <LinkButton to="/ai/enhanced-chat" icon={<MessageOutlined />}>
                  Open the chat
                </LinkButton>
              }
            />
          ) : (
            <>
              <UsageChart report={data} />
              <BreakdownCard report={data} />
              {data.byUser && (
                <UsersCard
                  users={data.byUser}
                  onPick={(u) => setPicked({ id: u.userId, label: u.name || u.email })}
                />
              )}
            </>
          )}
        </div>
      ) : null}
    </>
  );
}
