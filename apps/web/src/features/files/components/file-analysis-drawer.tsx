import { ExclamationCircleOutlined, ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { ANALYSIS_MESSAGES, type FileAnalysis } from '@stratos/contracts/ai/analysis.schema';
import { Alert, App, Button, Drawer, Flex, Grid, Result, Skeleton, Spin, Tag, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { formatDateTime, formatRelative } from '../../../lib/date-format';
import { useFileAnalysis, useRequestAnalysis } from './file-analysis-api';
import { analysisFacts, analysisView, workingText } from './file-analysis-state';

const PRIORITY_COLOR = { high: 'red', medium: 'orange', low: 'blue' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section style={{ marginTop: 20 }}>
      <Typography.Title level={5} style={{ margin: '0 0 8px' }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function Completed({ analysis }: { analysis: FileAnalysis }) {
  const { token } = theme.useToken();
  const when = analysis.completedAt ?? analysis.updatedAt;
  return (
    <>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        <span title={formatDateTime(when)}>Analysed {formatRelative(when)}</span>
        {analysisFacts(analysis).map((f) => ` · ${f}`)}
      </Typography.Text>
      <Section title="Summary">
        <Typography.Paragraph style={{ margin: 0 }}>
          {analysis.summary ?? 'No summary was given.'}
        </Typography.Paragraph>
      </Section>
      <Section title="Category and tags">
        <Flex gap={6} wrap>
          {analysis.category && <Tag color="purple">{analysis.category}</Tag>}
          {analysis.tags.map((t) => (
            <Tag key={t}>{t}</Tag>
          ))}
          {!analysis.category && analysis.tags.length === 0 && (
            <Typography.Text type="secondary">None</Typography.Text>
          )}
        </Flex>
      </Section>
      <Section title="Insights">
        {analysis.insights.length === 0 ? (
          <Typography.Text type="secondary">No insights.</Typography.Text>
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
            {analysis.insights.map((insight, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: insights of one stored analysis never reorder
              <li key={i}>
                <Flex gap={8} align="baseline" wrap>
                  <Tag color={PRIORITY_COLOR[insight.priority]} style={{ margin: 0 }}>
                    {insight.priority}
                  </Tag>
                  <strong>{insight.title}</strong>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {insight.type}
                  </Typography.Text>
                </Flex>
                <div style={{ color: token.colorTextSecondary, marginTop: 2 }}>{insight.description}</div>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section title="Recommendations">
        {analysis.recommendations.length === 0 ? (
          <Typography.Text type="secondary">No recommendations.</Typography.Text>
        ) : (
          <ol style={{ margin: 0, paddingInlineStart: 20, display: 'grid', gap: 6 }}>
            {analysis.recommendations.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: recommendations of one stored analysis never reorder
              <li key={i}>{r}</li>
            ))}
          </ol>
        )}
      </Section>
    </>
  );
}

function AnalysisBody({ fileId }: { fileId: string }) {
  const { message } = App.useApp();
  const query = useFileAnalysis(fileId);
  const request = useRequestAnalysis(fileId);
  const run = () =>
    request.mutate(undefined, {
      onError: (err) => {
        // 409: already queued (the refetch shows it); 400: unsupported (shown in place below).
        if (!(err instanceof ApiError && (err.status === 409 || err.status === 400)))
          message.error(errorMessage(err));
      },
    });

  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} aria-busy="true" />;
  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title="We couldn't load this file's analysis"
        description={errorMessage(query.error)}
        action={<Button onClick={() => void query.refetch()}>Retry</Button>}
      />
    );
  const analysis = query.data;
  const view = analysisView(analysis);
  const refused = request.error instanceof ApiError && request.error.status === 400 ? request.error : null;
  if (refused && view === 'none')
    return <Result status="info" title="This file can't be analysed" subTitle={refused.message} />;
  if (view === 'none' || !analysis)
    return (
      <Result
        icon={<RobotOutlined />}
        title="Not analysed yet"
        subTitle="The assistant reads the file and writes a summary, a category, tags, insights and recommendations."
        extra={
          <Button type="primary" onClick={run} loading={request.isPending}>
            Analyse
          </Button>
        }
      />
    );
  if (view === 'working')
    return (
      <Flex vertical align="center" gap={12} style={{ padding: '48px 0' }} role="status">
        <Spin size="large" />
        <Typography.Text>{workingText(analysis.status)}</Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          This updates on its own when the analysis is done.
        </Typography.Text>
      </Flex>
    );
  if (view === 'unsupported')
    return (
      <Result
        status="info"
        title="This file can't be analysed"
        subTitle={analysis.error ?? ANALYSIS_MESSAGES.unsupported}
      />
    );
  if (view === 'failed')
    return (
      <Result
        status="warning"
        icon={<ExclamationCircleOutlined />}
        title="The analysis failed"
        subTitle={analysis.error ?? 'The model did not give a usable answer.'}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} onClick={run} loading={request.isPending}>
            Try again
          </Button>
        }
      />
    );
  return (
    <>
      <Completed analysis={analysis} />
      <Button icon={<ReloadOutlined />} onClick={run} loading={request.isPending} style={{ marginTop: 24 }}>
        Analyse again
      </Button>
    </>
  );
}

/** A file's AI analysis, opened from its "AI analysis" menu entry or a link from the AI dashboard. */
export function FileAnalysisDrawer({
  fileId,
  fileName,
  onClose,
}: {
  fileId: string | null;
  fileName: string | undefined;
  onClose: () => void;
}) {
  const phone = Grid.useBreakpoint().sm === false;
  return (
    <Drawer
      open={fileId !== null}
      onClose={onClose}
      title={fileName ? `AI analysis: ${fileName}` : 'AI analysis'}
      size={phone ? '100%' : 520}
      destroyOnHidden
    >
      {fileId && <AnalysisBody fileId={fileId} />}
    </Drawer>
  );
}
