// The paths the participant entry renders (the server sends participant.html for them, the dev server too).
export const PARTICIPANT_PATH = /^\/q\/([^/]+)\/?$/;

export function participantPage(pathname: string): { instanceToken: string } | null {
  const match = PARTICIPANT_PATH.exec(pathname);
  return match ? { instanceToken: decodeURIComponent(match[1]!) } : null;
}
