// One question per screen on small screens (issue 27): below 480 px wide the questionnaire shows one question at a
// time, unless the inviting account turned it off (its setting arrives with the questionnaire; absent = on).
import { useSyncExternalStore } from 'react';
import type { QuestionnairePage } from './questionnaire-model';

export const SMALL_SCREEN_QUERY = '(max-width: 479.98px)';

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(SMALL_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const isSmallScreen = () =>
  typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN_QUERY).matches;

export function useOneQuestionPerScreen(accountAllows: boolean | undefined): boolean {
  const small = useSyncExternalStore(subscribe, isSmallScreen);
  return accountAllows !== false && small;
}

/** Each question its own step, keeping its page's title. */
export function oneQuestionSteps(pages: QuestionnairePage[]): QuestionnairePage[] {
  return pages.flatMap((page) =>
    page.items.map((item) => ({ key: `${page.key}/${item.key}`, titleKey: page.titleKey, items: [item] })),
  );
}
