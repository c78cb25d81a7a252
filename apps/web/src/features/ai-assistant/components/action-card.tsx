import { CheckOutlined, CloseOutlined, RedoOutlined } from '@ant-design/icons';
import type { AssistantAction } from '@stratos/contracts/ai/assistant.schema';
import { Alert, Button, Card, Flex, Tag, theme } from 'antd';
import { formatDateTime } from '../../../lib/date-format';
import { actionCost, describeAction, outcomeText, STATUS_COLOR, STATUS_LABEL } from '../model/action-view';

interface Props {
  action: AssistantAction;
  confirming: boolean;
  cancelling: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Failed actions only: propose it again. */
  retrying?: boolean;
  onRetry?: () => void;
}

/** A proposal waiting for the user's yes, or what a confirmed one did (its summaries, its error). */
export function ActionCard({
  action: a,
  confirming,
  cancelling,
  onConfirm,
  onCancel,
  retrying = false,
  onRetry,
}: Props) {
  const { token } = theme.useToken();
  const outcome = outcomeText(a);
  const cost = actionCost(a);
  return (
    <Card size="small" styles={{ body: { padding: 14 } }}>
      <article aria-label={describeAction(a)} style={{ display: 'grid', gap: 8 }}>
        <Flex gap={8} justify="space-between" align="flex-start" wrap>
          <strong style={{ color: token.colorTextHeading, wordBreak: 'break-word', flex: '1 1 200px' }}>
            {describeAction(a)}
          </strong>
          <Tag color={STATUS_COLOR[a.status]} style={{ margin: 0 }}>
            {STATUS_LABEL[a.status]}
          </Tag>
        </Flex>
        {a.files.length > 1 && (
          <span style={{ fontSize: 13, color: token.colorTextSecondary, wordBreak: 'break-word' }}>
            {a.files.map((f) => f.name).join(', ')}
          </span>
        )}
        {a.reason && <span style={{ fontSize: 13, color: token.colorTextSecondary }}>Why: {a.reason}</span>}
        {a.request && (
          <span style={{ fontSize: 12, color: token.colorTextTertiary, wordBreak: 'break-word' }}>
            From your request “{a.request}”
          </span>
        )}
        {a.status === 'proposed' && (
          <Flex gap={8} wrap>
            <Button
              type="primary"
              size="small"
              icon={<CheckOutlined />}
              loading={confirming}
              disabled={cancelling}
              onClick={onConfirm}
            >
              Confirm
            </Button>
            <Button
              size="small"
              icon={<CloseOutlined />}
              loading={cancelling}
              disabled={confirming}
              onClick={onCancel}
            >
              Cancel
            </Button>
          </Flex>
        )}
        {outcome && <span style={{ color: token.colorSuccessText }}>{outcome}</span>}
        {a.error && <Alert type="error" showIcon title={a.error} />}
        {a.status === 'failed' && onRetry && (
          <Flex gap={8} wrap>
            <Button size="small" icon={<RedoOutlined />} loading={retrying} onClick={onRetry}>
              Retry
            </Button>
          </Flex>
        )}
        {(a.result?.summaries ?? []).map((s) => (
          <div
            key={s.fileId}
            style={{
              borderLeft: `3px solid ${token.colorPrimaryBorder}`,
              paddingLeft: 10,
              display: 'grid',
              gap: 2,
            }}
          >
            <span style={{ fontSize: 12, fontWeight: 600, color: token.colorTextSecondary }}>
              {s.fileName}
            </span>
            {s.summary ? (
              <p style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{s.summary}</p>
            ) : (
              <span style={{ color: token.colorErrorText }}>{s.error}</span>
            )}
            {s.model && (
              <span style={{ fontSize: 11, color: token.colorTextTertiary }}>
                {s.provider} · {s.model}
                {s.tokens !== null ? ` · ${s.tokens} tokens` : ''}
              </span>
            )}
          </div>
        ))}
        <span style={{ fontSize: 11, color: token.colorTextTertiary }}>
          {formatDateTime(a.createdAt)}
          {cost > 0 ? ` · $${cost.toFixed(4)}` : ''}
        </span>
      </article>
    </Card>
  );
}
