// The embed code (docs/decisions/0092): the iframe points at the link, and its script takes a height only from the
// platform's origin and its own frame, within bounds.
import { describe, expect, it } from 'vitest';
import { embedSnippet } from './embed-snippet';

describe('the embed snippet', () => {
  it('frames the link and sizes it from messages of the platform and its own frame only', () => {
    const snippet = embedSnippet('https://bq.example.com/start/AbCdEfGhIjKlMnOpQrStUv', 'AbCdEfGhIjKlMnOpQrStUv', 'Risk "profiling" <test>');
    expect(snippet).toContain('<iframe id="bq-start-AbCdEfGhIjKlMnOpQrStUv" src="https://bq.example.com/start/AbCdEfGhIjKlMnOpQrStUv"');
    expect(snippet).toContain('title="Risk &quot;profiling&quot; &lt;test&gt;"');
    expect(snippet).toContain('e.origin!=="https://bq.example.com"');
    expect(snippet).toContain('e.source!==f.contentWindow');
    expect(snippet).toContain('e.data.type!=="bq-start-height"');
    expect(snippet).toMatch(/Math\.max\(320,Math\.min\(20000,/);
  });
});
