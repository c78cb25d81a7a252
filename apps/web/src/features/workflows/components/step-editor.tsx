import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FolderItem } from '@stratos/contracts/files/file.schema';
import {
  MAX_STEPS,
  STEP_CATALOGUE,
  type StepType,
  stepSchema,
  type WorkflowStep,
} from '@stratos/contracts/workflows/workflow-steps.schema';
import { Button, Card, Flex, Form, Input, Select, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { defaultStep, stepLabel } from '../model/workflow-view';
import { FolderSelect } from './folder-select';

/** The first problem the schema finds in a step's configuration, shown under it. */
export function stepProblem(step: WorkflowStep): string | null {
  const r = stepSchema.safeParse(step);
  return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid configuration');
}

function StepConfig({
  step,
  index,
  onChange,
  folders,
  idPrefix,
}: {
  step: WorkflowStep;
  index: number;
  onChange: (s: WorkflowStep) => void;
  folders: FolderItem[];
  idPrefix: string;
}) {
  const id = (f: string) => `${idPrefix}-step-${index}-${f}`;
  const item = (label: string, field: string, control: React.ReactNode) => (
    <Form.Item label={label} htmlFor={id(field)} style={{ margin: 0 }}>
      {control}
    </Form.Item>
  );
  switch (step.type) {
    case 'analyze':
      return (
        <Typography.Text type="secondary">
          Each file is queued for AI analysis (your AI allowance applies).
        </Typography.Text>
      );
    case 'tag':
      return item(
        'Tags',
        'tags',
        <Select
          id={id('tags')}
          mode="tags"
          aria-label="Tags"
          value={step.tags}
          onChange={(tags: string[]) => onChange({ ...step, tags })}
          tokenSeparators={[',']}
          open={false}
          placeholder="Type a tag and press Enter"
        />,
      );
    case 'move':
    case 'copy':
      return item(
        step.type === 'move' ? 'Move to' : 'Copy to',
        'folder',
        <FolderSelect
          id={id('folder')}
          ariaLabel={step.type === 'move' ? 'Move to folder' : 'Copy to folder'}
          value={step.folderId}
          onChange={(folderId) => onChange({ ...step, folderId })}
          folders={folders}
        />,
      );
    case 'rename':
      return item(
        'Pattern ({name}, {ext}, {date}, {time})',
        'pattern',
        <Input
          id={id('pattern')}
          value={step.pattern}
          onChange={(e) => onChange({ ...step, pattern: e.target.value })}
        />,
      );
    case 'summarize':
      return (
        <Flex gap={12} wrap>
          <div style={{ flex: '1 1 180px' }}>
            {item(
              'Note name',
              'note',
              <Input
                id={id('note')}
                value={step.noteName}
                onChange={(e) => onChange({ ...step, noteName: e.target.value })}
              />,
            )}
          </div>
          <div style={{ flex: '1 1 180px' }}>
            {item(
              'In folder',
              'folder',
              <FolderSelect
                id={id('folder')}
                ariaLabel="Note folder"
                value={step.folderId}
                onChange={(folderId) => onChange({ ...step, folderId })}
                folders={folders}
              />,
            )}
          </div>
        </Flex>
      );
    case 'email':
      return item(
        'Subject',
        'subject',
        <Input
          id={id('subject')}
          value={step.subject}
          onChange={(e) => onChange({ ...step, subject: e.target.value })}
        />,
      );
    case 'webhook':
      return item(
        'HTTPS URL (signed with the workflow secret)',
        'url',
        <Input
          id={id('url')}
          inputMode="url"
          value={step.url}
          onChange={(e) => onChange({ ...step, url: e.target.value })}
        />,
      );
  }
}

/** The ordered steps, each with its form; add from the catalogue, move up and down, remove. */
export function StepEditor({
  steps,
  onChange,
  folders,
  idPrefix = 'wf',
}: {
  steps: WorkflowStep[];
  onChange: (steps: WorkflowStep[]) => void;
  folders: FolderItem[];
  /** Keeps ids unique when the create and the edit form are both on the page. */
  idPrefix?: string;
}) {
  const [adding, setAdding] = useState<StepType | null>(null);
  const set = (i: number, s: WorkflowStep) => onChange(steps.map((x, j) => (j === i ? s : x)));
  const swap = (i: number, j: number) => {
    const next = [...steps];
    [next[i], next[j]] = [next[j] as WorkflowStep, next[i] as WorkflowStep];
    onChange(next);
  };
  return (
    <Flex vertical gap={12}>
      {steps.map((step, i) => {
        const problem = stepProblem(step);
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: steps have no identity but their place
            key={i}
            size="small"
            data-testid={`workflow-step-${i}`}
            title={`${i + 1}. ${stepLabel(step.type)}`}
            extra={
              <Flex gap={4}>
                <Tooltip title="Move up">
                  <Button
                    size="small"
                    type="text"
                    aria-label={`Move step ${i + 1} up`}
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => swap(i, i - 1)}
                  />
                </Tooltip>
                <Tooltip title="Move down">
                  <Button
                    size="small"
                    type="text"
                    aria-label={`Move step ${i + 1} down`}
                    icon={<ArrowDownOutlined />}
                    disabled={i === steps.length - 1}
                    onClick={() => swap(i, i + 1)}
                  />
                </Tooltip>
                <Tooltip title="Remove">
                  <Button
                    size="small"
                    type="text"
                    danger
                    aria-label={`Remove step ${i + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => onChange(steps.filter((_, j) => j !== i))}
                  />
                </Tooltip>
              </Flex>
            }
          >
            <StepConfig
              step={step}
              index={i}
              onChange={(s) => set(i, s)}
              folders={folders}
              idPrefix={idPrefix}
            />
            {problem && (
              <Typography.Text type="danger" style={{ display: 'block', marginTop: 8 }} role="alert">
                {problem}
              </Typography.Text>
            )}
          </Card>
        );
      })}
      <Flex gap={8} wrap>
        <Select
          aria-label="Step to add"
          placeholder="Choose a step to add"
          value={adding}
          onChange={(v: StepType) => setAdding(v)}
          options={STEP_CATALOGUE.map((s) => ({ value: s.type, label: `${s.label} — ${s.description}` }))}
          style={{ flex: '1 1 240px', minWidth: 0 }}
          popupMatchSelectWidth={false}
        />
        <Button
          icon={<PlusOutlined />}
          disabled={adding === null || steps.length >= MAX_STEPS}
          onClick={() => {
            if (adding) onChange([...steps, defaultStep(adding)]);
            setAdding(null);
          }}
        >
          Add step
        </Button>
      </Flex>
    </Flex>
  );
}
