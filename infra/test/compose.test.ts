// docker-compose.yml checked without a Docker engine: against the Compose Specification's JSON
// schema, then for what Mnemo needs from it, then every app's environment against that app's own
// env.ts schema.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { HEALTH_PORTS } from '../docker/healthcheck.mjs';
import {
  bootEnv,
  imageEnv,
  interpolate,
  parseEnvFile,
  read,
  root,
  serviceApps,
  type Env,
} from './support';

const require = createRequire(import.meta.url);

/**
 * The Compose Specification's schema (compose-spec/compose-spec, schema/compose-spec.json), as the
 * dclint package ships it. It declares draft-07 under the https address, which Ajv knows by the
 * http one: register the draft-07 meta-schema under that name too, so the schema is itself checked.
 */
function composeValidator(): ValidateFunction {
  const dclint = dirname(require.resolve('dclint/package.json'));
  const schema = JSON.parse(readFileSync(join(dclint, 'schemas', 'compose.schema.json'), 'utf8'));
  const draft07 = require('ajv/dist/refs/json-schema-draft-07.json');
  const ajv = new Ajv({ allErrors: true, strict: false });
  ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' });
  expect(schema.title).toBe('Compose Specification');
  return ajv.compile(schema);
}

const compose = parse(read('docker-compose.yml'), { merge: true });
const services: Record<string, any> = compose.services;
const appNames = serviceApps;

/** What a container of this service sees: the image's ENV, then env_file, then environment. */
function containerEnv(name: string): Env {
  const service = services[name];
  const env: Env = { ...imageEnv(service.build?.args?.APP ?? name) };
  for (const entry of service.env_file ?? []) {
    const path = interpolate(typeof entry === 'string' ? entry : entry.path);
    Object.assign(env, parseEnvFile(readFileSync(join(root, path), 'utf8')));
  }
  for (const [key, value] of Object.entries(service.environment ?? {}))
    env[key] = interpolate(String(value));
  return env;
}

