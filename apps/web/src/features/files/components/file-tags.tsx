import { Tag, Tooltip } from 'antd';

interface Props {
  tags: readonly string[] | undefined;
  /** Tags shown before "+n" (the rest are in its tooltip). */
  max?: number;
}

const tagStyle = { margin: 0, fontSize: 12, lineHeight: '18px', paddingInline: 6 } as const;

/** A file's tags (set by workflows and the AI assistant) as antd Tags; nothing when it has none. */
export function FileTags({ tags, max = 2 }: Props) {
  if (!tags || tags.length === 0) return null;
  const shown = tags.slice(0, max);
  const rest = tags.slice(max);
  return (
    <ul
      aria-label={`Tags: ${tags.join(', ')}`}
      style={{
        display: 'inline-flex',
        gap: 4,
        flex: 'none',
        alignItems: 'center',
        minWidth: 0,
        listStyle: 'none',
        margin: 0,
        padding: 0,
      }}
    >
      {shown.map((t) => (
        <li key={t} style={{ display: 'flex' }}>
          <Tag
            color="blue"
            style={{ ...tagStyle, maxWidth: 110, overflow: 'hidden', textOverflow: 'ellipsis' }}
          >
            {t}
          </Tag>
        </li>
      ))}
      {rest.length > 0 && (
        <li style={{ display: 'flex' }}>
          <Tooltip title={rest.join(', ')}>
            <Tag style={tagStyle}>+{rest.length}</Tag>
          </Tooltip>
        </li>
      )}
    </ul>
  );
}
