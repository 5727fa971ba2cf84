// Labels of a document (report, certificate) come with its content (text type REPORT, in the content's locale), so
// the HTML view and the PDF word everything alike. A missing text shows its key, as in the PDF: a visible gap,
// never a blank.
export type DocumentTexts = Readonly<Record<string, string>>;

export function documentText(
  texts: DocumentTexts,
  key: string,
  values: Readonly<Record<string, string | number>> = {},
): string {
  const text = texts[key];
  if (!text) return key;
  return text.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