describe('docker-compose.yml', () => {
  it('is valid against the Compose Specification schema', () => {
    const validate = composeValidator();
    const ok = validate(compose);
    const errors = (validate.errors ?? []).map(
      (e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
    );
    expect(errors).toEqual([]);
    expect(ok).toBe(true);
  });

  it('would fail that schema with a misspelt key or an unknown dependency condition', () => {
    const validate = composeValidator();
    expect(validate({ services: { web: { image: 'x', restart_policy: 'always' } } })).toBe(false);
    expect(
      validate({
        services: { web: { image: 'x', depends_on: { db: { condition: 'service_ready' } } } },
      }),
    ).toBe(false);
    expect(
      validate({
        services: { web: { image: 'x', depends_on: { db: { condition: 'service_healthy' } } } },
      }),
    ).toBe(true);
  });

  it('runs Postgres with pgvector and Redis with AOF and noeviction, both with healthchecks and volumes', () => {
    expect(services.postgres.image).toBe('pgvector/pgvector:pg16');
    expect(services.redis.command.join(' ')).toMatch(
      /--appendonly yes.*--maxmemory-policy noeviction/,
    );
    for (const name of ['postgres', 'redis', 'minio']) {
      expect(services[name].healthcheck?.test, name).toBeDefined();
      const [volume] = services[name].volumes[0].split(':');
      expect(compose.volumes, name).toHaveProperty(volume);
    }
  });

  it('creates the S3 bucket in MinIO once and catches mail in Mailpit', () => {
    const bucket = services['minio-bucket'];
    expect(bucket.depends_on.minio.condition).toBe('service_healthy');
    expect(bucket.restart).toBe('no');
    const env = containerEnv('deck');
    expect(bucket.command.join(' ')).toContain(`local/${env.S3_BUCKET}`);
    expect(new URL(env.S3_ENDPOINT!).hostname).toBe('minio');
    expect(services.mailpit.image).toMatch(/^axllent\/mailpit/);
    expect(services.mailpit.ports).toContainEqual(expect.stringMatching(/:8025$/));
    expect([env.SMTP_HOST, env.SMTP_PORT]).toEqual(['mailpit', '1025']);
  });

  it('builds every app and the migration job from the one Dockerfile with the matching APP', () => {
    for (const name of [...appNames, 'migrate']) {
      expect(services[name]?.build, name).toMatchObject({
        context: '.',
        dockerfile: 'infra/docker/Dockerfile',
        args: { APP: name },
      });
    }
    expect(services.migrate.restart).toBe('no');
  });

  it('starts apps only after the database is migrated and what they need is healthy', () => {
    const healthy = (name: string) =>
      Boolean(services[name].healthcheck) ||
      services[name].build?.dockerfile === 'infra/docker/Dockerfile';
    for (const name of appNames) {
      const deps = services[name].depends_on;
      expect(deps.migrate.condition, name).toBe('service_completed_successfully');
      expect(deps.postgres.condition, name).toBe('service_healthy');
      expect(deps.redis.condition, name).toBe('service_healthy');
    }
    expect(services.migrate.depends_on.postgres.condition).toBe('service_healthy');
    expect(Object.keys(services.gateway.depends_on)).toEqual(
      expect.arrayContaining(['auth', 'deck', 'chat', 'billing']),
    );
    // A service_healthy condition waits forever on a service without a healthcheck.
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, { condition }] of Object.entries<{ condition: string }>(
        service.depends_on ?? {},
      )) {
        expect(services[dep], `${name} → ${dep}`).toBeDefined();
        if (condition === 'service_healthy')
          expect(healthy(dep), `${name} waits on ${dep}`).toBe(true);
      }
    }
  });

  it('publishes only the gateway to the world, and locks every app container down', () => {
    expect(services.gateway.ports).toEqual(['3000:3000']);
    for (const name of appNames) {
      const s = services[name];
      if (name !== 'gateway') expect(s.ports, name).toBeUndefined();
      expect(s.read_only, name).toBe(true);
      expect(s.cap_drop, name).toEqual(['ALL']);
      expect(s.security_opt, name).toContain('no-new-privileges:true');
      expect(s.tmpfs, name).toContain('/tmp');
    }
    // Other published ports (database, mail UI, MinIO console) are for this machine only.
    for (const [name, s] of Object.entries(services)) {
      if (name === 'gateway') continue;
      for (const port of s.ports ?? []) expect(String(port), name).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('gives every app an environment its own env.ts accepts, with one shared pair of secrets', async () => {
    const problems: string[] = [];
    const secrets = new Set<string>();
    for (const name of appNames) {
      const env = containerEnv(name);
      problems.push(...(await bootEnv(name, env)).problems);
      secrets.add(`${env.INTERNAL_SECRET}|${env.JWT_SECRET}`);
      expect(env.HOST, name).toBe('0.0.0.0');
    }
    expect(problems).toEqual([]);
    expect(secrets.size).toBe(1);
    // The gateway's /metrics and /readyz listener: on the compose network, never published.
    const { data: gateway } = await bootEnv('gateway', containerEnv('gateway'));
    expect(gateway.INTERNAL_HOST).toBe('0.0.0.0');
    expect(services.gateway.ports.join(' ')).not.toContain(String(gateway.INTERNAL_PORT));
    expect(containerEnv('migrate').DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  it('points every internal URL at the compose service listening on that port', async () => {
    const listening = new Map<string, number>();
    for (const name of appNames) {
      const { data } = await bootEnv(name, containerEnv(name));
      listening.set(name, Number(data[HEALTH_PORTS[name]!.variable]));
    }
    for (const name of appNames) {
      for (const [key, value] of Object.entries(containerEnv(name))) {
        if (!/^(AUTH|DECK|CHAT|BILLING)_URL$/.test(key)) continue;
        const url = new URL(value);
        expect(url.hostname, `${name} ${key}`).toBe(key.slice(0, -4).toLowerCase());
        expect(Number(url.port), `${name} ${key}`).toBe(listening.get(url.hostname));
      }
    }
  });
});
