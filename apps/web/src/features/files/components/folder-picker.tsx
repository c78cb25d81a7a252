import { FolderOutlined, HomeOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Empty, Skeleton, theme } from 'antd';
import type { CSSProperties } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { FileIcon } from '../../../lib/file-icon';
import { fetchFilePage, filesKey } from '../api/list-files';

interface FolderPickerProps {
  /** The folder being browsed (null: Home). */
  value: string | null;
  onChange(folderId: string | null): void;
  /** Folders that may not be entered or chosen (a folder cannot move into itself). */
  disabledIds: ReadonlySet<string>;
}

const linkStyle: CSSProperties = { padding: 0, height: 'auto', gap: 4 };

/** Browse folders one level at a time; the folder on screen is the choice. */
export function FolderPicker({ value, onChange, disabledIds }: FolderPickerProps) {
  const { token } = theme.useToken();
  const level = useQuery({
    queryKey: [...filesKey, 'folders', value],
    queryFn: ({ signal }) =>
      fetchFilePage(
        { folderId: value, search: '', sort: 'name', direction: 'asc', limit: 1, offset: 0 },
        signal,
      ),
  });
  const crumbs = level.data?.breadcrumb ?? [];
  return (
    <div>
      <Breadcrumb
        style={{ marginBottom: 12 }}
        items={[
          {
            title: (
              <Button type="link" size="small" style={linkStyle} onClick={() => onChange(null)}>
                <HomeOutlined /> Home
              </Button>
            ),
          },
          ...crumbs.map((c, i) => ({
            title:
              i === crumbs.length - 1 ? (
                c.name
              ) : (
                <Button type="link" size="small" style={linkStyle} onClick={() => onChange(c.id)}>
                  {c.name}
                </Button>
              ),
          })),
        ]}
      />
      <div
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadiusLG,
          height: 260,
          overflowY: 'auto',
        }}
      >
        {level.isPending ? (
          <div style={{ padding: 16 }}>
            <Skeleton active title={false} paragraph={{ rows: 4 }} />
          </div>
        ) : level.isError ? (
          <Alert type="error" showIcon title={errorMessage(level.error)} style={{ margin: 12 }} />
        ) : level.data.folders.length === 0 ? (
          <Empty
            image={<FolderOutlined style={{ fontSize: 36, color: token.colorTextQuaternary }} />}
            styles={{ image: { height: 40 } }}
            description="No folders here"
            style={{ marginTop: 64 }}
          />
        ) : (
          <ul style={{ listStyle: 'none', margin: 0, padding: 4 }}>
            {level.data.folders.map((f) => {
              const disabled = disabledIds.has(f.id);
              return (
                <li key={f.id}>
                  <button
                    type="button"
                    disabled={disabled}
                    onClick={() => onChange(f.id)}
                    style={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 12,
                      width: '100%',
                      padding: '8px 10px',
                      border: 0,
                      borderRadius: token.borderRadius,
                      background: 'transparent',
                      color: disabled ? token.colorTextDisabled : token.colorText,
                      font: 'inherit',
                      textAlign: 'left',
                      cursor: disabled ? 'not-allowed' : 'pointer',
                    }}
                    onMouseEnter={(e) => {
                      if (!disabled) e.currentTarget.style.background = token.colorFillTertiary;
                    }}
                    onMouseLeave={(e) => {
                      e.currentTarget.style.background = 'transparent';
                    }}
                  >
                    <FileIcon folder size={28} />
                    <span style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {f.name}
                    </span>
                    {!disabled && <RightOutlined style={{ fontSize: 11, color: token.colorTextTertiary }} />}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
