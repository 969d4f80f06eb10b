import { posix } from 'node:path';
import { XMLParser } from 'fast-xml-parser';

/**
 * Small helpers for the XML inside zip-based documents (.pptx, .epub): paragraphs in document order
 * and the relationship targets that link one part to the next.
 */

type OrderedNode = Record<string, unknown>;

const ordered = new XMLParser({
  preserveOrder: true,
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
});

const children = (node: OrderedNode, tag: string): OrderedNode[] =>
  Array.isArray(node[tag]) ? (node[tag] as OrderedNode[]) : [];
const tagOf = (node: OrderedNode) => Object.keys(node).find((k) => k !== ':@') ?? '';

/**
 * The text of every DrawingML paragraph (`<a:p>`) in a part, in document order: the runs' `<a:t>`
 * joined, a line break as a newline. Fields (`<a:fld>`: slide numbers, dates) are left out: they are
 * the template's, not the author's words.
 */
export function drawingParagraphs(xml: string): string[] {
  const out: string[] = [];
  const textOf = (nodes: OrderedNode[], inRun: boolean): string =>
    nodes
      .map((node) => {
        const tag = tagOf(node);
        if (tag === '#text') return inRun ? String(node['#text']) : '';
        if (tag === 'fld') return '';
        if (tag === 'br') return '\n';
        return textOf(children(node, tag), inRun || tag === 't');
      })
      .join('');
  const walk = (nodes: OrderedNode[]) => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'p') out.push(textOf(children(node, tag), false));
      else if (tag !== '#text') walk(children(node, tag));
    }
  };
  walk(ordered.parse(xml) as OrderedNode[]);
  return out.map((p) => p.trim()).filter(Boolean);
}

export type Relationship = { id: string; type: string; target: string };

const attrs = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Relationship',
});

/** An OPC `.rels` part's relationships; targets resolved against `baseDir` to zip entry names. */
export function relationships(xml: string, baseDir: string): Relationship[] {
  const parsed = attrs.parse(xml) as {
    Relationships?: { Relationship?: { Id?: string; Type?: string; Target?: string; TargetMode?: string }[] };
  };
  return (parsed.Relationships?.Relationship ?? [])
    .filter((r) => r.Id && r.Target && r.TargetMode !== 'External')
    .map((r) => ({ id: r.Id!, type: r.Type ?? '', target: resolvePart(baseDir, r.Target!) }));
}

/**
 * A part reference resolved to a zip entry name: relative to `baseDir`, or from the root when it
 * starts with "/". `staysInside` tells whether the result climbs out of the archive.
 */
export function resolvePart(baseDir: string, ref: string): string {
  const raw = ref.split('#')[0] ?? '';
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {
    // A stray "%" is a literal character in the name.
  }
  const joined = path.startsWith('/') ? path.slice(1) : posix.join(baseDir, path);
  return posix.normalize(joined);
}

/** Whether a resolved part name stays inside the archive. */
export const staysInside = (name: string) =>
  name !== '..' && !name.startsWith('../') && !name.startsWith('/') && !/^[a-zA-Z]:/.test(name);
