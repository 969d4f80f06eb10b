import type { Route } from '@playwright/test';
import type { RouteKey, RouteResponse } from '@mnemo/contracts/routes';

// What the e2e fakes of the services share: reading a request to /api/..., keeping it for the
// test to inspect, and answering JSON. FakeDeckApi and FakeReviewApi both build on it.

export interface RecordedCall {
  method: string;
  /** The path without /api. */
  path: string;
  query: Record<string, string>;
  body: unknown;
}

/** A request as a fake reads it: the recorded call, the path's parts, and a JSON answer. */
export interface FakeRequest extends RecordedCall {
  parts: string[];
  json: (value: unknown, status?: number) => Promise<void>;
  /**
   * A JSON answer typed by the contracts: `answer('GET /spaces', value)` takes only what the call's
   * answer schema allows, so a fake cannot drift from the service it stands in for. The key must
   * name the call being answered (its method, and its path with any parameter).
   */
  answer: <K extends RouteKey>(key: K, value: RouteResponse<K>, status?: number) => Promise<void>;
}

/** Does the call `key` (Fastify-style, `:param` and a trailing `*`) name this method and path? */
export function callMatches(key: string, method: string, path: string): boolean {
  const [keyMethod, keyPath = ''] = key.split(' ');
  const pattern = keyPath
    .split('/')
    .map((part) =>
      part === '*'
        ? '.+'
        : part.startsWith(':')
          ? '[^/]+'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return keyMethod === method && new RegExp(`^${pattern}$`).test(path);
}

/**
 * Answers a call played with `page.route` the way `FakeRequest.answer` does: the JSON body is typed
 * by the contracts (`answerAs(route, 'POST /auth/login', value)` takes only what the call's answer
 * schema allows), and the key must name the call being answered.
 */
export function answerAs<K extends RouteKey>(
  route: Route,
  key: K,
  value: RouteResponse<K>,
  status = 200,
): Promise<void> {
  const request = route.request();
  const path = new URL(request.url()).pathname.replace(/^\/api/, '');
  if (!callMatches(key, request.method(), path))
    throw new Error(`The fake answered ${request.method()} ${path} as ${key}`);
  return route.fulfill({ status, json: value });
}

export class RecordingFake {
  calls: RecordedCall[] = [];

  /** The calls made so far with this method and path (a string or a pattern). */
  made(method: string, path: string | RegExp): RecordedCall[] {
    return this.calls.filter(
      (c) =>
        c.method === method && (typeof path === 'string' ? c.path === path : path.test(c.path)),
    );
  }

  /** Reads a request to /api/..., records it, and gives what the answer needs. */
  protected record(route: Route): FakeRequest {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.replace(/^\/api/, '');
    const method = request.method();
    let body: unknown = undefined;
    try {
      body = request.postDataJSON();
    } catch {
      body = request.postData();
    }
    const call: RecordedCall = { method, path, query: Object.fromEntries(url.searchParams), body };
    this.calls.push(call);
    return {
      ...call,
      parts: path.split('/').filter(Boolean),
      json: (value: unknown, status = 200) => route.fulfill({ status, json: value }),
      answer: (key, value, status = 200) => answerAs(route, key, value, status),
    };
  }
}
