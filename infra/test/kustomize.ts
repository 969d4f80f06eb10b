import { posix } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { read } from './support';

/**
 * `kustomize build` for what Mnemo's kustomizations use, because no kustomize runs from npm
 * offline: resources (files and one base directory), the namespace transformer (which also renames
 * a Namespace object), JSON 6902 patches on targets by kind and name (a regular expression, as in
 * kustomize), and the images transformer. Anything else in a kustomization fails the build here, so
 * a new feature cannot be silently ignored by the tests.
 */
export type Doc = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; [k: string]: any };
  [k: string]: any;
};

const SUPPORTED = new Set(['apiVersion', 'kind', 'namespace', 'resources', 'patches', 'images']);
/** Cluster-scoped kinds among Mnemo's manifests: the namespace transformer leaves their namespace. */
const CLUSTER_SCOPED = new Set(['Namespace']);

const unescape = (p: string) => p.replace(/~1/g, '/').replace(/~0/g, '~');

function applyOp(doc: any, op: { op: string; path: string; value?: unknown }) {
  const parts = op.path.split('/').slice(1).map(unescape);
  const last = parts.pop()!;
  let node = doc;
  for (const part of parts) {
    if (node === null || typeof node !== 'object' || !(part in node)) {
      throw new Error(`patch path ${op.path} does not exist in ${doc.kind}/${doc.metadata.name}`);
    }
    node = node[part];
  }
  const value = structuredClone(op.value);
  if (Array.isArray(node) && op.op === 'add') {
    if (last === '-') node.push(value);
    else node.splice(Number(last), 0, value);
    return;
  }
  if ((op.op === 'replace' || op.op === 'remove') && !(last in node)) {
    throw new Error(`patch path ${op.path} does not exist in ${doc.kind}/${doc.metadata.name}`);
  }
  if (op.op === 'remove') {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else if (op.op === 'add' || op.op === 'replace') node[last] = value;
  else throw new Error(`unsupported patch op ${op.op}`);
}

/** The documents `kustomize build <dir>` would print, for a directory under the repository root. */
export function kustomizeBuild(dir: string): Doc[] {
  const k = parse(read(`${dir}/kustomization.yaml`));
  const unknown = Object.keys(k).filter((key) => !SUPPORTED.has(key));
  if (unknown.length) throw new Error(`${dir}: unsupported kustomization fields ${unknown.join(', ')}`);

  const docs: Doc[] = (k.resources ?? []).flatMap((resource: string) =>
    resource.endsWith('.yaml')
      ? parseAllDocuments(read(`${dir}/${resource}`))
          .map((d) => d.toJS() as Doc | null)
          .filter((d): d is Doc => d !== null)
      : kustomizeBuild(posix.normalize(`${dir}/${resource}`)),
  );

  if (k.namespace) {
    for (const doc of docs) {
      if (doc.kind === 'Namespace') doc.metadata.name = k.namespace;
      else if (!CLUSTER_SCOPED.has(doc.kind)) doc.metadata.namespace = k.namespace;
    }
  }
  for (const { target, patch } of k.patches ?? []) {
    const matched = docs.filter(
      (d) => d.kind === target.kind && (!target.name || new RegExp(`^${target.name}$`).test(d.metadata.name)),
    );
    if (matched.length === 0) throw new Error(`${dir}: patch target ${JSON.stringify(target)} matches nothing`);
    for (const doc of matched) for (const op of parse(patch)) applyOp(doc, op);
  }
  for (const image of k.images ?? []) {
    for (const doc of docs) {
      const pod = doc.spec?.template?.spec ?? doc.spec?.jobTemplate?.spec?.template?.spec;
      for (const c of [...(pod?.containers ?? []), ...(pod?.initContainers ?? [])]) {
        const [name, tag] = String(c.image).split(':');
        if (name !== image.name) continue;
        c.image = `${image.newName ?? name}:${image.newTag ?? tag}`;
      }
    }
  }
  return docs;
}
