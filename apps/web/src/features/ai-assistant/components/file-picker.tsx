import { FileTextOutlined, SearchOutlined } from '@ant-design/icons';
import type { WorkspaceFile } from '@stratos/contracts/ai/assistant.schema';
import { Button, Card, Checkbox, Empty, Flex, Input, Skeleton, Tag, theme } from 'antd';
import { LinkButton } from '../../../lib/link-button';

interface Props {
  files: WorkspaceFile[] | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
  search: string;
  onSearch: (s: string) => void;
  selected: string[];
  onToggle: (id: string) => void;
  onClear: () => void;
}

/** The user's files to act on: a search, and a checkbox per file with its folder and tags. */
export function FilePicker({
  files,
  loading,
  error,
  onRetry,
  search,
  onSearch,
  selected,
  onToggle,
  onClear,
}: Props) {
  const { token } = theme.useToken();
  let list: React.ReactNode;
  if (error && !files)
    list = (
      <Flex vertical gap={8} align="flex-start">
        <span style={{ color: token.colorError }}>{error}</span>
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      </Flex>
    );
  else if (!files || loading) list = <Skeleton active title={false} paragraph={{ rows: 4 }} />;
  else if (files.length === 0)
    list = search ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`No file name contains “${search}”`} />
    ) : (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="You have no files yet">
        <LinkButton to="/files" type="primary">
          Upload files
        </LinkButton>
      </Empty>
    );
  else
    list = (
      <ul
        aria-label="Your files"
        style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 2 }}
      >
        {files.map((f) => {
          const checked = selected.includes(f.id);
          return (
            <li key={f.id}>
              <Checkbox
                checked={checked}
                onChange={() => onToggle(f.id)}
                styles={{ icon: { alignSelf: 'flex-start', marginTop: 3 } }}
                style={{
                  width: '100%',
                  alignItems: 'flex-start',
                  padding: '8px 10px',
                  borderRadius: 8,
                  background: checked ? token.colorPrimaryBg : undefined,
                }}
              >
                <span style={{ display: 'grid', gap: 2, minWidth: 0 }}>
                  <span style={{ fontWeight: 500, wordBreak: 'break-word', color: token.colorText }}>
                    <FileTextOutlined
                      aria-hidden
                      style={{ marginRight: 6, color: token.colorTextTertiary }}
                    />
                    {f.name}
                  </span>
                  <span style={{ fontSize: 12, color: token.colorTextSecondary, wordBreak: 'break-word' }}>
                    {f.path}
                  </span>
                  {f.tags.length > 0 && (
                    <span>
                      {f.tags.map((t) => (
                        <Tag key={t} style={{ marginTop: 2, fontSize: 11 }}>
                          {t}
                        </Tag>
                      ))}
                    </span>
                  )}
                </span>
              </Checkbox>
            </li>
          );
        })}
      </ul>
    );
  return (
    <Card
      title="Your files"
      extra={
        selected.length > 0 ? (
          <Button type="link" size="small" onClick={onClear} style={{ padding: 0 }}>
            Clear ({selected.length})
          </Button>
        ) : null
      }
      styles={{ body: { display: 'grid', gap: 12 } }}
    >
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder="Search file names"
        aria-label="Search file names"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <div style={{ maxHeight: 420, overflowY: 'auto' }}>{list}</div>
    </Card>
  );
}
