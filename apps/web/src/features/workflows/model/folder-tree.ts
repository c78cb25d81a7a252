import type { FolderItem } from '@stratos/contracts/files/file.schema';

export interface FolderNode {
  value: string;
  title: string;
  /** The path, shown once chosen ("Processed / Invoices"). */
  label: string;
  children: FolderNode[];
}

/** The flat folder list as a tree (children by name); a folder whose parent is missing sits at the top. */
export function buildFolderTree(folders: readonly FolderItem[]): FolderNode[] {
  const nodes = new Map<string, FolderNode>();
  const byId = new Map(folders.map((f) => [f.id, f]));
  for (const f of folders)
    nodes.set(f.id, { value: f.id, title: f.name, label: pathIn(byId, f.id), children: [] });
  const roots: FolderNode[] = [];
  for (const f of folders) {
    const node = nodes.get(f.id) as FolderNode;
    const parent = f.parentId ? nodes.get(f.parentId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const byName = (a: FolderNode, b: FolderNode) => a.title.localeCompare(b.title);
  const sort = (list: FolderNode[]) => {
    list.sort(byName);
    for (const n of list) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** "Inbox / invoices / 2026" for a folder, "My Files" for the root, "a folder" when unknown. */
export function folderPathName(folders: readonly FolderItem[], id: string | null): string {
  if (id === null) return 'My Files';
  return pathIn(new Map(folders.map((f) => [f.id, f])), id) || 'a folder';
}

function pathIn(byId: ReadonlyMap<string, FolderItem>, id: string): string {
  const parts: string[] = [];
  let at = byId.get(id);
  // Bounded: a cycle in bad data cannot loop forever.
  for (let i = 0; at && i < 64; i++) {
    parts.unshift(at.name);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return parts.join(' / ');
}
