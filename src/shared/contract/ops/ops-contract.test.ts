/**
 * The operator side's registry (docs/ops.md): every group found and composed once, ids equal to their keys, every
 * call under /api/ops with the operator's auth and the roles that may make it (the sign-in steps and the renewal cookie's refresh and logout alone take none).
 */
import { describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type EndpointDef } from '../core';
import { endpointList } from '../index';
import { ERROR_CODES } from '../errors';
import { OPS_ERROR_CODES, opsEndpointList, opsEndpoints } from './index';

const list = opsEndpointList as ReadonlyArray<EndpointDef>;
const SIGN_IN_STEPS = ['ops.auth.sendCode', 'ops.auth.verifyCode', 'ops.auth.secondFactor', 'ops.auth.refresh', 'ops.auth.logout'];

describe('operator endpoint registry', () => {
  it('finds every endpoint the ops files define and registers each once, through its group', () => {
    const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts', '!./index.ts'], { eager: true });
    const isEndpoint = (value: unknown): value is EndpointDef =>
      typeof value === 'object' && value !== null && 'id' in value && 'method' in value && 'path' in value && 'response' in value;
    const found = new Set<EndpointDef>();
    for (const [file, exports] of Object.entries(modules)) {
      const defined = Object.values(exports).filter(isEndpoint);
      const groups = Object.entries(exports).filter(([name, value]) => /^ops[A-Z][A-Za-z]*Endpoints$/.test(name) && typeof value === 'object');
      if (defined.length > 0) expect(groups.map(([name]) => name), `${file} exports one ops<Domain>Endpoints group`).toHaveLength(1);
      for (const [, group] of groups) expect(new Set(Object.values(group as object)), file).toEqual(new Set(defined));
      for (const endpoint of defined) found.add(endpoint);
    }
    expect(new Set(list), 'ops/index.ts composes every group').toEqual(found);
  });

  it('has unique ids equal to their keys, none shared with the Mini App, every path under /api/ops', () => {
    for (const [k, e] of Object.entries(opsEndpoints)) expect(e.id).toBe(k);
    const ids = list.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const appKeys = new Set((endpointList as ReadonlyArray<EndpointDef>).map((e) => `${e.method} ${e.path}`));
    for (const e of list) {
      expect(e.id, e.id).toMatch(/^ops\./);
      expect(e.path, e.id).toMatch(/^\/api\/ops\//);
      expect(e.tag, e.id).toBe('ops');
      expect(appKeys.has(`${e.method} ${e.path}`), e.id).toBe(false);
    }
    for (const e of endpointList as ReadonlyArray<EndpointDef>) expect(e.path.startsWith('/api/ops/'), e.id).toBe(false);
  });

  it('declares the roles of every operator call, and only the sign-in and renewal-cookie steps go without an operator token', () => {
    for (const e of list) {
      if (SIGN_IN_STEPS.includes(e.id)) {
        expect(e.auth, e.id).toBe('none');
        expect(e.roles, e.id).toBeUndefined();
        continue;
      }
      expect(e.auth, e.id).toBe('operator');
      expect(e.roles?.length, e.id).toBeGreaterThan(0);
      for (const role of e.roles!) expect(OPERATOR_ROLES, e.id).toContain(role);
    }
    for (const id of SIGN_IN_STEPS) expect(ids(), id).toContain(id);
    for (const e of endpointList as ReadonlyArray<EndpointDef>) {
      expect(e.auth, e.id).not.toBe('operator');
      expect(e.roles, e.id).toBeUndefined();
    }
  });

  it('has error codes of its own that mean one thing (a code both sides use keeps one status)', () => {
    for (const [code, info] of Object.entries(OPS_ERROR_CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(info.status >= 400 && info.status < 600, code).toBe(true);
      const app = (ERROR_CODES as Record<string, { status: number }>)[code];
      if (app) expect(app.status, code).toBe(info.status);
    }
  });
});

const ids = () => list.map((e) => e.id);
