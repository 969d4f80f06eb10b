import type { FastifyRequest } from 'fastify';
import { registerBodySchema, resetPasswordBodySchema } from '@mnemo/contracts/api/auth';
import { contractSchema, publicUrlOf, spanTraceCarrier, type RoutesPlugin } from '@mnemo/service-kit';
import { newPasswordSchema, type AccountsService, type RequestContext } from './accounts.service';

const ctx = (request: FastifyRequest): RequestContext => ({
  identity: request.identity,
  // The gateway forwards the browser's address; services are reached only through it.
  ip: String(request.headers['x-forwarded-for'] ?? request.ip).split(',')[0]!.trim(),
  userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  trace: spanTraceCarrier(request.span),
});

/**
 * Every /auth call of spec 01 §7 plus logout and the Google configuration. Each route's request and
 * answer schemas come from the contracts' route table, the ones the web client is typed with.
 */
export const accountsRoutes: RoutesPlugin<{
  service: AccountsService;
  googleClientId: string | null;
  /** PUBLIC_URL, when configured: the mailed reset link opens there rather than where the request came. */
  publicUrl: string | undefined;
}> = async (app, { service, googleClientId, publicUrl }) => {
  app.get('/auth/config', { schema: contractSchema('GET /auth/config') }, async () => ({ googleClientId }));

  // A new password also passes the service's common-password check (passwords.ts).
  const register = { ...contractSchema('POST /auth/register'), body: registerBodySchema.extend({ password: newPasswordSchema }) };
  const resetPassword = { ...contractSchema('POST /auth/reset-password'), body: resetPasswordBodySchema.extend({ password: newPasswordSchema }) };

  app.post('/auth/register', { schema: register }, async (request, reply) => {
    reply.status(201);
    return service.register(request.body);
  });

  app.post('/auth/verify-email', { schema: contractSchema('POST /auth/verify-email') }, async (request) =>
    service.verifyEmail(request.body, ctx(request)),
  );

  app.post('/auth/resend-verification', { schema: contractSchema('POST /auth/resend-verification') }, async (request) =>
    service.resendVerification(request.body),
  );

  app.post('/auth/login', { schema: contractSchema('POST /auth/login') }, async (request) =>
    service.login(request.body, ctx(request)),
  );

  app.post('/auth/google', { schema: contractSchema('POST /auth/google') }, async (request) =>
    service.google(request.body, ctx(request)),
  );

  app.get('/auth/me', { schema: contractSchema('GET /auth/me') }, async (request) => service.me(request.identity));

  app.post('/auth/logout', { schema: contractSchema('POST /auth/logout') }, async (request) =>
    service.logout(request.identity),
  );

  app.post('/auth/request-password-reset', { schema: contractSchema('POST /auth/request-password-reset') }, async (request) =>
    service.requestPasswordReset(request.body, publicUrlOf(request, publicUrl)),
  );

  app.get('/auth/validate-reset-token/:token', { schema: contractSchema('GET /auth/validate-reset-token/:token') }, async (request) =>
    service.validateResetToken(request.params.token),
  );

  app.post('/auth/reset-password', { schema: resetPassword }, async (request) =>
    service.resetPassword(request.body, ctx(request)),
  );
};
