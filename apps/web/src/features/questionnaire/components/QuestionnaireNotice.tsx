// A full-width message in place of the questionnaire: thank you, expired, closed, not found, load failure.
// Its heading takes the focus when the notice replaces the questionnaire the participant was working in.
import { useEffect, useRef, type ReactNode } from 'react';

interface QuestionnaireNoticeProps {
  /** A character standing for the notice (decorative). */
  mark: string;
  title: ReactNode;
  children: ReactNode;
  testId: string;
  focusHeading?: boolean;
}

export function QuestionnaireNotice({
  mark,
  title,
  children,
  testId,
  focusHeading,
}: QuestionnaireNoticeProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusHeading) headingRef.current?.focus();
  }, [focusHeading]);
  return (
    <section className="p-card p-stack p-notice" data-testid={testId}>
      <div className="p-notice-mark" aria-hidden="true">
        {mark}
      </div>
      <h1 ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <div className="p-stack-sm">{children}</div>
    </section>
  );
}
