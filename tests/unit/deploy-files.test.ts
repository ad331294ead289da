/**
 * The deployment files agree with the server and with what the tests prove (issue #33, docs/deploy.md): the image runs
 * a Node version `npm run test:node-matrix` proves, as a non-root user, production dependencies only, with a
 * healthcheck; compose runs the migrate step before two apps behind the proxy with TRUST_PROXY; the Kubernetes probes
 * use the server's endpoints and its stop fits in the grace period (the alert rules: tests/server/metrics.test.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { NODE_MATRIX } from '../../scripts/node-matrix';
import { STOP_TIMEOUT_MS } from '../../server/server';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));

  it('builds in one stage and runs from a runtime stage on a Node version the matrix proves', () => {
    const major = /^ARG NODE_VERSION=(\d+)$/m.exec(dockerfile)?.[1];
    expect(NODE_MATRIX).toContain(major);
    expect(dockerfile).toMatch(/FROM node:\$\{NODE_VERSION\}-[a-z-]+ AS build/);
    expect(dockerfile).toMatch(/FROM node:\$\{NODE_VERSION\}-[a-z-]+ AS runtime/);
    expect(dockerfile).toContain('RUN npm run build');
  });

  it('the runtime stage: production dependencies only, the built output, non-root, a healthcheck on /api/health, the compiled server', () => {
    expect(runtime).toMatch(/npm ci --omit=dev/);
    expect(runtime).toContain('COPY --from=build /app/dist ./dist');
    expect(runtime).toContain('COPY --from=build /app/dist-server ./dist-server');
    expect(runtime).not.toMatch(/^COPY \. /m);
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/CMD \["node", "--enable-source-maps", "dist-server\/main\.js"\]/);
  });
});

describe('compose', () => {
  const compose = parse(read('deploy/compose/compose.yaml'), { merge: true }) as { services: Record<string, any> };
  const apps = Object.entries(compose.services).filter(([name]) => /^app-\d+$/.test(name));

  it('PostgreSQL, a one-shot migrate after it is healthy, two apps after the migrate completed, a proxy in front', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:/);
    expect(compose.services.migrate.command).toEqual(['node', '--enable-source-maps', 'dist-server/migrate.js']);
    expect(compose.services.migrate.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(apps).toHaveLength(2);
    for (const [, app] of apps) {
      expect(app.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
      expect(app.environment).toMatchObject({ MIGRATE_ON_START: 'off', TRUST_PROXY: '1' });
      expect(app.ports).toBeUndefined(); // reachable only through the proxy, so TRUST_PROXY=1 cannot be spoofed
      expect(app.build.target).toBe('runtime');
    }
    expect(compose.services.proxy.depends_on).toEqual(apps.map(([name]) => name));
  });

  it('the proxy sends to both apps and checks their readiness', () => {
    const caddyfile = read('deploy/compose/Caddyfile');
    for (const [name] of apps) expect(caddyfile).toContain(`${name}:3000`);
    expect(caddyfile).toMatch(/health_uri \/api\/ready/);
  });

  it('.env.example names every variable production requires', () => {
    const example = read('deploy/compose/.env.example');
    for (const name of ['PUBLIC_ORIGIN', 'JWT_SECRET', 'METRICS_TOKEN', 'TELEGRAM_BOT_TOKEN', 'SMTP_URL', 'SBP_WEBHOOK_SECRET', 'BOT_ADAPTER', 'BOT_WEBHOOK_SECRET', 'RATES_PROVIDER', 'CARD_ISSUER_ADAPTER', 'SBP_ACQUIRER_ADAPTER', 'TRONGRID_API_KEY', 'USDT_DEPOSIT_ADDRESS']) {
      expect(example, name).toMatch(new RegExp(`^${name}=`, 'm'));
    }
  });
});

describe('Kubernetes', () => {
  const dir = join(root, 'deploy/kubernetes');
  const docs = readdirSync(dir)
    .filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml')
    .flatMap((file) => parseAllDocuments(readFileSync(join(dir, file), 'utf8')).map((doc) => doc.toJS() as any));
  const byKind = (kind: string) => docs.find((doc) => doc.kind === kind);

  it('the kustomization lists every manifest', () => {
    const listed = (parse(read('deploy/kubernetes/kustomization.yaml')) as { resources: string[] }).resources.sort();
    expect(listed).toEqual(readdirSync(dir).filter((file) => file.endsWith('.yaml') && file !== 'kustomization.yaml').sort());
  });

  it('probes on /api/health (liveness) and /api/ready (readiness), a preStop pause, a grace period above the pause and the server\'s own stop', () => {
    const pod = byKind('Deployment').spec.template.spec;
    const container = pod.containers[0];
    expect(container.livenessProbe.httpGet.path).toBe('/api/health');
    expect(container.readinessProbe.httpGet.path).toBe('/api/ready');
    const pause = Number(container.lifecycle.preStop.exec.command.at(-1));
    expect(pause).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(pause + STOP_TIMEOUT_MS / 1000);
    expect(pod.securityContext.runAsNonRoot).toBe(true);
  });

  it('a migrate Job runs the compiled migrate step; the apps do not migrate at start', () => {
    const job = byKind('Job');
    expect(job.spec.template.spec.containers[0].command).toEqual(['node', '--enable-source-maps', 'dist-server/migrate.js']);
    expect(byKind('ConfigMap').data).toMatchObject({ MIGRATE_ON_START: 'off', NODE_ENV: 'production' });
    expect(byKind('ConfigMap').data.TRUST_PROXY).toBeDefined();
  });
});
