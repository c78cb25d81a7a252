import { HomeOutlined } from '@ant-design/icons';
import { Breadcrumb } from 'antd';
import type { MouseEvent } from 'react';

interface FilesBreadcrumbProps {
  trail: { id: string; name: string }[];
  onOpen(folderId: string | null): void;
}

const go = (onOpen: (id: string | null) => void, id: string | null) => (e: MouseEvent) => {
  if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  onOpen(id);
};

/** Home / folder / folder: every part but the last opens that folder. */
export function FilesBreadcrumb({ trail, onOpen }: FilesBreadcrumbProps) {
  const atRoot = trail.length === 0;
  return (
    <Breadcrumb
      style={{ fontSize: 15 }}
      items={[
        {
          title: atRoot ? (
            <span aria-current="page">
              <HomeOutlined /> Home
            </span>
          ) : (
            <a href="/files" onClick={go(onOpen, null)}>
              <HomeOutlined /> Home
            </a>
          ),
        },
        ...trail.map((c, i) =>
          i === trail.length - 1
            ? { title: <span aria-current="page">{c.name}</span> }
            : {
                title: (
                  <a href={`/files?folder=${c.id}`} onClick={go(onOpen, c.id)}>
                    {c.name}
                  </a>
                ),
              },
        ),
      ]}
    />
  );
}
