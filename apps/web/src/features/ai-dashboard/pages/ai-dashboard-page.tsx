import { CloudUploadOutlined, ReloadOutlined, RobotOutlined, ThunderboltOutlined } from '@ant-design/icons';
import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import { ANALYSIS_MESSAGES } from '@stratos/contracts/ai/analysis.schema';
import { Alert, App, Button, Card, Result, Skeleton, Spin } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { CACHE_INVALIDATED_EVENT, FILE_UPLOADED_EVENT } from '../../../lib/storage-events';
import { useAnalyzeFiles } from '../api/analyze-files';
import { useAiDashboard } from '../api/get-ai-dashboard';
import { CategoriesCard } from '../components/categories-card';
import { DetailsBlock } from '../components/details-block';
import { FailuresCard } from '../components/failures-card';
import { FigureTiles } from '../components/figure-tiles';
import { InsightsCard, RecommendationsCard } from '../components/insight-lists';
import { ModelStatusCard } from '../components/model-status-card';
import { isEmpty, pendingMessage, queuedMessage } from '../model/dashboard-view';

const grid = (min: number) =>
  ({
    display: 'grid',
    gap: 'clamp(12px, 2vw, 16px)',
    gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))`,
    alignItems: 'start',
  }) as const;

function LoadingSkeleton() {
  return (
    <section aria-busy="true" aria-label="Loading the AI dashboard" style={{ display: 'grid', gap: 16 }}>
      <div style={grid(160)}>
        {[0, 1, 2, 3].map((i) => (
          <Card key={i}>
            <Skeleton active title={false} paragraph={{ rows: 2 }} />
          </Card>
        ))}
      </div>
      <div style={grid(320)}>
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
        <Card>
          <Skeleton active paragraph={{ rows: 5 }} />
        </Card>
      </div>
    </section>
  );
}

function Loaded({
  data,
  onRetryAll,
  retryingAll,
}: {
  data: AiDashboard;
  onRetryAll: () => void;
  retryingAll: boolean;
}) {
  const pending = pendingMessage(data.pendingAnalyses);
  return (
    <div style={{ display: 'grid', gap: 16 }}>
      {data.status === 'degraded' && (
        <Alert
          type="warning"
          showIcon
          title={ANALYSIS_MESSAGES.noProviders}
          description="Analyses wait in the queue until a provider is available again."
        />
      )}
      {pending && <Alert type="info" showIcon icon={<Spin size="small" />} title={pending} />}
      <FigureTiles data={data} />
      <FailuresCard data={data} onRetryAll={onRetryAll} retryingAll={retryingAll} />
      {isEmpty(data) ? (
        <EmptyPanel
          icon={<RobotOutlined />}
          tone="invite"
          title="No files analysed yet"
          description="Stratos reads your text, Markdown, CSV, JSON, PDF and DOCX files and writes a summary, tags, insights and recommendations for each. New uploads are analysed on their own while a provider is available."
          actions={
            <LinkButton to="/files" icon={<CloudUploadOutlined />}>
              Go to my files
            </LinkButton>
          }
          note="Files already stored are analysed when you choose Analyse my files."
        />
      ) : (
        <div style={grid(320)}>
          <RecommendationsCard data={data} />
          <InsightsCard data={data} />
        </div>
      )}
      <div style={grid(320)}>
        <ModelStatusCard providers={data.providers} />
        <CategoriesCard categories={data.categories} />
      </div>
      <DetailsBlock data={data} />
    </div>
  );
}

/** /ai/dashboard (part 2 section 2): what the analyses of the user's files found, from stored data. */
export default function AiDashboardPage() {
  const { message } = App.useApp();
  const dashboard = useAiDashboard();
  const analyse = useAnalyzeFiles();
  const { refetch } = dashboard;

  useEffect(() => {
    const reload = () => void refetch();
    const events = [FILE_UPLOADED_EVENT, CACHE_INVALIDATED_EVENT];
    for (const name of events) window.addEventListener(name, reload);
    return () => {
      for (const name of events) window.removeEventListener(name, reload);
    };
  }, [refetch]);

  const onAnalyse = () =>
    analyse.mutate(undefined, {
      onSuccess: (queued) => message.success(queuedMessage(queued)),
      onError: (err) => message.error(errorMessage(err)),
    });

  let body: React.ReactNode;
  if (dashboard.data)
    body = <Loaded data={dashboard.data} onRetryAll={onAnalyse} retryingAll={analyse.isPending} />;
  else if (dashboard.isError)
    body = (
      <Card>
        <Result
          status="warning"
          title={ANALYSIS_MESSAGES.loadFailed}
          subTitle={errorMessage(dashboard.error)}
          extra={
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              onClick={() => void refetch()}
              loading={dashboard.isFetching}
            >
              Retry
            </Button>
          }
        />
      </Card>
    );
  else body = <LoadingSkeleton />;

  return (
    <>
      <PageHeader
        title="AI Dashboard"
        description="What the assistant found in your files: summaries, insights and recommendations."
        extra={
          <>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void refetch()}
              loading={dashboard.isFetching && !dashboard.isPending}
            >
              Refresh
            </Button>
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              loading={analyse.isPending}
              onClick={onAnalyse}
            >
              Analyse my files
            </Button>
          </>
        }
      />
      {dashboard.data && dashboard.isError && (
        <Alert
          type="error"
          showIcon
          title={ANALYSIS_MESSAGES.loadFailed}
          description={errorMessage(dashboard.error)}
          action={<Button onClick={() => void refetch()}>Retry</Button>}
          style={{ marginBottom: 16 }}
        />
      )}
      {body}
    </>
  );
}
