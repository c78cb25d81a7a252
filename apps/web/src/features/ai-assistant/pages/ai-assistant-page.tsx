import { ReloadOutlined, RobotOutlined } from '@ant-design/icons';
import { ASSISTANT_REQUEST_MAX } from '@stratos/contracts/ai/assistant.schema';
import { Alert, App, Button, Card, Divider, Flex, Input, Result, Skeleton, theme } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { EmptyPanel } from '../../../lib/empty-panel';
import { PageHeader } from '../../../lib/page-header';
import { useCancelAction } from '../api/cancel-action';
import { useConfirmAction } from '../api/confirm-action';
import { useActions } from '../api/get-actions';
import { useWorkspace } from '../api/get-workspace';
import { usePlanActions } from '../api/plan-actions';
import { useProposeAction } from '../api/propose-action';
import { useRetryAction } from '../api/retry-action';
import { ActionCard } from '../components/action-card';
import { FilePicker } from '../components/file-picker';
import { QuickAction } from '../components/quick-action';
import { describeAction, outcomeText } from '../model/action-view';

const columns = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(340px, 100%), 1fr))',
  alignItems: 'start',
} as const;

/** /ai-assistant: pick files or ask in words; the assistant proposes; nothing runs until you confirm. */
export default function AiAssistantPage() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const [selected, setSelected] = useState<string[]>(() => params.getAll('file'));
  const [ask, setAsk] = useState(() => params.get('ask') ?? '');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const workspace = useWorkspace(deferredSearch);
  const actions = useActions();
  const plan = usePlanActions();
  const propose = useProposeAction();
  const confirm = useConfirmAction();
  const cancel = useCancelAction();
  const retry = useRetryAction();

  const toggle = (id: string) =>
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const onAsk = () =>
    plan.mutate(
      { request: ask.trim(), fileIds: selected },
      { onError: (err) => message.error(errorMessage(err)) },
    );

  const waiting = actions.data?.filter((a) => a.status === 'proposed') ?? [];
  const history = actions.data?.filter((a) => a.status !== 'proposed') ?? [];
  const card = (a: NonNullable<typeof actions.data>[number]) => (
    <li key={a.id}>
      <ActionCard
        action={a}
        confirming={confirm.isPending && confirm.variables === a.id}
        cancelling={cancel.isPending && cancel.variables === a.id}
        onConfirm={() =>
          confirm.mutate(a.id, {
            onSuccess: (done) =>
              done.status === 'done'
                ? message.success(outcomeText(done) ?? 'Done')
                : message.error(done.error ?? 'The action failed'),
            onError: (err) => message.error(errorMessage(err)),
          })
        }
        onCancel={() => cancel.mutate(a.id, { onError: (err) => message.error(errorMessage(err)) })}
        retrying={retry.isPending && retry.variables === a.id}
        onRetry={() =>
          retry.mutate(a.id, {
            onSuccess: () => message.info('Proposed again: confirm it to run it'),
            onError: (err) => message.error(errorMessage(err)),
          })
        }
      />
    </li>
  );
  const list = { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10 } as const;

  let actionsBody: React.ReactNode;
  if (actions.isError && !actions.data)
    actionsBody = (
      <Result
        status="warning"
        title="Failed to load the assistant's actions"
        subTitle={errorMessage(actions.error)}
        extra={<Button onClick={() => void actions.refetch()}>Retry</Button>}
      />
    );
  else if (!actions.data) actionsBody = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (actions.data.length === 0)
    actionsBody = (
      <EmptyPanel
        icon={<RobotOutlined />}
        title="No actions yet"
        description="Pick files and choose an action, or ask the assistant in your own words. Every action waits here for your confirmation before it runs."
      />
    );
  else
    actionsBody = (
      <div style={{ display: 'grid', gap: 16 }}>
        {waiting.length > 0 && (
          <section aria-label="Waiting for confirmation" style={{ display: 'grid', gap: 8 }}>
            <h3 style={{ margin: 0, fontSize: 15 }}>Waiting for your confirmation ({waiting.length})</h3>
            <ul style={list}>{waiting.map(card)}</ul>
          </section>
        )}
        {history.length > 0 && (
          <section aria-label="History" style={{ display: 'grid', gap: 8 }}>
            <h3 style={{ margin: 0, fontSize: 15 }}>History</h3>
            <ul style={list}>{history.map(card)}</ul>
          </section>
        )}
      </div>
    );

  return (
    <>
      <PageHeader
        title="AI Assistant"
        description="Summarise, tag and move your files. The assistant proposes; nothing happens until you confirm."
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void Promise.all([actions.refetch(), workspace.refetch()])}
            loading={
              (actions.isFetching && !actions.isPending) || (workspace.isFetching && !workspace.isPending)
            }
          >
            Refresh
          </Button>
        }
      />
      <div style={columns}>
        <FilePicker
          files={workspace.data?.files}
          loading={workspace.isPending}
          error={workspace.isError ? errorMessage(workspace.error) : null}
          onRetry={() => void workspace.refetch()}
          search={search}
          onSearch={setSearch}
          selected={selected}
          onToggle={toggle}
          onClear={() => setSelected([])}
        />
        <div style={{ display: 'grid', gap: 16, minWidth: 0 }}>
          <Card title="Ask the assistant">
            <Flex vertical gap={10}>
              <Input.TextArea
                aria-label="Your request"
                value={ask}
                onChange={(e) => setAsk(e.target.value)}
                maxLength={ASSISTANT_REQUEST_MAX}
                autoSize={{ minRows: 2, maxRows: 6 }}
                placeholder={
                  selected.length
                    ? 'What should happen to the picked files? e.g. “tag these as finance and move them to Archive”'
                    : 'e.g. “summarise my latest notes” or “move the invoices to Finance”'
                }
                onPressEnter={(e) => {
                  if (!e.shiftKey && ask.trim()) {
                    e.preventDefault();
                    onAsk();
                  }
                }}
              />
              <Flex justify="space-between" align="center" gap={8} wrap>
                <span style={{ fontSize: 12, color: token.colorTextTertiary }}>
                  {selected.length
                    ? `About the ${selected.length === 1 ? 'picked file' : `${selected.length} picked files`}`
                    : 'About your recent files'}{' '}
                  · one AI call, charged like any other
                </span>
                <Button
                  type="primary"
                  icon={<RobotOutlined />}
                  loading={plan.isPending}
                  disabled={!ask.trim()}
                  onClick={onAsk}
                >
                  Ask
                </Button>
              </Flex>
              {plan.data && (
                <Alert
                  type="info"
                  showIcon
                  icon={<RobotOutlined />}
                  title={plan.data.reply}
                  description={
                    plan.data.actions.length
                      ? `Proposed: ${plan.data.actions.map(describeAction).join('; ')}. Confirm each below.`
                      : undefined
                  }
                />
              )}
              {plan.isError && <Alert type="error" showIcon title={errorMessage(plan.error)} />}
            </Flex>
            <Divider plain style={{ margin: '16px 0 12px' }}>
              or choose an action
            </Divider>
            <QuickAction
              selectedCount={selected.length}
              folders={workspace.data?.folders ?? []}
              busy={propose.isPending}
              onPropose={(v) =>
                propose.mutate(
                  { ...v, fileIds: selected },
                  { onError: (err) => message.error(errorMessage(err)) },
                )
              }
            />
          </Card>
          <Card title="Actions">{actionsBody}</Card>
        </div>
      </div>
    </>
  );
}
