import { BulbOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import styles from './chat.module.css';

export const EXAMPLE_PROMPTS = [
  'Explain the difference between TCP and UDP with a comparison table',
  'Write a TypeScript function that debounces another function',
  'How should I organise project files for a small team?',
  'Summarise the pros and cons of storing backups in the cloud',
];

/** A conversation with nothing in it yet: what to ask. */
export function ChatEmpty({
  onPick,
  disabled,
  localOnly,
}: {
  onPick(prompt: string): void;
  disabled: boolean;
  localOnly: boolean;
}) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon} aria-hidden>
        <BulbOutlined />
      </span>
      <Typography.Title level={3} style={{ margin: 0 }}>
        How can I help today?
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 460 }}>
        {localOnly
          ? 'Replies come from the model on our own local model service, so your words never leave our servers.'
          : 'Ask anything. Replies stream as they are written, are checked for quality, and can be rated.'}
      </Typography.Paragraph>
      <div className={styles.examples}>
        {EXAMPLE_PROMPTS.map((p) => (
          <button
            key={p}
            type="button"
            className={styles.example}
            onClick={() => onPick(p)}
            disabled={disabled}
          >
            {p}
          </button>
        ))}
      </div>
    </div>
  );
}
