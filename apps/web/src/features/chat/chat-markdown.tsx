import { useMemo, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { CITE_HREF } from '../../lib/citations';

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

// A link whose URL was refused loses its href: show its text, not a dead anchor.
const SafeLink = ({ href, children }: { href?: string | undefined; children?: ReactNode }) =>
  href ? (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <span>{children}</span>
  );

const components: Components = {
  a: SafeLink,
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
 * With `cite`, the citation links `linkCitations` wrote (`#cite-n`, never a URL the answer chose)
 * are rendered by it, as links to the cited passage.
 */
export function ChatMarkdown({
  children,
  cite,
}: {
  children: string;
  cite?: ((n: number) => ReactNode) | undefined;
}): ReactNode {
  const withCitations = useMemo<Components>(
    () =>
      cite
        ? {
            ...components,
            a: (props) => {
              const n = CITE_HREF.exec(props.href ?? '')?.[1];
              return n !== undefined ? cite(Number(n)) : <SafeLink {...props} />;
            },
          }
        : components,
    [cite],
  );
  return (
    <Markdown
      remarkPlugins={[remarkGfm]}
      skipHtml
      urlTransform={(url) => (cite && CITE_HREF.test(url) ? url : safeUrl(url))}
      components={withCitations}
    >
      {children}
    </Markdown>
  );
}
