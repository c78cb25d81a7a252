import {
  AppstoreOutlined,
  BarsOutlined,
  ReloadOutlined,
  SearchOutlined,
  SortAscendingOutlined,
  SortDescendingOutlined,
  TableOutlined,
  TagsOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { FILE_SORT_FIELDS, type FileSort, type FileTagCount } from '@stratos/contracts/files/file.schema';
import { Button, Flex, Input, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { SORT_LABEL, type SortState, toggleDirection } from '../model/sort';
import { nextViewMode, VIEW_LABEL, type ViewMode } from '../model/view-mode';

const VIEW_ICON: Record<ViewMode, ReactNode> = {
  grid: <AppstoreOutlined />,
  list: <BarsOutlined />,
  details: <TableOutlined />,
};

interface FilesToolbarProps {
  search: string;
  onSearch(value: string): void;
  /** The tag filter (null: all files) and the user's tags to choose from. */
  tag: string | null;
  onTag(value: string | null): void;
  tags: FileTagCount[] | undefined;
  sort: SortState;
  onSort(next: SortState): void;
  viewMode: ViewMode;
  onCycleView(): void;
  refreshing: boolean;
  onRefresh(): void;
  toolsOpen: boolean;
  onToggleTools(): void;
  compact: boolean;
}

/** Search, the tag filter, sort with direction, view switch, refresh and the tools toggle. */
export function FilesToolbar(p: FilesToolbarProps) {
  const next = nextViewMode(p.viewMode);
  const asc = p.sort.direction === 'asc';
  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
      <Input
        allowClear
        value={p.search}
        onChange={(e) => p.onSearch(e.target.value)}
        prefix={<SearchOutlined style={{ opacity: 0.55 }} />}
        placeholder="Search files by name"
        aria-label="Search files"
        size="large"
        style={{ flex: p.compact ? '1 1 100%' : '1 1 260px', maxWidth: p.compact ? undefined : 420 }}
      />
      {((p.tags?.length ?? 0) > 0 || p.tag) && (
        <Select<string>
          allowClear
          showSearch
          value={p.tag ?? undefined}
          onChange={(v) => p.onTag(v ?? null)}
          placeholder="All tags"
          aria-label="Filter by tag"
          size="large"
          suffixIcon={<TagsOutlined />}
          style={{ flex: p.compact ? '1 1 100%' : '0 1 200px', minWidth: 140 }}
          options={(p.tags ?? []).map((t) => ({ value: t.tag, label: `${t.tag} (${t.files})` }))}
        />
      )}
      <div style={{ flex: 1 }} />
      <Flex gap={8} align="center" style={{ flex: p.compact ? '1 1 100%' : undefined }}>
        <Select<FileSort>
          value={p.sort.field}
          onChange={(field) => p.onSort({ ...p.sort, field })}
          aria-label="Sort by"
          size="large"
          style={{ width: p.compact ? undefined : 170, flex: p.compact ? 1 : undefined }}
          options={FILE_SORT_FIELDS.map((f) => ({ value: f, label: `Sort: ${SORT_LABEL[f]}` }))}
          labelRender={({ value }) => `Sort: ${SORT_LABEL[value as FileSort] ?? value}`}
        />
        <Tooltip title={asc ? 'Ascending (click for descending)' : 'Descending (click for ascending)'}>
          <Button
            size="large"
            icon={asc ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            aria-label={asc ? 'Sort ascending' : 'Sort descending'}
            onClick={() => p.onSort(toggleDirection(p.sort))}
          />
        </Tooltip>
        <Tooltip title={`${VIEW_LABEL[p.viewMode]} view (switch to ${VIEW_LABEL[next].toLowerCase()})`}>
          <Button
            size="large"
            icon={VIEW_ICON[p.viewMode]}
            aria-label={`${VIEW_LABEL[p.viewMode]} view, switch to ${VIEW_LABEL[next].toLowerCase()} view`}
            onClick={p.onCycleView}
          />
        </Tooltip>
        <Tooltip title="Refresh">
          <Button
            size="large"
            icon={<ReloadOutlined spin={p.refreshing} />}
            aria-label="Refresh"
            onClick={p.onRefresh}
          />
        </Tooltip>
        <Button
          size="large"
          type={p.toolsOpen ? 'primary' : 'default'}
          ghost={p.toolsOpen}
          icon={<ToolOutlined />}
          aria-label="Tools"
          aria-pressed={p.toolsOpen}
          onClick={p.onToggleTools}
        >
          {p.compact ? null : 'Tools'}
        </Button>
      </Flex>
    </Flex>
  );
}
