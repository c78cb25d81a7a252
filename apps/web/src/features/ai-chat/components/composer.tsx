import { ArrowUpOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import styles from './chat.module.css';

interface ComposerProps {
  busy: boolean;
  disabled: boolean;
  disabledReason?: string;
  onSend(text: string): void;
  onStop(): void;
}

/** The message box: Enter sends, Shift+Enter starts a new line; Stop ends a reply being written. */
export function Composer({ busy, disabled, disabledReason, onSend, onStop }: ComposerProps) {
  const [text, setText] = useState('');
  const canSend = !busy && !disabled && text.trim().length > 0;
  const send = () => {
    if (!canSend) return;
    onSend(text);
    setText('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };
  return (
    <div className={styles.composer}>
      <div className={styles.composerBox}>
        <Input.TextArea
          aria-label="Message"
          placeholder={
            disabled && disabledReason
              ? disabledReason
              : 'Ask anything… (Enter to send, Shift+Enter for a new line)'
          }
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          autoSize={{ minRows: 1, maxRows: 8 }}
          variant="borderless"
          maxLength={20000}
          disabled={disabled}
        />
        {busy ? (
          <Button danger shape="circle" icon={<StopOutlined />} aria-label="Stop" onClick={onStop} />
        ) : (
          <Button
            type="primary"
            shape="circle"
            icon={<ArrowUpOutlined />}
            aria-label="Send"
            onClick={send}
            disabled={!canSend}
          />
        )}
      </div>
      <div className={styles.composerHint}>
        Replies can be wrong. Rate them to help the assistant improve.
      </div>
    </div>
  );
}
