import type { AiProviderSettingsBody } from '@stratos/contracts/ai/providers.schema';
import { Alert, App, Badge, Button, Card, Flex, Input, Popconfirm, Switch, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ProviderIcon } from '../../../lib/ai/provider-icon';
import { BADGE_STATUS } from '../../../lib/ai/provider-status';
import { errorMessage } from '../../../lib/api-error';
import { formatRelative } from '../../../lib/date-format';
import { useSaveProviderSettings } from '../api/ai-providers';
import { type AiProviderRow, checkedInput, keySummary, lastCheckLine } from '../model/ai-provider-rows';

type Field = 'key' | 'url';

/** One provider: status, last check, error, and (unless it is the assistant) its platform settings. */
export function AiProviderCard({ row }: { row: AiProviderRow }) {
  const { message } = App.useApp();
  const save = useSaveProviderSettings();
  const [editing, setEditing] = useState<Field | null>(null);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<{ field: Field | 'enabled'; text: string } | null>(null);
  const { record, settings } = row;
  const name = record.name;

  const send = (field: Field | 'enabled', body: AiProviderSettingsBody, done: string) => {
    setFieldError(null);
    save.mutate(
      { id: record.id, body },
      {
        onSuccess: () => {
          setEditing(null);
          setDraft('');
          void message.success(done);
        },
        onError: (err) => setFieldError({ field, text: errorMessage(err) }),
      },
    );
  };
  const start = (field: Field) => {
    setEditing(field);
    setDraft(field === 'url' ? (settings?.baseUrl ?? '') : '');
    setFieldError(null);
  };
  const submit = (field: Field) => {
    const input = checkedInput(draft, field);
    if ('error' in input) return setFieldError({ field, text: input.error });
    if (field === 'key') send('key', { apiKey: input.value }, `${name}: platform key saved`);
    else send('url', { baseUrl: input.value }, `${name}: base URL saved`);
  };

  const inlineError = (field: Field | 'enabled') =>
    fieldError?.field === field ? (
      <Alert type="error" showIcon title={fieldError.text} style={{ marginTop: 8 }} />
    ) : null;

  const editor = (field: Field) => (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit(field);
      }}
    >
      <Flex gap={8} wrap>
        {(() => {
          const Field = field === 'key' ? Input.Password : Input;
          return (
            <Field
              autoFocus
              {...(field === 'key'
                ? { autoComplete: 'new-password', placeholder: 'Paste the API key' }
                : { type: 'url', placeholder: 'https://api.example.com/v1' })}
              aria-label={`${name} ${field === 'key' ? 'API key' : 'base URL'}`}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              style={{ flex: '1 1 220px' }}
            />
          );
        })()}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save
        </Button>
        <Button onClick={() => setEditing(null)} disabled={save.isPending}>
          Cancel
        </Button>
      </Flex>
    </form>
  );

  const fieldProps = (field: Field) => ({
    editing: editing === field,
    editor: editor(field),
    onEdit: () => start(field),
    error: inlineError(field),
  });

  return (
    <Card size="small" styles={{ body: { padding: 16 } }}>
      <Flex gap={12} align="flex-start">
        <ProviderIcon icon={record.icon} size={36} />
        <Flex vertical gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Flex gap={8} justify="space-between" align="center" wrap>
            <Typography.Text strong style={{ fontSize: 15 }}>
              {name}
            </Typography.Text>
            <Badge status={BADGE_STATUS[row.badge]} text={row.badge} />
          </Flex>
          <Typography.Text type="secondary" style={{ fontSize: 13 }}>
            {record.description}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {lastCheckLine(record, (iso) => formatRelative(iso))}
          </Typography.Text>
        </Flex>
      </Flex>
      {record.error && (
        <Alert
          type={record.status === 'error' ? 'error' : 'warning'}
          showIcon
          title={record.error}
          style={{ marginTop: 12 }}
        />
      )}

      {!row.configurable ? (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }}>
          The assistant service has no settings.
        </Typography.Paragraph>
      ) : (
        <div
          style={{
            marginTop: 12,
            display: 'grid',
            gap: 12,
            gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))',
            alignItems: 'start',
          }}
        >
          <Setting label="Enabled">
            <Switch
              checked={settings?.enabled ?? record.enabled}
              loading={save.isPending && save.variables?.body.enabled !== undefined}
              aria-label={`${name} enabled`}
              onChange={(on) => send('enabled', { enabled: on }, `${name} ${on ? 'enabled' : 'disabled'}`)}
            />
            {inlineError('enabled')}
          </Setting>

          {row.takesKey && (
            <StoredValue
              label="Platform API key"
              shown={keySummary(row)}
              isSet={Boolean(settings?.apiKey || settings?.needsReentry)}
              editText={settings?.needsReentry ? 'Enter again' : settings?.apiKey ? 'Replace' : 'Set'}
              warning={
                settings?.needsReentry
                  ? 'Stratos can no longer read the stored key (its encryption key on the server changed), so it is not used. Enter it again.'
                  : undefined
              }
              {...fieldProps('key')}
              clear={{
                title: `Clear the platform key of ${name}?`,
                description: 'Users without their own key can no longer use it.',
                onConfirm: () => send('key', { apiKey: null }, `${name}: platform key cleared`),
              }}
            />
          )}
          <StoredValue
            label="Base URL"
            shown={settings?.baseUrl ?? `Default${record.endpoint ? ` (${record.endpoint})` : ''}`}
            isSet={Boolean(settings?.baseUrl)}
            editText="Edit"
            {...fieldProps('url')}
            clear={{
              title: `Clear the base URL of ${name}?`,
              description: 'It goes back to the default address.',
              onConfirm: () => send('url', { baseUrl: null }, `${name}: base URL cleared`),
            }}
          />
        </div>
      )}
    </Card>
  );
}

function Setting({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  // An open editor takes the whole row, so the field and its message have room.
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginBottom: 4 }}>
        {label}
      </Typography.Text>
      {children}
    </div>
  );
}

/** A stored value (masked key or base URL): shown, with Set/Replace/Edit and a confirmed Clear when set. */
function StoredValue(p: {
  label: string;
  shown: string;
  isSet: boolean;
  editText: string;
  editing: boolean;
  editor: ReactNode;
  onEdit: () => void;
  clear: { title: string; description: string; onConfirm: () => void };
  error: ReactNode;
  /** Said under the value: it is stored but unusable. */
  warning?: string;
}) {
  return (
    <Setting label={p.label} wide={p.editing}>
      {p.editing ? (
        p.editor
      ) : (
        <Flex gap={8} align="center" wrap>
          {p.warning ? (
            <Tag color="warning" style={{ margin: 0 }}>
              Needs re-entry
            </Tag>
          ) : (
            <Typography.Text
              code={p.isSet}
              type={p.isSet ? undefined : 'secondary'}
              style={{ wordBreak: 'break-all' }}
            >
              {p.shown}
            </Typography.Text>
          )}
          <Button size="small" onClick={p.onEdit}>
            {p.editText}
          </Button>
          {p.isSet && (
            <Popconfirm {...p.clear} okText="Clear" okButtonProps={{ danger: true }}>
              <Button size="small" danger>
                Clear
              </Button>
            </Popconfirm>
          )}
        </Flex>
      )}
      {p.warning && !p.editing && (
        <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {p.warning}
        </Typography.Text>
      )}
      {p.error}
    </Setting>
  );
}
