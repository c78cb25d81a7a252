import { ExclamationCircleOutlined, RedoOutlined } from '@ant-design/icons';
import type { AiDashboard, DashboardFailure } from '@stratos/contracts/ai/analysis.schema';
import { App, Button, Card, Tag, theme } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useRetryAnalysis } from '../api/retry-analysis';
import { failureLabel } from '../model/dashboard-view';
import { FileLink } from './file-link';

function FailureRow({ failure, first }: { failure: DashboardFailure; first: boolean }) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const retry = useRetryAnalysis();
  const label = failureLabel(failure.status);
  const onRetry = () =>
    retry.mutate(failure.fileId, {
      onSuccess: () => message.success(`Analysing ${failure.fileName} again.`),
      onError: (err) => message.error(errorMessage(err)),
    });
  return (
    <li
      style={{
        display: 'flex',
        gap: 12,
        alignItems: 'flex-start',
        justifyContent: 'space-between',
        flexWrap: 'wrap',
        paddingTop: first ? 0 : 12,
        borderTop: first ? undefined : `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <div style={{ minWidth: 0, flex: '1 1 240px' }}>
        <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
          <Tag color={label.color} style={{ margin: 0 }}>
            {label.tag}
          </Tag>
          <FileLink fileId={failure.fileId} fileName={failure.fileName} />
        </div>
        <p style={{ margin: '6px 0 0', color: token.colorTextSecondary, wordBreak: 'break-word' }}>
          {failure.error ?? 'No reason was recorded.'}
          <span style={{ color: token.colorTextTertiary }}> · {formatDateTime(failure.updatedAt)}</span>
        </p>
      </div>
      {failure.status === 'failed' && (
        <Button
          size="small"
          icon={<RedoOutlined aria-hidden />}
          loading={retry.isPending}
          onClick={onRetry}
          aria-label={`Retry the analysis of ${failure.fileName}`}
        >
          Retry
        </Button>
      )}
    </li>
  );
}

/**
 * Files whose analysis did not succeed, with the reason and (for failed ones) a Retry each;
 * "Retry all failed" queues every failed one again. Not shown when there are none.
 */
export function FailuresCard({
  data,
  onRetryAll,
  retryingAll,
}: {
  data: AiDashboard;
  onRetryAll: () => void;
  retryingAll: boolean;
}) {
  const { token } = theme.useToken();
  const total = data.failedAnalyses + data.unsupportedAnalyses;
  if (total === 0) return null;
  const more = total - data.failures.length;
  const parts = [
    data.failedAnalyses > 0 ? `${data.failedAnalyses.toLocaleString()} failed` : null,
    data.unsupportedAnalyses > 0
      ? `${data.unsupportedAnalyses.toLocaleString()} without readable text`
      : null,
  ].filter(Boolean);
  return (
    <Card
      role="region"
      aria-label="Files not analysed"
      title={
        <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center' }}>
          <ExclamationCircleOutlined aria-hidden style={{ color: token.colorWarning }} />
          Files not analysed ({total.toLocaleString()})
        </span>
      }
      extra={
        data.failedAnalyses > 0 ? (
          <Button size="small" type="primary" ghost onClick={onRetryAll} loading={retryingAll}>
            Retry all failed
          </Button>
        ) : null
      }
    >
      <p style={{ margin: '0 0 12px', color: token.colorTextSecondary }}>
        {parts.join(' and ')}. A failed analysis can be tried again; a file without readable text (empty,
        binary or scanned) cannot be analysed.
      </p>
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}
        aria-label="Files not analysed"
      >
        {data.failures.map((f, i) => (
          <FailureRow key={f.fileId} failure={f} first={i === 0} />
        ))}
      </ul>
      {more > 0 && (
        <p style={{ margin: '12px 0 0', fontSize: 13, color: token.colorTextTertiary }}>
          and {more.toLocaleString()} more
        </p>
      )}
    </Card>
  );
}
