import { FolderOutlined, SendOutlined, TagsOutlined } from '@ant-design/icons';
import type { AssistantActionKind, WorkspaceFolder } from '@stratos/contracts/ai/assistant.schema';
import { Button, Flex, Segmented, Select } from 'antd';
import { useState } from 'react';

interface Props {
  selectedCount: number;
  folders: WorkspaceFolder[];
  busy: boolean;
  onPropose: (v: { kind: AssistantActionKind; tags?: string[]; folderId?: string | null }) => void;
}

const ROOT = '__root__';

/** Build an action on the picked files by hand: summarise, tag or move. It is proposed, not run. */
export function QuickAction({ selectedCount, folders, busy, onPropose }: Props) {
  const [kind, setKind] = useState<AssistantActionKind>('summarize');
  const [tags, setTags] = useState<string[]>([]);
  const [folder, setFolder] = useState<string>(ROOT);
  const ready = selectedCount > 0 && (kind !== 'tag' || tags.length > 0);
  return (
    <Flex vertical gap={10}>
      <Segmented<AssistantActionKind>
        aria-label="Action"
        block
        value={kind}
        onChange={setKind}
        options={[
          { value: 'summarize', label: 'Summarise' },
          { value: 'tag', label: 'Tag' },
          { value: 'move', label: 'Move' },
        ]}
      />
      {kind === 'tag' && (
        <Select
          mode="tags"
          aria-label="Tags"
          placeholder="Type tags, Enter after each"
          value={tags}
          onChange={(v: string[]) => setTags(v.map((t) => t.trim().toLowerCase()).filter(Boolean))}
          suffixIcon={<TagsOutlined />}
          tokenSeparators={[',']}
          open={false}
        />
      )}
      {kind === 'move' && (
        <Select
          aria-label="Move to folder"
          value={folder}
          onChange={setFolder}
          suffixIcon={<FolderOutlined />}
          showSearch={{ optionFilterProp: 'label' }}
          options={[
            { value: ROOT, label: '/My Files' },
            ...folders.map((f) => ({ value: f.id, label: f.path })),
          ]}
        />
      )}
      <Button
        icon={<SendOutlined />}
        disabled={!ready}
        loading={busy}
        onClick={() =>
          onPropose({
            kind,
            tags: kind === 'tag' ? tags : undefined,
            folderId: kind === 'move' ? (folder === ROOT ? null : folder) : undefined,
          })
        }
      >
        {selectedCount === 0
          ? 'Pick files first'
          : `Propose for ${selectedCount === 1 ? '1 file' : `${selectedCount} files`}`}
      </Button>
    </Flex>
  );
}
