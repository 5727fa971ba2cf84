// After a submit attempt: the required questions still unanswered, each a button that opens its page.
import { useTexts } from '../../../participant/texts';

export interface MissingAnswer {
  itemKey: string;
  page: number;
  question: string;
}

export function MissingAnswers({
  missing,
  onOpen,
}: {
  missing: MissingAnswer[];
  onOpen: (itemKey: string) => void;
}) {
  const { t } = useTexts();
  return (
    <div className="p-alert" data-testid="questionnaire-missing">
      <p className="p-alert-title">{t('questionnaire.missing.title')}</p>
      <p>{t('questionnaire.missing.text')}</p>
      <ul>
        {missing.map((entry) => (
          <li key={entry.itemKey}>
            <button
              type="button"
              className="p-link-button"
              onClick={() => onOpen(entry.itemKey)}
              data-testid={`questionnaire-missing-${entry.itemKey}`}
            >
              {t('questionnaire.missing.item', { page: entry.page, question: entry.question })}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
