import { DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import type { ConversationSummary } from '@stratos/contracts/ai/chat.schema';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Input, Modal, Popconfirm, Skeleton, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatRelative } from '../../../lib/date-format';
import {
  conversationsKey,
  deleteConversation,
  updateConversation,
  useConversations,
} from '../api/conversations';
import styles from './chat.module.css';
import { QueryError } from './query-error';

interface ConversationListProps {
  basePath: string;
  activeId: string | undefined;
  onNew(): void;
  /** The open conversation was deleted. */
  onDeletedActive(): void;
  /** A link was followed (closes the phone drawer). */
  onNavigate?(): void;
}

/** The user's conversations: open, rename, delete; a New chat button on top. */
export function ConversationList({
  basePath,
  activeId,
  onNew,
  onDeletedActive,
  onNavigate,
}: ConversationListProps) {
  const list = useConversations();
  const client = useQueryClient();
  const { message } = App.useApp();
  const [renaming, setRenaming] = useState<ConversationSummary | null>(null);
  const [title, setTitle] = useState('');
  const [saving, setSaving] = useState(false);

  const rename = async () => {
    if (!renaming || !title.trim()) return;
    setSaving(true);
    try {
      await updateConversation(renaming.id, { title: title.trim() });
      await client.invalidateQueries({ queryKey: conversationsKey });
      setRenaming(null);
    } catch (err) {
      void message.error(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  const remove = async (c: ConversationSummary) => {
    try {
      await deleteConversation(c.id);
      client.removeQueries({ queryKey: [...conversationsKey, c.id] });
      await client.invalidateQueries({ queryKey: conversationsKey });
      if (c.id === activeId) onDeletedActive();
      void message.success('Conversation deleted');
    } catch (err) {
      void message.error(errorMessage(err));
    }
  };

  return (
    <nav className={styles.sidebar} aria-label="Conversations">
      <Button block icon={<PlusOutlined />} onClick={onNew}>
        New chat
      </Button>
      <Typography.Text type="secondary" className={styles.sidebarHeading}>
        Conversations
      </Typography.Text>
      {list.isPending && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      {list.isError && <QueryError title={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <Typography.Text type="secondary" className={styles.sidebarEmpty}>
          No conversations yet. Your chats are kept here.
        </Typography.Text>
      )}
      <ul className={styles.convList}>
        {list.data?.map((c) => (
          <li key={c.id} className={c.id === activeId ? styles.convActive : styles.convItem}>
            <Link
              to={`${basePath}/${c.id}`}
              className={styles.convLink}
              aria-current={c.id === activeId ? 'page' : undefined}
              onClick={onNavigate}
            >
              <MessageOutlined aria-hidden />
              <span className={styles.convText}>
                <span className={styles.convTitle}>{c.title}</span>
                <span className={styles.convMeta}>
                  {c.messageCount} messages · {formatRelative(c.updatedAt)}
                </span>
              </span>
            </Link>
            <span className={styles.convActions}>
              <Tooltip title="Rename">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={`Rename ${c.title}`}
                  onClick={() => {
                    setRenaming(c);
                    setTitle(c.title);
                  }}
                />
              </Tooltip>
              <Popconfirm
                title="Delete this conversation?"
                description="Its messages are deleted for good."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(c)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`Delete ${c.title}`}
                />
              </Popconfirm>
            </span>
          </li>
        ))}
      </ul>
      <Modal
        title="Rename conversation"
        open={renaming !== null}
        onCancel={() => setRenaming(null)}
        onOk={() => void rename()}
        okText="Rename"
        okButtonProps={{ disabled: !title.trim(), loading: saving }}
        destroyOnHidden
      >
        <Input
          aria-label="Conversation title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onPressEnter={() => void rename()}
          autoFocus
        />
      </Modal>
    </nav>
  );
}
