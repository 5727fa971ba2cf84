// Placeholder while the questionnaire (and the client's language) loads: grey boxes in the page's shape, so the
// questionnaire does not shift the layout when it arrives.
export function QuestionnaireSkeleton() {
  const box = (height: number, width = '100%') => <div className="p-skeleton" style={{ height, width }} />;
  return (
    <div className="p-stack" role="status" aria-busy="true" data-testid="questionnaire-loading">
      <div className="p-card p-stack-sm">
        {box(14, '30%')}
        {box(28, '60%')}
        {box(12)}
        {box(12, '85%')}
        {box(10)}
      </div>
      {box(26, '45%')}
      {box(150)}
      {box(150)}
    </div>
  );
}
