import { describe, expect, it } from 'vitest';
import { absoluteLinks, escapeHtml, fillTemplate } from '../src/settings';

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

  it('makes root-relative image and link addresses absolute for e-mail, and leaves others alone', () => {
    const html = `<img src="/api/uploads/a.png"><a href='/receipt/x'>r</a><img src="https://cdn.test/b.png"><a href="//x.test/">p</a>`;
    expect(absoluteLinks(html, 'https://beach.test/')).toBe(
      `<img src="https://beach.test/api/uploads/a.png"><a href='https://beach.test/receipt/x'>r</a><img src="https://cdn.test/b.png"><a href="//x.test/">p</a>`,
    );
    expect(absoluteLinks(html, undefined)).toBe(html);
  });
});
