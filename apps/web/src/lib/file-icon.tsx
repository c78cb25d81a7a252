import {
  CodeOutlined,
  CustomerServiceOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileOutlined,
  FilePdfOutlined,
  FilePptOutlined,
  FileTextOutlined,
  FileWordOutlined,
  FileZipOutlined,
  FolderFilled,
  VideoCameraOutlined,
} from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import { type FileIconKind, fileIconKind } from './file-kind';

/** One hue per kind, readable on light and dark backgrounds (the tile tints it). */
export const KIND_COLOR: Record<FileIconKind | 'folder', string> = {
  folder: '#f5a623',
  image: '#13a8a8',
  video: '#eb2f96',
  audio: '#722ed1',
  pdf: '#e5484d',
  word: '#2f6fdf',
  sheet: '#2f9e44',
  slides: '#f0782c',
  text: '#7a8699',
  archive: '#a86b32',
  code: '#6b5fd3',
  other: '#8c95a3',
};

const ICONS: Record<FileIconKind, ReactNode> = {
  image: <FileImageOutlined />,
  video: <VideoCameraOutlined />,
  audio: <CustomerServiceOutlined />,
  pdf: <FilePdfOutlined />,
  word: <FileWordOutlined />,
  sheet: <FileExcelOutlined />,
  slides: <FilePptOutlined />,
  text: <FileTextOutlined />,
  archive: <FileZipOutlined />,
  code: <CodeOutlined />,
  other: <FileOutlined />,
};

interface FileIconProps {
  /** A file's MIME type and name, or `folder`. */
  mime?: string;
  name?: string;
  folder?: boolean;
  /** Edge of the tinted tile, px. */
  size?: number;
  style?: CSSProperties;
}

/** A file-type glyph on a soft tile of its colour (a folder is a filled amber folder). */
export function FileIcon({ mime = '', name = '', folder = false, size = 36, style }: FileIconProps) {
  const kind = folder ? 'folder' : fileIconKind(mime, name);
  const color = KIND_COLOR[kind];
  return (
    <span
      aria-hidden
      style={{
        flexShrink: 0,
        width: size,
        height: size,
        borderRadius: Math.round(size / 4),
        display: 'inline-grid',
        placeItems: 'center',
        fontSize: Math.round(size * 0.5),
        color,
        background: `color-mix(in srgb, ${color} 14%, transparent)`,
        ...style,
      }}
    >
      {kind === 'folder' ? <FolderFilled /> : ICONS[kind]}
    </span>
  );
}
