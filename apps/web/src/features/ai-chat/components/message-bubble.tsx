import { RobotOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Tag, Tooltip } from 'antd';
import type { ChatEntry } from '../model/chat-entry';
import { QUALITY_BADGE, qualityWarning } from '../model/quality-badge';
import styles from './chat.module.css';
import { FeedbackForm } from './feedback-form';
import { MarkdownReply } from './markdown-reply';
import { MessageSources } from './message-sources';
import { ThinkingIndicator } from './thinking-indicator';

interface MessageBubbleProps {
  entry: ChatEntry;
  /** Set while this reply waits for its first token. */
  thinkingSince: number | null;
}

function QualityTag({ entry }: { entry: ChatEntry }) {
  if (!entry.quality) return null;
  const badge = QUALITY_BADGE[entry.quality.category];
  const issues = entry.quality.issues;
  return (
    <Tooltip
      title={`Quality score ${entry.quality.score.toFixed(2)}${issues.length ? ` · ${issues.join('; ')}` : ''}`}
    >
      <Tag
        color={badge.color}
        variant="filled"
        aria-label={`Quality: ${badge.label}`}
        className={styles.qualityTag}
      >
        {badge.label}
      </Tag>
    </Tooltip>
  );
}

/** One message: the user's on the right, the assistant's on the left with its quality and feedback. */
export function MessageBubble({ entry, thinkingSince }: MessageBubbleProps) {
  const mine = entry.role === 'user';
  const warning = entry.quality ? qualityWarning(entry.quality.category) : null;
  const waiting = entry.streaming && !entry.content;
  return (
    <article
      className={mine ? styles.rowMine : styles.rowTheirs}
      data-role={entry.role}
      aria-label={mine ? 'Your message' : 'Assistant reply'}
      aria-busy={entry.streaming || undefined}
    >
      <span className={mine ? styles.avatarMine : styles.avatarTheirs} aria-hidden>
        {mine ? <UserOutlined /> : <RobotOutlined />}
      </span>
      <div className={styles.bubbleColumn}>
        <div className={mine ? styles.bubbleMine : styles.bubbleTheirs}>
          {mine ? (
            <p className={styles.plain}>{entry.content}</p>
          ) : waiting ? (
            <ThinkingIndicator since={thinkingSince ?? Date.now()} retryAttempt={entry.retryAttempt} />
          ) : (
            <>
              {entry.streaming && entry.retryAttempt ? (
                <div className={styles.retryNote}>Improving the answer (attempt {entry.retryAttempt})</div>
              ) : null}
              <MarkdownReply text={entry.content} streaming={entry.streaming} />
            </>
          )}
        </div>
        {!mine && <MessageSources sources={entry.sources} />}
        {!mine && !entry.streaming && (
          <div className={styles.meta}>
            <QualityTag entry={entry} />
            {entry.stopped && <Tag>Stopped</Tag>}
            {entry.model && (
              <span className={styles.metaText}>
                {entry.provider ? `${entry.provider} · ` : ''}
                {entry.model}
              </span>
            )}
            {entry.messageId && <FeedbackForm messageId={entry.messageId} />}
          </div>
        )}
        {warning && <Alert type="warning" showIcon title={warning} className={styles.qualityWarning} />}
      </div>
    </article>
  );
}
