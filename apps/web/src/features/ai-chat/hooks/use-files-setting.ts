import { useCallback, useState } from 'react';

const KEY = 'stratos.chat.useFiles';

function read(): boolean {
  try {
    return window.localStorage.getItem(KEY) !== 'false';
  } catch {
    return true;
  }
}

/** The chat settings' "Use my files" (on by default), kept in this browser between visits. */
export function useFilesSetting(): [boolean, (on: boolean) => void] {
  const [on, setOn] = useState(read);
  const set = useCallback((value: boolean) => {
    setOn(value);
    try {
      window.localStorage.setItem(KEY, String(value));
    } catch {
      // Storage refused (private mode): the choice lasts for this page only.
    }
  }, []);
  return [on, set];
}
