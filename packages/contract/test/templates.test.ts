import { describe, expect, it } from 'vitest';
import { escapeHtml, fillTemplate } from '../src/settings';

describe('message templates (docs/templates.md)', () => {
  it('fills the known placeholders and leaves unknown ones as typed', () => {
    expect(fillTemplate('{venueName}: {receiptUrl} {x}', { venueName: 'Sandbar', receiptUrl: 'u' })).toBe(
      'Sandbar: u {x}',
    );
  });

  it('escapes values placed into an HTML template, not the template itself', () => {
    expect(fillTemplate('<p>{customerName}</p>', { customerName: `O'Neil & <b>` }, escapeHtml)).toBe(
      '<p>O&#39;Neil &amp; &lt;b&gt;</p>',
    );
  });
});
