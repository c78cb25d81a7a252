import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { FolderItem } from '@stratos/contracts/files/file.schema';
import { WORKFLOW_MESSAGES, type Workflow } from '@stratos/contracts/workflows/workflow.schema';
import type { WorkflowStep, WorkflowTrigger } from '@stratos/contracts/workflows/workflow-steps.schema';
import { Alert, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useCreateWorkflow } from '../api/create-workflow';
import { useUpdateWorkflow } from '../api/update-workflow';
import { StepEditor, stepProblem } from './step-editor';
import { TriggerFields } from './trigger-fields';

/**
 * Create, or edit `editing`: a name (required after trimming), a description, a trigger and
 * ordered steps. An edit replaces them for every run that has not started yet.
 */
export function WorkflowForm({
  folders,
  editing,
  onSaved,
  onCancel,
}: {
  folders: FolderItem[];
  editing?: Workflow;
  onSaved: (w: Workflow) => void;
  onCancel?: () => void;
}) {
  const [name, setName] = useState(editing?.name ?? '');
  const [touched, setTouched] = useState(false);
  const [description, setDescription] = useState(editing?.description ?? '');
  const [trigger, setTrigger] = useState<WorkflowTrigger>(editing?.trigger ?? { type: 'manual' });
  const [steps, setSteps] = useState<WorkflowStep[]>(editing?.steps ?? []);
  const create = useCreateWorkflow();
  const update = useUpdateWorkflow();
  const save = editing ? update : create;
  const nameMissing = name.trim() === '';
  const stepsInvalid = steps.some((s) => stepProblem(s) !== null);

  const submit = () => {
    setTouched(true);
    if (nameMissing || stepsInvalid) return;
    const body = { name: name.trim(), description: description.trim(), trigger, steps };
    if (editing) {
      update.mutate({ id: editing.id, body }, { onSuccess: onSaved });
      return;
    }
    create.mutate(body, {
      onSuccess: (w) => {
        setName('');
        setDescription('');
        setTrigger({ type: 'manual' });
        setSteps([]);
        setTouched(false);
        onSaved(w);
      },
    });
  };

  const prefix = editing ? 'wf-edit' : 'wf';
  return (
    <Card title={editing ? `Edit ${editing.name}` : undefined}>
      <Form layout="vertical" onFinish={submit} style={{ maxWidth: 760 }}>
        {save.isError && (
          <Alert
            type="error"
            showIcon
            title={editing ? WORKFLOW_MESSAGES.updateFailed : WORKFLOW_MESSAGES.createFailed}
            description={errorMessage(save.error)}
            style={{ marginBottom: 16 }}
          />
        )}
        {editing?.status === 'running' && (
          <Alert
            type="info"
            showIcon
            title="This workflow is running: changes apply from its next run; a run already under way finishes as it started."
            style={{ marginBottom: 16 }}
          />
        )}
        <Form.Item
          label="Name"
          htmlFor={`${prefix}-name`}
          required
          validateStatus={touched && nameMissing ? 'error' : undefined}
          help={touched && nameMissing ? WORKFLOW_MESSAGES.nameRequired : undefined}
        >
          <Input
            id={`${prefix}-name`}
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
            onBlur={() => setTouched(true)}
            placeholder="File incoming invoices"
          />
        </Form.Item>
        <Form.Item label="Description" htmlFor={`${prefix}-description`}>
          <Input.TextArea
            id={`${prefix}-description`}
            value={description}
            maxLength={500}
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="What this workflow does, for you and your team"
          />
        </Form.Item>
        <Typography.Title level={5}>Trigger</Typography.Title>
        <div style={{ marginBottom: 24 }}>
          <TriggerFields value={trigger} onChange={setTrigger} folders={folders} idPrefix={prefix} />
        </div>
        <Typography.Title level={5}>Steps</Typography.Title>
        <div style={{ marginBottom: 24 }}>
          <StepEditor steps={steps} onChange={setSteps} folders={folders} idPrefix={prefix} />
        </div>
        <Flex gap={8} wrap>
          <Button
            type="primary"
            htmlType="submit"
            icon={editing ? <SaveOutlined /> : <PlusOutlined />}
            disabled={nameMissing || stepsInvalid}
            loading={save.isPending}
          >
            {editing ? 'Save changes' : 'Create workflow'}
          </Button>
          {onCancel && <Button onClick={onCancel}>Cancel</Button>}
        </Flex>
      </Form>
    </Card>
  );
}
