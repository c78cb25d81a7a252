import { ApartmentOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { WORKFLOW_MESSAGES, type Workflow } from '@stratos/contracts/workflows/workflow.schema';
import { App, Button, Card, Result, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-session';
import { EmptyPanel } from '../../../lib/empty-panel';
import { PageHeader } from '../../../lib/page-header';
import { useDeleteWorkflow } from '../api/delete-workflow';
import { useFolderTree } from '../api/list-folders';
import { useWorkflows } from '../api/list-workflows';
import { useRunWorkflow } from '../api/run-workflow';
import { useStartWorkflow } from '../api/start-workflow';
import { useStopWorkflow } from '../api/stop-workflow';
import { type WorkflowActions, WorkflowCard } from '../components/workflow-card';
import { WorkflowDetails } from '../components/workflow-details';
import { WorkflowForm } from '../components/workflow-form';
import { folderPathName } from '../model/folder-tree';
import { describeTrigger } from '../model/workflow-view';

/** Part 2 section 6: workflows are for users, admins and the superadmin. */
const ALLOWED_ROLES: readonly string[] = ['user', 'admin', 'superadmin'];

const grid = {
  display: 'grid',
  gap: 16,
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(340px, 100%), 1fr))',
  alignItems: 'start',
} as const;

/** /workflows (part 2 section 2): tabs Overview, Create and Details. */
export default function WorkflowsPage() {
  const session = useSession();
  const role = session.user?.role ?? null;
  if (!role || !ALLOWED_ROLES.includes(role)) {
    return (
      <Result
        status="403"
        title={WORKFLOW_MESSAGES.accessDenied}
        subTitle={`Your current role: ${role ?? 'not signed in'}`}
      />
    );
  }
  return <WorkflowsBody />;
}

function WorkflowsBody() {
  const { message } = App.useApp();
  const [tab, setTab] = useState('overview');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const list = useWorkflows();
  const folders = useFolderTree();
  const start = useStartWorkflow();
  const stop = useStopWorkflow();
  const remove = useDeleteWorkflow();
  const run = useRunWorkflow();
  const folderList = folders.data ?? [];
  const folderName = (id: string | null) => folderPathName(folderList, id);
  const describe = (w: Workflow) => describeTrigger(w.trigger, folderName);
  const workflows = list.data ?? [];
  const selected = workflows.find((w) => w.id === selectedId) ?? workflows[0] ?? null;

  const fail = (what: string) => (err: unknown) => message.error(`${what} ${errorMessage(err)}`);
  const busy = [start, stop, remove, run].find((m) => m.isPending)?.variables ?? null;
  const actions: WorkflowActions = {
    busy: typeof busy === 'string' ? busy : null,
    onStart: (w) =>
      start.mutate(w.id, {
        onSuccess: () => message.success(`${w.name} is running`),
        onError: fail(WORKFLOW_MESSAGES.startFailed),
      }),
    onStop: (w) =>
      stop.mutate(w.id, {
        onSuccess: () => message.success(`${w.name} is paused`),
        onError: fail(WORKFLOW_MESSAGES.stopFailed),
      }),
    onDelete: (w) =>
      remove.mutate(w.id, {
        onSuccess: () => message.success(`${w.name} was deleted`),
        onError: fail(WORKFLOW_MESSAGES.deleteFailed),
      }),
    onRun: (w) =>
      run.mutate(w.id, {
        onSuccess: () => {
          message.success(`A run of ${w.name} is queued`);
          setSelectedId(w.id);
          setTab('details');
        },
        onError: fail('Failed to run workflow.'),
      }),
    onHistory: (w) => {
      setSelectedId(w.id);
      setTab('details');
    },
  };

  let overview: React.ReactNode;
  if (list.isError && !list.data)
    overview = (
      <Card>
        <Result
          status="warning"
          title={errorMessage(list.error)}
          extra={
            <Button
              type="primary"
              icon={<ReloadOutlined />}
              loading={list.isFetching}
              onClick={() => void list.refetch()}
            >
              Retry
            </Button>
          }
        />
      </Card>
    );
  else if (list.isPending)
    overview = (
      <section style={grid} aria-busy="true" aria-label="Loading workflows">
        {[0, 1].map((i) => (
          <Card key={i}>
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </section>
    );
  else if (workflows.length === 0)
    overview = (
      <EmptyPanel
        icon={<ApartmentOutlined />}
        tone="invite"
        title="No workflows yet"
        description="A workflow runs steps on your files for you: analyse new uploads with AI, tag them, move or rename them, write a summary note, e-mail you, or call a webhook."
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setTab('create')}>
            Create a workflow
          </Button>
        }
      />
    );
  else
    overview = (
      <div style={grid}>
        {workflows.map((w) => (
          <WorkflowCard key={w.id} w={w} trigger={describe(w)} actions={actions} />
        ))}
      </div>
    );

  return (
    <>
      <PageHeader
        title="Workflows"
        description="Automate work on your files: a trigger, then steps that run on the server."
        extra={
          <Button
            icon={<ReloadOutlined />}
            loading={list.isFetching && !list.isPending}
            onClick={() => void list.refetch()}
          >
            Refresh
          </Button>
        }
      />
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'overview', label: 'Overview', children: overview },
          {
            key: 'create',
            label: 'Create',
            children: (
              <WorkflowForm
                folders={folderList}
                onSaved={(w) => {
                  message.success(`${w.name} was created`);
                  setSelectedId(w.id);
                  setTab('overview');
                }}
              />
            ),
          },
          {
            key: 'details',
            label: 'Details',
            children: (
              <WorkflowDetails
                workflows={workflows}
                selected={selected}
                onSelect={setSelectedId}
                describe={describe}
                folders={folderList}
              />
            ),
          },
        ]}
      />
    </>
  );
}
