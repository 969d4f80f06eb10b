// The Kubernetes manifests checked without a cluster: each object against its kind's schema
// (kubernetes-models; KEDA's CRD schema for the ScaledObject), then the rules Mnemo's deployment
// relies on, then every app's environment against that app's own env.ts schema.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { QUEUES } from '@mnemo/contracts/jobs';
import { HEALTH_PORTS } from '../docker/healthcheck.mjs';
import { kustomizeBuild } from './kustomize';
import { bootEnv, imageEnv, parseEnvFile, portOf, read, root, serviceApps, type Env } from './support';

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

/**
 * The container port where an app answers /metrics and /readyz: the gateway's `internal` port
 * (its http port is public), every other app's `http` port.
 */
function opsPortName(d: Doc): string {
  const ports: { name: string }[] = d.spec.template.spec.containers[0].ports;
  return ports.some((p) => p.name === 'internal') ? 'internal' : 'http';
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
      expect(c.readinessProbe?.httpGet, name).toMatchObject({ path: '/readyz', port: opsPortName(d) });
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

  it('serves the gateway’s /metrics and /readyz on an internal port the app listens on, which no Service exposes', async () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const { data } = await bootEnv('gateway', deploymentEnv(gateway));
    const internal = gateway.spec.template.spec.containers[0].ports.find((p: any) => p.name === 'internal');
    expect(internal.containerPort).toBe(data.INTERNAL_PORT);
    expect(internal.containerPort).not.toBe(data.PORT);
    // Reachable from the kubelet and Prometheus, so not on loopback inside the pod.
    expect(data.INTERNAL_HOST).toBe('0.0.0.0');
    for (const s of ofKind('Service')) for (const port of s.spec.ports) expect(port.targetPort, s.metadata.name).not.toBe('internal');
    // The services answer them on their http port, which only the cluster reaches.
    for (const d of deployments) if (d !== gateway) expect(opsPortName(d), d.metadata.name).toBe('http');
  });

  it('asks Prometheus to scrape /metrics on the port where each pod answers it', () => {
    for (const d of deployments) {
      const ops = d.spec.template.spec.containers[0].ports.find((p: any) => p.name === opsPortName(d));
      expect(d.spec.template.metadata.annotations, d.metadata.name).toEqual({
        'prometheus.io/scrape': 'true',
        'prometheus.io/port': String(ops.containerPort),
        'prometheus.io/path': '/metrics',
      });
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

  it('scales the ingest worker with KEDA on the BullMQ wait and active lists of every queue, to zero when idle', () => {
    const [scaled, ...more] = ofKind('ScaledObject');
    expect(more).toEqual([]);
    expect(scaled!.spec.scaleTargetRef.name).toBe('ingest-worker');
    expect(named('Deployment', 'ingest-worker')).toBeDefined();
    expect(scaled!.spec.minReplicaCount).toBe(0);
    expect(scaled!.spec.maxReplicaCount).toBe(10);
    // Delayed jobs (retry backoff 15 then 30 s, a generation's 5 s wait for its sources) are not in
    // any list KEDA reads: a worker must still be up when they come due.
    expect(scaled!.spec.cooldownPeriod).toBeGreaterThanOrEqual(60);
    const worker = deploymentEnv(named('Deployment', 'ingest-worker')!);
    // BullMQ keeps a queue's waiting jobs in the list <prefix>:<queue>:wait, and those being run in
    // <prefix>:<queue>:active.
    const wanted = Object.values(QUEUES).flatMap((q) =>
      ['wait', 'active'].map((list) => `${worker.REDIS_PREFIX}:${q}:${list}`),
    );
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

  it('has the gateway believe the ingress controller’s X-Forwarded-For (pod addresses), not only loopback', async () => {
    const gateway = deployments.find((d) => d.metadata.name === 'gateway')!;
    const { data } = await bootEnv('gateway', deploymentEnv(gateway));
    expect(data.TRUST_PROXY).toBe('uniquelocal');
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

describe('Kubernetes overlays, rendered', () => {
  for (const overlay of ['dev', 'prod']) {
    it(`${overlay}: renders (kustomize build) to objects valid against their kind’s schema`, async () => {
      const rendered = kustomizeBuild(`infra/k8s/overlays/${overlay}`);
      const k = parse(read(`infra/k8s/overlays/${overlay}/kustomization.yaml`));
      expect(rendered.length).toBe(docs.length);
      const problems: string[] = [];
      for (const doc of rendered) {
        const Model = await modelFor(doc).catch(() => undefined);
        if (!Model) problems.push(`no schema for ${doc.apiVersion} ${doc.kind}`);
        else {
          try {
            new Model(doc).validate();
          } catch (e) {
            problems.push(`${doc.kind}/${doc.metadata.name}: ${(e as Error).message}`);
          }
        }
        if (doc.kind === 'Namespace') expect(doc.metadata.name).toBe(k.namespace);
        else expect(doc.metadata.namespace, `${doc.kind}/${doc.metadata.name}`).toBe(k.namespace);
        for (const c of doc.spec?.template?.spec?.containers ?? []) {
          const image = k.images.find((i: any) => c.image.startsWith(`${i.newName ?? i.name}:`));
          expect(c.image, `${doc.kind}/${doc.metadata.name}`).toBe(`${image.newName ?? image.name}:${image.newTag}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }

  it('applies each overlay’s patches (replicas, resources, KEDA maximum)', () => {
    const find = (docs: Doc[], kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name)!;
    const dev = kustomizeBuild('infra/k8s/overlays/dev');
    const prod = kustomizeBuild('infra/k8s/overlays/prod');
    expect(find(dev, 'HorizontalPodAutoscaler', 'gateway').spec.maxReplicas).toBe(2);
    expect(find(prod, 'HorizontalPodAutoscaler', 'gateway').spec.minReplicas).toBe(3);
    expect(find(dev, 'ScaledObject', 'ingest-worker').spec.maxReplicaCount).toBe(2);
    expect(find(prod, 'ScaledObject', 'ingest-worker').spec.maxReplicaCount).toBe(20);
    expect(find(prod, 'Ingress', 'mnemo').spec.tls[0].secretName).toBe('mnemo-tls');
    // The base is not changed by rendering an overlay.
    expect(named('HorizontalPodAutoscaler', 'gateway')!.spec.maxReplicas).not.toBe(2);
  });
});

describe('Kubernetes network policies', () => {
  const policies = ofKind('NetworkPolicy');
  const policyFor = (app: string) =>
    policies.find((p) => Object.keys(p.spec.podSelector.matchLabels ?? {}).length > 0 && selects(p.spec.podSelector.matchLabels, { 'app.kubernetes.io/name': app }));
  const peers = (p: Doc) => p.spec.ingress.flatMap((rule: any) => rule.from);
  const podPeers = (p: Doc) =>
    peers(p)
      .filter((f: any) => f.podSelector)
      .map((f: any) => f.podSelector.matchLabels['app.kubernetes.io/name'])
      .sort();
  const namespacePeers = (p: Doc) =>
    peers(p)
      .filter((f: any) => f.namespaceSelector)
      .map((f: any) => f.namespaceSelector.matchLabels['kubernetes.io/metadata.name'])
      .sort();

  it('denies every ingress by default', () => {
    const deny = policies.find((p) => Object.keys(p.spec.podSelector).length === 0);
    expect(deny?.spec.policyTypes).toEqual(['Ingress']);
    expect(deny?.spec.ingress ?? []).toEqual([]);
  });

  it('lets the ingress controller reach only the gateway’s http port, and Prometheus scrape every app where it serves /metrics', () => {
    for (const d of deployments) {
      const policy = policyFor(d.metadata.name);
      expect(policy, d.metadata.name).toBeDefined();
      expect(namespacePeers(policy!)).toEqual(
        d.metadata.name === 'gateway' ? ['ingress-nginx', 'monitoring'] : ['monitoring'],
      );
      for (const rule of policy!.spec.ingress) {
        const fromMonitoring = rule.from.some((f: any) => f.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] === 'monitoring');
        const fromIngress = rule.from.some((f: any) => f.namespaceSelector?.matchLabels['kubernetes.io/metadata.name'] === 'ingress-nginx');
        if (fromIngress) expect(rule.ports, d.metadata.name).toEqual([{ port: 'http', protocol: 'TCP' }]);
        if (fromMonitoring) expect(rule.ports, d.metadata.name).toEqual([{ port: opsPortName(d), protocol: 'TCP' }]);
        if (!fromMonitoring && !fromIngress) expect(rule.ports, d.metadata.name).toEqual([{ port: 'http', protocol: 'TCP' }]);
      }
    }
  });

  it('lets a service be reached by the gateway and exactly the apps configured to call it', () => {
    const callers = new Map<string, Set<string>>();
    for (const d of deployments) {
      for (const [key, value] of Object.entries(deploymentEnv(d))) {
        if (!/^(AUTH|DECK|CHAT|BILLING)_URL$/.test(key)) continue;
        const target = new URL(value).hostname;
        callers.set(target, (callers.get(target) ?? new Set()).add(d.metadata.name));
      }
    }
    for (const d of deployments) {
      const app = d.metadata.name;
      if (app === 'gateway') {
        expect(podPeers(policyFor(app)!)).toEqual([]);
        continue;
      }
      const expected = [...(callers.get(app) ?? [])].sort();
      if (app !== 'ingest-worker') expect(expected).toContain('gateway');
      expect(podPeers(policyFor(app)!), app).toEqual(expected);
    }
  });
});

describe('Kubernetes configuration', () => {
  /**
   * Variables of .env.example that are deliberately not in the ConfigMap or the Secret, and why.
   * Anything else the example lists must reach the pods.
   */
  const EXCEPTIONS: Record<string, string> = {
    MNEMO_DATA_DIR: 'local storage of `npm start`; the cluster uses S3',
    FILES_DIR: 'local file storage of `npm start`; the cluster uses S3',
    FILES_PUBLIC_URL: 'only for local file storage',
    S3_ENDPOINT: 'only for S3-compatible stores other than AWS (MinIO in compose)',
    S3_FORCE_PATH_STYLE: 'only for S3-compatible stores other than AWS (MinIO in compose)',
    STARTUP_TIMEOUT_SECONDS: 'read by the `npm start` launcher, not by the apps',
    TABLE_STATISTICS_INTERVAL_MS: 'set by `npm start` for its embedded database; a Postgres server’s autovacuum does it (0)',
    WEB_DIST_DIR: 'set by the gateway image (Dockerfile ENV)',
    MAIL_OUTBOX_DIR: 'development mail outbox; production sends over SMTP',
    SOURCE_FETCH_ALLOWLIST: 'tests only: lets the worker fetch private addresses',
    STRIPE_API_BASE: 'tests and the demo only: a Stripe stand-in',
    GOOGLE_JWKS_URL: 'tests only: Google’s keys at their default address',
    YOUTUBE_API_BASE_URL: 'tests only: the YouTube API at its default address',
    YOUTUBE_WATCH_URL: 'tests and demos only: YouTube’s watch page at its default address',
    YOUTUBE_PLAYER_URL: 'tests and demos only: YouTube’s player at its default address',
    OPENAI_BASE_URL: 'only for OpenAI-compatible providers other than OpenAI',
    ANTHROPIC_BASE_URL: 'only with the Anthropic provider, behind a proxy',
    ANTHROPIC_API_KEY: 'only with AI_PROVIDER=anthropic: add it to mnemo-secrets then',
    AI_MODELS: 'optional per-purpose model routing; defaults to OPENAI_MODEL',
    CHAT_STREAM_MODELS: 'optional: the chat service falls back to its default stream model',
    GOOGLE_CLIENT_ID: 'optional: Google sign-in is off without it (set it in the ConfigMap to enable)',
    YOUTUBE_API_KEY: 'optional secret: YouTube metadata falls back without it (add to mnemo-secrets)',
    VITE_AFFILIATE_PORTAL_URL: 'build time of the web app, not a runtime variable',
  };

  it('gives the pods every variable of .env.example, or documents why not', () => {
    const example = Object.keys(parseEnvFile(read('.env.example')));
    const commented = [...read('.env.example').matchAll(/^#\s?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    const provided = new Set<string>();
    for (const d of deployments) for (const key of Object.keys(deploymentEnv(d))) provided.add(key);
    const missing = [...new Set([...example, ...commented])].filter((key) => !provided.has(key) && !(key in EXCEPTIONS));
    expect(missing).toEqual([]);
    // An exception for something the pods do get is stale.
    expect(Object.keys(EXCEPTIONS).filter((key) => provided.has(key))).toEqual([]);
  });
});
