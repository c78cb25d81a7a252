import type { AiKeyProvider, AiProviderRecord, AiUserKey } from '@stratos/contracts/ai/providers.schema';
import { App, Badge, Button, Flex, Form, Input, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../lib/api-error';
import { formatRelative } from '../../../../lib/date-format';
import { useRemoveAiKey, useSaveAiKey } from './ai-providers-api';
import {
  apiKeyProblem,
  KEY_PROVIDER_NAMES,
  keySourceText,
  keyStatusBadge,
  savedKeyMessage,
} from './ai-providers-model';

const SOURCE_TAG: Record<AiProviderRecord['keySource'], { color?: string; text: string }> = {
  user: { color: 'blue', text: 'Your key' },
  platform: { color: 'green', text: 'Platform key' },
  none: { text: 'No key' },
};

interface KeyRowProps {
  provider: AiKeyProvider;
  record: AiProviderRecord | undefined;
  userKey: AiUserKey | undefined;
}

/** One provider: whose key serves the user, their own key (masked, with its check), add/replace/remove. */
export function AiProviderKeyRow({ provider, record, userKey }: KeyRowProps) {
  const { message, modal } = App.useApp();
  const name = record?.name ?? KEY_PROVIDER_NAMES[provider];
  const headingId = useId();
  const inputId = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveAiKey();
  const remove = useRemoveAiKey();

  const submit = () => {
    const issue = apiKeyProblem(draft);
    setProblem(issue);
    if (issue) return;
    save.mutate(
      { provider, apiKey: draft },
      {
        onSuccess: (key) => {
          const note = savedKeyMessage(key, name);
          message.open({ type: note.type, content: note.text });
          setEditing(false);
          setDraft('');
        },
        onError: (err) => setProblem(errorMessage(err)),
      },
    );
  };

  const confirmRemove = () =>
    modal.confirm({
      title: `Remove your ${name} key?`,
      content:
        record?.keySource === 'user'
          ? `Stratos deletes the key. ${name} then answers you only if the platform has a key of its own.`
          : 'Stratos deletes the key.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () =>
        remove
          .mutateAsync(provider)
          .then(() => message.success(`${name} key removed.`))
          .catch((err) => message.error(errorMessage(err))),
    });

  // A stored key the server can no longer decrypt: its check result means nothing any more.
  const reentry = userKey?.needsReentry === true;
  const badge = userKey && !reentry ? keyStatusBadge(userKey.status) : null;
  const source = record ? SOURCE_TAG[record.keySource] : null;
  return (
    <section aria-labelledby={headingId} style={{ padding: '16px 0' }}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap>
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Flex gap={8} align="center" wrap>
            <Typography.Text strong id={headingId}>
              {name}
            </Typography.Text>
            {source && (
              <Tag color={source.color} style={{ margin: 0 }}>
                {source.text}
              </Tag>
            )}
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13, display: 'block' }}>
            {keySourceText(record, name)}
          </Typography.Text>
          {userKey && (badge || reentry) && (
            <div
              style={{
                marginTop: 8,
                display: 'flex',
                flexWrap: 'wrap',
                gap: '4px 12px',
                alignItems: 'center',
              }}
            >
              <Typography.Text code aria-label={`Your ${name} key`}>
                {userKey.maskedKey}
              </Typography.Text>
              {badge && <Badge status={badge.badge} text={badge.text} />}
              {reentry ? (
                <Tag color="warning" style={{ margin: 0 }}>
                  Needs re-entry
                </Tag>
              ) : (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {userKey.checkedAt ? `Checked ${formatRelative(userKey.checkedAt)}` : 'Not checked yet'}
                </Typography.Text>
              )}
              {reentry && (
                <Typography.Text type="danger" style={{ fontSize: 12, flexBasis: '100%' }}>
                  Stratos can no longer read this key (its encryption key on the server changed), so it is not
                  used. Enter the key again to use it.
                </Typography.Text>
              )}
              {!reentry && userKey.error && userKey.status !== 'available' && (
                <Typography.Text type="danger" style={{ fontSize: 12, flexBasis: '100%' }}>
                  {userKey.error}
                </Typography.Text>
              )}
            </div>
          )}
        </div>
        {!editing && (
          <Flex gap={8} wrap>
            <Button type={reentry ? 'primary' : 'default'} onClick={() => setEditing(true)}>
              {reentry ? 'Enter key again' : userKey ? 'Replace key' : 'Add key'}
            </Button>
            {userKey && (
              <Button danger onClick={confirmRemove} loading={remove.isPending}>
                Remove
              </Button>
            )}
          </Flex>
        )}
      </Flex>
      {editing && (
        <Form
          layout="vertical"
          onFinish={submit}
          style={{ marginTop: 12, maxWidth: 520 }}
          requiredMark={false}
        >
          <Form.Item
            label={`${name} API key`}
            htmlFor={inputId}
            validateStatus={problem ? 'error' : undefined}
            help={problem ?? 'Stored encrypted; only its last four characters are ever shown again.'}
            style={{ marginBottom: 20 }}
          >
            <Input.Password
              id={inputId}
              value={draft}
              autoComplete="off"
              autoFocus
              maxLength={500}
              onChange={(e) => {
                setDraft(e.target.value);
                if (problem) setProblem(null);
              }}
            />
          </Form.Item>
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save key
            </Button>
            <Button
              onClick={() => {
                setEditing(false);
                setDraft('');
                setProblem(null);
              }}
            >
              Cancel
            </Button>
          </Flex>
        </Form>
      )}
    </section>
  );
}
