import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ChatMarkdown, safeUrl } from './chat-markdown';

const render = (markdown: string) =>
  renderToStaticMarkup(createElement(ChatMarkdown, { children: markdown }));

describe('ChatMarkdown', () => {
  it('shows neither a javascript: link nor a <script>', () => {
    const html = render(
      'Click [here](javascript:alert(1)) now.\n\n<script>alert("x")</script>\n\n<b onclick="x()">bold</b>',
    );
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onclick/i);
    expect(html).not.toMatch(/<a /);
    expect(html).toContain('here');
  });

  it('opens allowed links in a new tab without an opener', () => {
    const html = render('See [the docs](https://example.com/a) or [mail](mailto:a@example.com).');
    expect(html).toContain(
      '<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">the docs</a>',
    );
    expect(html).toContain('href="mailto:a@example.com"');
  });

  it('renders bold terms and comparison tables', () => {
    const html = render('**Mitosis** vs meiosis\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<strong>Mitosis</strong>');
    expect(html).toContain('<table>');
  });
});

describe('safeUrl', () => {
  it('keeps http, https, irc, ircs, mailto and xmpp, and drops the rest', () => {
    for (const url of [
      'http://a.b',
      'HTTPS://a.b',
      'irc://irc.example.net/x',
      'ircs://irc.example.net/x',
      'mailto:a@b.c',
      'xmpp:a@b.c',
    ]) {
      expect(safeUrl(url)).toBe(url);
    }
    for (const url of [
      'javascript:alert(1)',
      ' JavaScript:x',
      'data:text/html,x',
      'vbscript:x',
      '/relative',
      '#top',
      'file:///etc/passwd',
    ]) {
      expect(safeUrl(url)).toBeNull();
    }
  });
});
