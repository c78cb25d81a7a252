import { FileTextOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { fileAnalysisLink } from '../model/dashboard-view';

/**
 * The name of the file an insight came from, linking to its analysis on the Files page. The name
 * goes along as navigation state: the file may sit in a folder the Files page does not list.
 */
export function FileLink({ fileId, fileName }: { fileId: string; fileName: string }) {
  return (
    <Link
      to={fileAnalysisLink(fileId)}
      state={{ fileName }}
      style={{ fontSize: 13, wordBreak: 'break-word' }}
    >
      <FileTextOutlined aria-hidden /> {fileName}
    </Link>
  );
}
