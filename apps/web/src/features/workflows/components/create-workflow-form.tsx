import { PlusOutlined } from '@ant-design/icons';
import type { FolderItem } from '@stratos/contracts/files/file.schema';
import { WORKFLOW_MESSAGES, type Workflow } from '@stratos/contracts/workflows/workflow.schema';
import type { WorkflowStep, WorkflowTrigger } from '@stratos/contracts/workflows/workflow-steps.schema';
import { Alert, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useCreateWorkflow } from '../api/create-workflow';
import { StepEditor, stepProblem } from './step-editor';
import { TriggerFields } from './trigger-fields';

/** Create: a name (required after trimming), a description, a trigger and ordered steps. */
export function CreateWorkflowForm({
  folders,
  onCreated,
}: {
  folders: FolderItem[];
  onCreated: (w: Workflow) => void;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [trigger, setTrigger] = useState<WorkflowTrigger>({ type: 'manual' });
  const [steps, setSteps] = useState<WorkflowStep[]>([]);
  const create = useCreateWorkflow();
  const nameMissing = name.trim() === '';
  const stepsInvalid = steps.some((s) => stepProblem(s) !== null);

  const submit = () => {
    setTouched(true);
    if (nameMissing || stepsInvalid) return;
    create.mutate(
      { name: name.trim(), description: description.trim(), trigger, steps },
      {
        onSuccess: (w) => {
          setName('');
          setDescription('');
          setTrigger({ type: 'manual' });
          setSteps([]);
          setTouched(false);
          onCreated(w);
        },
      },
    );
  };

  return (
    <Card>
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 760 }}>
        {create.isError && (
          <Alert
            type="error"
            showIcon
            title={WORKFLOW_MESSAGES.createFailed}
            description={errorMessage(create.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label="Name"
          htmlFor="wf-name"
          required
          validateStatus={touched && nameMissing ? 'error' : undefined}
          help={touched && nameMissing ? WORKFLOW_MESSAGES.nameRequired : undefined}
        >
          <Input
            id="wf-name"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            placeholder="File incoming invoices"
          />
        </Form.Item>
        <Form.Item label="Description" htmlFor="wf-description">
          <Input.TextArea
            id="wf-description"
            value={description}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="What this workflow does, for you and your team"
          />
        </Form.Item>
        <Typography.Title level={5}>Trigger</Typography.Title>
        <div style={{ marginBottom: 24 }}>
          <TriggerFields value={trigger} onChange={setTrigger} folders={folders} />
        </div>
        <Typography.Title level={5}>Steps</Typography.Title>
        <div style={{ marginBottom: 24 }}>
          <StepEditor steps={steps} onChange={setSteps} folders={folders} />
        </div>
        <Button
          type="primary"
          htmlType="submit"
          icon={<PlusOutlined />}
          disabled={nameMissing || stepsInvalid}
          loading={create.isPending}
        >
          Create workflow
        </Button>
      </Form>
    </Card>
  );
}
