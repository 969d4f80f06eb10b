import type { ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Spec 02 §5: the only link protocols an answer may use; other links are removed. */
export const SAFE_PROTOCOLS = ['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp'] as const;

/**
 * The URL if its protocol is one of SAFE_PROTOCOLS, else null. Relative and protocol-less links are
 * refused too: an AI answer has no page of ours to point into, and a colon hidden by entities or
 * whitespace must not slip a `javascript:` through.
 */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(trimmed);
  if (!match?.[1]) return null;
  const protocol = match[1].toLowerCase();
  return (SAFE_PROTOCOLS as readonly string[]).includes(protocol) ? trimmed : null;
}

const components: Components = {
  // A link whose URL was refused loses its href: show its text, not a dead anchor.
  a: ({ href, children }) =>
    href ? (
      <a href={href} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    ) : (
      <span>{children}</span>
    ),
  img: ({ src, alt }) => (src ? <img src={src} alt={alt ?? ''} loading="lazy" /> : null),
  table: ({ children }) => (
    <div className="chat-md-table">
      <table>{children}</table>
    </div>
  ),
};

/**
 * An answer's Markdown as React elements. Raw HTML is never rendered (skipHtml, and no rehype-raw),
 * so a `<script>` in an answer shows nothing; GFM adds the tables the tutor uses for comparisons.
 */
export function ChatMarkdown({ children }: { children: string }): ReactNode {
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      urlTransform={(url) => safeUrl(url)}
      components={components}
    >
      {children}
    </Markdown>
  );
}
