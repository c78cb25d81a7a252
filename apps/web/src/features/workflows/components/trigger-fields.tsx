import type { FolderItem } from '@stratos/contracts/files/file.schema';
import {
  FILE_TYPE_FILTERS,
  type FileTypeFilter,
  RUN_FILES_MAX,
  SCHEDULE_MAX_MINUTES,
  SCHEDULE_MIN_MINUTES,
  type WorkflowTrigger,
} from '@stratos/contracts/workflows/workflow-steps.schema';
import { Checkbox, Flex, Form, InputNumber, Segmented, Select, Typography } from 'antd';
import { FILE_TYPE_LABELS } from '../model/workflow-view';
import { FolderSelect } from './folder-select';

const TYPES = [
  { value: 'manual', label: 'Manual' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'upload', label: 'Upload' },
] as const;

/** The trigger: by hand (optionally on a folder's files), every N minutes, or on an upload to a folder. */
export function TriggerFields({
  value,
  onChange,
  folders,
  idPrefix = 'wf',
}: {
  value: WorkflowTrigger;
  onChange: (t: WorkflowTrigger) => void;
  folders: FolderItem[];
  idPrefix?: string;
}) {
  const setType = (type: WorkflowTrigger['type']) => {
    if (type === 'manual') onChange({ type });
    else if (type === 'schedule') onChange({ type, everyMinutes: 60, folderId: null, fileType: 'any' });
    else onChange({ type, folderId: null, fileType: 'any' });
  };
  // A manual trigger acts on a folder's files only when one is chosen (key present).
  const onFolder = value.type !== 'manual' || value.folderId !== undefined;
  const folderId = value.type === 'manual' ? (value.folderId ?? null) : value.folderId;
  const fileType: FileTypeFilter = value.fileType ?? 'any';
  return (
    <Flex vertical gap={12}>
      <Segmented
        aria-label="Trigger"
        value={value.type}
        onChange={(v) => setType(v as WorkflowTrigger['type'])}
        options={[...TYPES]}
        block
      />
      {value.type === 'manual' && (
        <Checkbox
          checked={onFolder}
          onChange={(e) =>
            onChange(
              e.target.checked ? { type: 'manual', folderId: null, fileType: 'any' } : { type: 'manual' },
            )
          }
        >
          Run now acts on the files of a folder
        </Checkbox>
      )}
      {onFolder && (
        <Flex gap={12} wrap>
          {value.type === 'schedule' && (
            <Form.Item
              label="Every (minutes)"
              htmlFor={`${idPrefix}-every`}
              style={{ margin: 0, flex: '1 1 140px' }}
            >
              <InputNumber
                id={`${idPrefix}-every`}
                min={SCHEDULE_MIN_MINUTES}
                max={SCHEDULE_MAX_MINUTES}
                value={value.everyMinutes}
                onChange={(n) => onChange({ ...value, everyMinutes: Number(n ?? SCHEDULE_MIN_MINUTES) })}
                style={{ width: '100%' }}
              />
            </Form.Item>
          )}
          <Form.Item
            label={value.type === 'upload' ? 'Uploaded to' : 'Files in'}
            htmlFor={`${idPrefix}-trigger-folder`}
            style={{ margin: 0, flex: '1 1 180px' }}
          >
            <FolderSelect
              id={`${idPrefix}-trigger-folder`}
              ariaLabel="Trigger folder"
              value={folderId}
              onChange={(id) => onChange({ ...value, folderId: id })}
              folders={folders}
            />
          </Form.Item>
          <Form.Item
            label="File type"
            htmlFor={`${idPrefix}-file-type`}
            style={{ margin: 0, flex: '1 1 140px' }}
          >
            <Select
              id={`${idPrefix}-file-type`}
              aria-label="File type"
              value={fileType}
              onChange={(t: FileTypeFilter) => onChange({ ...value, fileType: t })}
              options={FILE_TYPE_FILTERS.map((f) => ({ value: f, label: FILE_TYPE_LABELS[f] }))}
            />
          </Form.Item>
        </Flex>
      )}
      {value.type !== 'upload' && onFolder && (
        <Typography.Text type="secondary">
          {value.type === 'manual'
            ? `Run now acts on the newest ${RUN_FILES_MAX} files of this type in the folder.`
            : `Each run acts on the newest ${RUN_FILES_MAX} files of this type uploaded to the folder since the last successful run.`}
        </Typography.Text>
      )}
      {value.type === 'manual' && !onFolder && (
        <Typography.Text type="secondary">
          Run now acts on no files: for steps such as e-mail or webhook.
        </Typography.Text>
      )}
    </Flex>
  );
}
