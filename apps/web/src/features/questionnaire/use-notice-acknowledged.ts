// Whether the participant acknowledged the notice before the questionnaire in this browser tab: kept in
// sessionStorage per instance token, so a reload does not ask again while a new visit shows it once more.
import { useCallback, useState } from 'react';

const keyOf = (token: string) => `bq.assessmentNotice.${token}`;

function stored(token: string): boolean {
  try {
    return window.sessionStorage.getItem(keyOf(token)) === '1';
  } catch {
    // Storage blocked (private mode, policy): the notice is simply shown again.
    return false;
  }
}

export function useNoticeAcknowledged(token: string): [boolean, () => void] {
  const [acknowledged, setAcknowledged] = useState(() => stored(token));
  const acknowledge = useCallback(() => {
    try {
      window.sessionStorage.setItem(keyOf(token), '1');
    } catch {
      // See above: acknowledged for this page only.
    }
    setAcknowledged(true);
  }, [token]);
  return [acknowledged, acknowledge];
}
