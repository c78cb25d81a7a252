import type { FileItem, FolderItem } from '@stratos/contracts/files/file.schema';
import type { BrowserItem } from '../model/browser-item';

/** What the browser's rows, cards and menus can ask the page to do. */
export interface ItemActions {
  openFolder(folder: FolderItem): void;
  download(file: FileItem): void;
  share(file: FileItem): void;
  /** Opens the file's AI analysis (the Files page sets it; menus without it hide the entry). */
  analyse?(file: FileItem): void;
  rename(item: BrowserItem): void;
  move(item: BrowserItem): void;
  remove(item: BrowserItem): void;
  /** Ticks or unticks one item; `range` extends from the last ticked item (shift-click). */
  toggleSelect(key: string, range?: boolean): void;
}
