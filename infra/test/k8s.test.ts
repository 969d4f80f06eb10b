// The Kubernetes manifests checked without a cluster: each object against its kind's schema
// (kubernetes-models; KEDA's CRD schema for the ScaledObject), then the rules Mnemo's deployment
// relies on, then every app's environment against that app's own env.ts schema.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { QUEUES } from '@mnemo/contracts/jobs';
import { HEALTH_PORTS } from '../docker/healthcheck.mjs';
import { bootEnv, imageEnv, portOf, read, root, serviceApps, type Env } from './support';

type Doc = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; [k: string]: any };
  [k: string]: any;
};

const base = 'infra/k8s/base';
const baseFiles = readdirSync(join(root, base)).filter(
  (f) => f.endsWith('.yaml') && f !== 'kustomization.yaml',
);
const manifests = baseFiles.flatMap((file) =>
  parseAllDocuments(read(`${base}/${file}`))
    .map((d) => d.toJS() as Doc | null)
    .filter((doc): doc is Doc => doc !== null)
    .map((doc) => ({ file, doc })),
);
const docs = manifests.map((m) => m.doc);
const ofKind = (kind: string) => docs.filter((d) => d.kind === kind);
const named = (kind: string, name: string) =>
  docs.find((d) => d.kind === kind && d.metadata.name === name);
const deployments = ofKind('Deployment');
const podLabels = (d: Doc): Record<string, string> => d.spec.template.metadata.labels;
const selects = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([k, v]) => labels[k] === v);

/** The kubernetes-models class for a document's apiVersion and kind. */
async function modelFor(doc: Doc): Promise<new (data: unknown) => { validate(): void }> {
  const [group, version] = doc.apiVersion.includes('/')
    ? doc.apiVersion.split('/')
    : ['', doc.apiVersion];
  const path =
    group === 'keda.sh'
      ? `@kubernetes-models/keda/keda.sh/${version}/${doc.kind}`
      : `kubernetes-models/${group ? `${group}/` : ''}${version}/${doc.kind}`;
  const mod = await import(/* @vite-ignore */ path);
  return mod[doc.kind];
}

/** What the app's container sees: the image's ENV, the ConfigMap and Secret it loads, its own env. */
function deploymentEnv(d: Doc): Env {
  const container = d.spec.template.spec.containers[0];
  const env: Env = { ...imageEnv(d.metadata.name) };
  for (const source of container.envFrom ?? []) {
    if (source.configMapRef) Object.assign(env, named('ConfigMap', source.configMapRef.name)?.data);
    if (source.secretRef) Object.assign(env, named('Secret', source.secretRef.name)?.stringData);
  }
  for (const e of container.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    env[e.name] = ref ? named('Secret', ref.name)?.stringData?.[ref.key] : e.value;
  }
  return env;
}

