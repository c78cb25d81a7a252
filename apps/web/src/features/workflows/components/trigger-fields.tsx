import type { FolderItem } from '@stratos/contracts/files/file.schema';
import {
  FILE_TYPE_FILTERS,
  SCHEDULE_MAX_MINUTES,
  SCHEDULE_MIN_MINUTES,
  type WorkflowTrigger,
} from '@stratos/contracts/workflows/workflow-steps.schema';
import { Flex, Form, InputNumber, Segmented, Select } from 'antd';
import { FILE_TYPE_LABELS } from '../model/workflow-view';
import { FolderSelect } from './folder-select';

const TYPES = [
  { value: 'manual', label: 'Manual' },
  { value: 'schedule', label: 'Schedule' },
  { value: 'upload', label: 'Upload' },
] as const;

/** The trigger: by hand, every N minutes, or when a file of a type is uploaded to a folder. */
export function TriggerFields({
  value,
  onChange,
  folders,
}: {
  value: WorkflowTrigger;
  onChange: (t: WorkflowTrigger) => void;
  folders: FolderItem[];
}) {
  const setType = (type: WorkflowTrigger['type']) => {
    if (type === 'manual') onChange({ type });
    else if (type === 'schedule') onChange({ type, everyMinutes: 60, folderId: null, fileType: 'any' });
    else onChange({ type, folderId: null, fileType: 'any' });
  };
  return (
    <Flex vertical gap={12}>
      <Segmented
        aria-label="Trigger"
        value={value.type}
        onChange={(v) => setType(v as WorkflowTrigger['type'])}
        options={[...TYPES]}
        block
      />
      {value.type !== 'manual' && (
        <Flex gap={12} wrap>
          {value.type === 'schedule' && (
            <Form.Item label="Every (minutes)" htmlFor="wf-every" style={{ margin: 0, flex: '1 1 140px' }}>
              <InputNumber
                id="wf-every"
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
            htmlFor="wf-trigger-folder"
            style={{ margin: 0, flex: '1 1 180px' }}
          >
            <FolderSelect
              id="wf-trigger-folder"
              ariaLabel="Trigger folder"
              value={value.folderId}
              onChange={(folderId) => onChange({ ...value, folderId })}
              folders={folders}
            />
          </Form.Item>
          <Form.Item label="File type" htmlFor="wf-file-type" style={{ margin: 0, flex: '1 1 140px' }}>
            <Select
              id="wf-file-type"
              aria-label="File type"
              value={value.fileType}
              onChange={(fileType) => onChange({ ...value, fileType })}
              options={FILE_TYPE_FILTERS.map((f) => ({ value: f, label: FILE_TYPE_LABELS[f] }))}
            />
          </Form.Item>
        </Flex>
      )}
    </Flex>
  );
}
