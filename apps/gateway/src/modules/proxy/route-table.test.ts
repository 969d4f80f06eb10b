import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteContract } from '@mnemo/contracts/routes';
import { ROUTE_TABLE } from './proxy.routes';
import { routePrefixes, serviceFor, staticPrefix } from './route-prefixes';

const call = (method: RouteContract['method'], path: string, service: RouteContract['service']): RouteContract => ({
  method,
  path,
  service,
  auth: 'session',
});

describe('the gateway route table', () => {
  it('forwards every call of the contracts to the service the contracts name', () => {
    for (const r of ROUTES.filter((r) => r.service !== 'gateway')) {
      expect(serviceFor(ROUTE_TABLE, `/api${r.path}`), `${r.method} ${r.path}`).toBe(r.service);
    }
  });

  it('is the table the gateway had written by hand, derived from the contracts', () => {
    expect(Object.fromEntries(ROUTE_TABLE)).toEqual({
      '/api/auth': 'auth',
      '/api/mobile': 'auth',
      '/api/spaces': 'deck',
      '/api/decks': 'deck',
      '/api/questions': 'deck',
      '/api/cards': 'deck',
      '/api/upload': 'deck',
      '/api/youtube': 'deck',
      '/api/ai': 'deck',
      '/api/files': 'deck',
      '/api/review': 'deck',
      '/api/classes': 'deck',
      '/api/chat': 'chat',
      '/api/questions/conversation-prompts': 'chat',
      // Only chat answers a call under /sources (deck's sources live under /decks/:id/sources).
      '/api/sources': 'chat',
      '/api/payment': 'billing',
    });
  });

  it('routes a call added to the contracts with no other step, under a new prefix or a shared one', () => {
    const table = routePrefixes([
      call('GET', '/decks/:id', 'deck'),
      call('GET', '/decks/:id/size', 'deck'),
      call('POST', '/decks/:id/tutor-notes', 'deck'),
      call('GET', '/classes/:id', 'deck'),
      call('POST', '/decks/summaries', 'chat'),
    ]);
    expect(serviceFor(table, '/api/classes/1')).toBe('deck');
    expect(serviceFor(table, '/api/decks/1/size')).toBe('deck');
    expect(serviceFor(table, '/api/decks/summaries')).toBe('chat');
  });

  it('never forwards the calls the gateway answers itself, nor paths outside every prefix', () => {
    const table = routePrefixes([call('GET', '/ai/progress/:sourceId', 'gateway'), call('POST', '/ai/process-source', 'deck')]);
    expect(table).toEqual([['/api/ai', 'deck']]);
    for (const path of ['/api/internal/claim-anonymous', '/api/metrics', '/api/readyz', '/api/healthz/x']) {
      expect(serviceFor(ROUTE_TABLE, path), path).toBeUndefined();
    }
  });

  it('refuses a table it cannot route by prefix, naming the call', () => {
    expect(() => routePrefixes([call('GET', '/decks/:id', 'deck'), call('GET', '/decks/:id/chat', 'deck'), call('GET', '/decks/:id/notes', 'chat')])).toThrow(
      /GET \/decks\/:id\/notes to chat/,
    );
    expect(() =>
      routePrefixes([call('GET', '/decks/a', 'deck'), call('GET', '/decks/b', 'deck'), call('GET', '/decks/chat', 'chat'), call('GET', '/decks/chat/x', 'deck')]),
    ).toThrow(/GET \/decks\/chat\/x to chat, not deck/);
  });

  it('takes the static part of a path before its first parameter', () => {
    expect(staticPrefix('/questions/:id/evaluate')).toBe('/questions');
    expect(staticPrefix('/questions/conversation-prompts')).toBe('/questions/conversation-prompts');
    expect(staticPrefix('/files/*')).toBe('/files');
  });
});