describe('Kubernetes base', () => {
  it('holds only objects valid against their kind’s schema', async () => {
    const problems: string[] = [];
    for (const { file, doc } of manifests) {
      const Model = await modelFor(doc).catch(() => undefined);
      if (!Model) {
        problems.push(`${file}: no schema for ${doc.apiVersion} ${doc.kind}`);
        continue;
      }
      try {
        new Model(doc).validate();
      } catch (e) {
        problems.push(`${file} ${doc.kind}/${doc.metadata.name}: ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists exactly its manifest files in kustomization.yaml', () => {
    const kustomization = parse(read(`${base}/kustomization.yaml`));
    expect([...kustomization.resources].sort()).toEqual([...baseFiles].sort());
  });

  it('runs every app as a Deployment with probes, requests and limits, and a locked-down non-root container', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(serviceApps);
    for (const d of deployments) {
      const name = d.metadata.name;
      const pod = d.spec.template.spec;
      expect(selects(d.spec.selector.matchLabels, podLabels(d)), name).toBe(true);
      expect(pod.securityContext, name).toMatchObject({
        runAsNonRoot: true,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect(pod.securityContext.runAsUser, name).not.toBe(0);
      expect(pod.automountServiceAccountToken, name).toBe(false);
      expect(pod.containers, name).toHaveLength(1);
      const [c] = pod.containers;
      expect(c.image, name).toMatch(new RegExp(`^mnemo/${name}:`));
      expect(c.livenessProbe?.httpGet, name).toMatchObject({ path: '/healthz', port: 'http' });
      expect(c.readinessProbe?.httpGet, name).toMatchObject({ path: '/readyz', port: 'http' });
      expect(
        c.ports.map((p: any) => p.name),
        name,
      ).toContain('http');
      for (const kind of ['requests', 'limits']) {
        expect(c.resources?.[kind]?.cpu, `${name} ${kind}.cpu`).toBeTruthy();
        expect(c.resources?.[kind]?.memory, `${name} ${kind}.memory`).toBeTruthy();
      }
      expect(c.securityContext, name).toMatchObject({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      // A read-only root needs somewhere to write temporary files.
      expect(
        c.volumeMounts?.map((m: any) => m.mountPath),
        name,
      ).toContain('/tmp');
      // An autoscaler owns the replica count: a Deployment that sets one resets it on every apply.
      expect(d.spec.replicas, name).toBeUndefined();
    }
  });

  it('listens in every pod on the port its probes and Service use, the one the app reads', async () => {
    for (const d of deployments) {
      const name = d.metadata.name;
      const { data } = await bootEnv(name, deploymentEnv(d));
      const http = d.spec.template.spec.containers[0].ports.find((p: any) => p.name === 'http');
      expect(http.containerPort, name).toBe(data[HEALTH_PORTS[name]!.variable]);
    }
  });

  it('selects an existing Deployment’s pods and a named container port from every Service', () => {
    for (const s of ofKind('Service')) {
      const target = deployments.find((d) => selects(s.spec.selector, podLabels(d)));
      expect(target, s.metadata.name).toBeDefined();
      const portNames = target!.spec.template.spec.containers.flatMap((c: any) =>
        c.ports.map((p: any) => p.name),
      );
      for (const port of s.spec.ports)
        expect(portNames, s.metadata.name).toContain(port.targetPort);
    }
    // Every HTTP service has a Service; the worker takes no traffic.
    expect(
      ofKind('Service')
        .map((s) => s.metadata.name)
        .sort(),
    ).toEqual(serviceApps.filter((a) => a !== 'ingest-worker'));
  });

  it('autoscales the gateway and the services on CPU, and keeps a disruption budget for every app', () => {
    const hpas = ofKind('HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual(
      serviceApps.filter((a) => a !== 'ingest-worker'),
    );
    for (const h of hpas) {
      expect(named('Deployment', h.spec.scaleTargetRef.name), h.metadata.name).toBeDefined();
      expect(h.spec.minReplicas, h.metadata.name).toBeGreaterThanOrEqual(2);
      expect(h.spec.metrics, h.metadata.name).toContainEqual(
        expect.objectContaining({
          type: 'Resource',
          resource: expect.objectContaining({ name: 'cpu' }),
        }),
      );
    }
    for (const d of deployments) {
      const pdb = ofKind('PodDisruptionBudget').find((p) =>
        selects(p.spec.selector.matchLabels, podLabels(d)),
      );
      expect(pdb, d.metadata.name).toBeDefined();
    }
  });

  it('scales the ingest worker with KEDA on the BullMQ wait list of every queue', () => {
    const [scaled, ...more] = ofKind('ScaledObject');
    expect(more).toEqual([]);
    expect(scaled!.spec.scaleTargetRef.name).toBe('ingest-worker');
    expect(named('Deployment', 'ingest-worker')).toBeDefined();
    expect(scaled!.spec.minReplicaCount).toBe(1);
    expect(scaled!.spec.maxReplicaCount).toBeGreaterThan(1);
    const worker = deploymentEnv(named('Deployment', 'ingest-worker')!);
    // BullMQ keeps a queue's waiting jobs in the list <prefix>:<queue>:wait.
    const wanted = Object.values(QUEUES).map((q) => `${worker.REDIS_PREFIX}:${q}:wait`);
    expect(scaled!.spec.triggers.map((t: any) => t.metadata.listName).sort()).toEqual(
      wanted.sort(),
    );
    for (const t of scaled!.spec.triggers) {
      expect(t.type).toBe('redis');
      // KEDA reads the address from the target container's environment.
      expect(worker[t.metadata.addressFromEnv], t.metadata.addressFromEnv).toMatch(/^[\w.-]+:\d+$/);
    }
    expect(ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name)).not.toContain(
      'ingest-worker',
    );
  });

  it('migrates with a one-shot, non-root Job from the migrate image', () => {
    const [job] = ofKind('Job');
    const pod = job!.spec.template.spec;
    expect(pod.restartPolicy).toMatch(/^(OnFailure|Never)$/);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
    expect(pod.containers[0].image).toMatch(/^mnemo\/migrate:/);
    expect(pod.containers[0].securityContext.capabilities.drop).toEqual(['ALL']);
    expect(pod.containers[0].env.map((e: any) => e.name)).toContain('DATABASE_URL');
  });

  it('exposes only the gateway, without buffering or cutting Server-Sent Events', () => {
    const [ingress, ...more] = ofKind('Ingress');
    expect(more).toEqual([]);
    const backends = ingress!.spec.rules.flatMap((r: any) =>
      r.http.paths.map((p: any) => p.backend.service),
    );
    const gateway = named('Service', 'gateway')!;
    for (const b of backends) {
      expect(b.name).toBe('gateway');
      expect(gateway.spec.ports.map((p: any) => p.port)).toContain(b.port.number);
    }
    const a = ingress!.metadata.annotations;
    expect(a['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(a['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThanOrEqual(
      3600,
    );
  });

  it('gives every app an environment its own env.ts accepts, with internal URLs at the right Service and port', async () => {
    const problems: string[] = [];
    for (const d of deployments) {
      const env = deploymentEnv(d);
      problems.push(...(await bootEnv(d.metadata.name, env)).problems);
      for (const [key, value] of Object.entries(env)) {
        if (!/^(AUTH|DECK|CHAT|BILLING)_URL$/.test(key)) continue;
        const service = named('Service', new URL(value).hostname);
        expect(service, `${d.metadata.name} ${key}`).toBeDefined();
        expect(
          service!.spec.ports.map((p: any) => p.port),
          `${d.metadata.name} ${key}`,
        ).toContain(portOf(value));
      }
    }
    expect(problems).toEqual([]);
  });

  it('ships an example Secret with placeholders only', () => {
    const [secret] = ofKind('Secret');
    for (const [key, value] of Object.entries<string>(secret!.stringData)) {
      if (/SECRET|PASS|KEY|TOKEN/.test(key)) expect(value, key).toMatch(/CHANGE_ME/);
    }
    expect(new URL(secret!.stringData.DATABASE_URL).password).toBe('CHANGE_ME');
  });
});

describe('Kubernetes overlays', () => {
  /** Whether a JSON pointer names an existing value in doc (or, for "add", an existing parent). */
  const resolves = (doc: unknown, pointer: string, parentOnly: boolean) => {
    const parts = pointer
      .split('/')
      .slice(1)
      .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
    if (parentOnly) parts.pop();
    let node: any = doc;
    for (const part of parts) {
      if (node === null || typeof node !== 'object' || !(part in node)) return false;
      node = node[part];
    }
    return true;
  };

  for (const overlay of ['dev', 'prod']) {
    it(`${overlay}: builds on the base, patches only what exists there, and sets every image`, () => {
      const k = parse(read(`infra/k8s/overlays/${overlay}/kustomization.yaml`));
      expect(k.resources).toEqual(['../../base']);
      for (const { target, patch } of k.patches) {
        const matched = docs.filter(
          (d) =>
            d.kind === target.kind &&
            (!target.name || new RegExp(`^${target.name}$`).test(d.metadata.name)),
        );
        expect(matched.length, JSON.stringify(target)).toBeGreaterThan(0);
        for (const op of parse(patch)) {
          for (const doc of matched) {
            expect(
              resolves(doc, op.path, op.op === 'add'),
              `${overlay} ${doc.kind}/${doc.metadata.name} ${op.op} ${op.path}`,
            ).toBe(true);
          }
        }
      }
      const baseImages = new Set(
        docs.flatMap((d) =>
          (d.spec?.template?.spec?.containers ?? []).map((c: any) => c.image.split(':')[0]),
        ),
      );
      expect(new Set(k.images.map((i: any) => i.name))).toEqual(baseImages);
    });
  }
});
